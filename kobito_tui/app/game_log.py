"""The log in words, as one seat may read it: one line (or None) per event."""

from __future__ import annotations

from typing import Any

from kobito_tui.core.game import Event, Game, Header
from kobito_tui.i18n.messages import english


class GameLog:
    """Log lines for ``seat``, kept in step with a growing (or undone) event list."""

    def __init__(self, game: Game, header: Header, seat: int):
        self.game, self.header, self.seat = game, header, seat
        self.lines: list[str | None] = []
        self._state: Any = game.new_state(header)

    def sync(self, events: list[Event]) -> list[str]:
        """Describe the events not yet described; returns the new lines.

        After an undo, call :meth:`rewind` first."""
        new: list[str] = []
        for event in events[len(self.lines) :]:
            line = english(m, [s.name for s in self.header.seats]) if (m := self.game.describe(self._state, event, self.seat)) else None
            self.game.apply(self._state, event)
            self.lines.append(line)
            if line:
                new.append(line)
        return new

    def rewound(self, events: list[Event]) -> bool:
        """Whether ``events`` is shorter than what was described (an undo)."""
        return len(events) < len(self.lines)

    def rewind(self, events: list[Event], state: Any) -> list[str]:
        """Forget the lines of events taken back; ``state`` is the state after
        ``events`` (the live one, copied).  Returns the forgotten lines."""
        taken_back = [line for line in self.lines[len(events) :] if line]
        del self.lines[len(events) :]
        self._state = self.game.copy_state(state)
        return taken_back

    def text_lines(self) -> list[str]:
        return [line for line in self.lines if line]
