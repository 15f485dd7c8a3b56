"""The game log in words, one line per described event; choosing a line jumps there."""

from __future__ import annotations

from bisect import bisect_right

from textual.message import Message
from textual.widgets import OptionList

START = "— start —"


class ReplayLog(OptionList):
    """Option 0 is the start; every other option is the position just after its event."""

    class Jump(Message):
        def __init__(self, position: int) -> None:
            super().__init__()
            self.position = position

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._positions: list[int] = [0]

    def fill(self, lines: list[str | None]) -> None:
        """Show ``lines`` (one per event, None for events without a line)."""
        self._positions = [0] + [index + 1 for index, line in enumerate(lines) if line]
        self.set_options([START, *(line for line in lines if line)])

    def follow(self, position: int) -> None:
        """Highlight the last line at or before ``position`` (no repaint if it stays)."""
        index = bisect_right(self._positions, position) - 1
        if index != self.highlighted:
            self.highlighted = index

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.post_message(self.Jump(self._positions[event.option_index]))
