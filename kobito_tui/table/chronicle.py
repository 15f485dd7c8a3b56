"""The history and the log as each perspective knows them, in step with the record.

Every event is redacted and described (a message, see ``core.message``) once
per perspective that anybody watches, from the state just before it, so a
client never needs the state of the game to read its log.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import msgspec

from kobito_tui.core.game import Event, Game, Header
from kobito_tui.table.messages import LogEntry
from kobito_tui.table.perspective import Perspective


@dataclass
class Stream:
    """One perspective's redacted events and log entries (None: no line), one per event."""

    history: list[Event] = field(default_factory=list)
    entries: list[LogEntry | None] = field(default_factory=list)

    def add(self, game: Game, state: Any, event: Event, perspective: Perspective) -> None:
        seat = perspective.engine_seat
        redacted = copy(game.redact(event, seat))  # never the record's own dict
        self.history.append(redacted)
        self.entries.append(game.describe(state, event, seat))

    def events(self, start: int = 0) -> tuple[Event, ...]:
        """Copies of the redacted events ``start`` onwards: a client may change its own."""
        return tuple(map(copy, self.history[start:]))

    def log(self, start: int = 0) -> tuple[LogEntry, ...]:
        """The log entries of events ``start`` onwards."""
        return tuple(entry for entry in self.entries[start:] if entry is not None)

    def cut(self, length: int) -> tuple[int, tuple[LogEntry, ...]]:
        """Forget the events from ``length`` on; how many, and their log entries."""
        undone, taken_back = len(self.history) - length, self.log(length)
        del self.history[length:], self.entries[length:]
        return undone, taken_back


def copy(event: Event) -> Event:
    """A deep copy of a JSON event."""
    return msgspec.json.decode(msgspec.json.encode(event), type=dict[str, Any])


class Chronicle:
    """The streams of every perspective watched so far."""

    def __init__(self, game: Game, header: Header):
        self.game, self.header = game, header
        self.streams: dict[Perspective, Stream] = {}
        self.length = 0  # events told so far
        self._state = game.new_state(header)  # the state after them

    def stream(self, perspective: Perspective, events: list[Event]) -> Stream:
        """The stream of ``perspective``, told up to the ``events`` told to the others."""
        if perspective not in self.streams:
            stream = Stream()
            state = self.game.new_state(self.header)
            for event in events[: self.length]:
                stream.add(self.game, state, event, perspective)
                self.game.apply(state, event)
            self.streams[perspective] = stream
        return self.streams[perspective]

    def extend(self, events: list[Event]) -> int:
        """Tell every stream the events after those told; returns where they start."""
        start = self.length
        for event in events[start:]:
            for perspective, stream in self.streams.items():
                stream.add(self.game, self._state, event, perspective)
            self.game.apply(self._state, event)
        self.length = len(events)
        return start

    def rewind(self, length: int, state: Any) -> dict[Perspective, tuple[int, tuple[LogEntry, ...]]]:
        """Take back the events from ``length`` on (an undo); ``state`` is the state after
        the first ``length`` events.  Returns each stream's undone count and taken-back entries."""
        self.length = length
        self._state = self.game.copy_state(state)
        return {perspective: stream.cut(length) for perspective, stream in self.streams.items()}
