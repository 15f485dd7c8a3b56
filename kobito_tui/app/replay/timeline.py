"""A one-line timeline of the whole record: click anywhere to jump there."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


class Timeline(Widget):
    """``━━━━●────``: the part played so far, the moment shown, what is to come."""

    DEFAULT_CSS = "Timeline { height: 1; }"

    position: reactive[int] = reactive(0)

    class Jump(Message):
        def __init__(self, position: int) -> None:
            super().__init__()
            self.position = position

    def __init__(self, length: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.length = length

    def _column(self, position: int) -> int:
        width = max(1, self.size.width - 1)
        return round(position * width / max(1, self.length))

    def render(self) -> Text:
        marker = self._column(self.position)
        text = Text("━" * marker, style="bold")
        text.append("●", style="reverse bold")
        text.append("─" * max(0, self.size.width - marker - 1), style="dim")
        return text

    def on_click(self, event: events.Click) -> None:
        width = max(1, self.size.width - 1)
        position = round(min(max(event.x, 0), width) * self.length / width)
        self.post_message(self.Jump(position))
