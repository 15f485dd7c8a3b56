"""A text field that never holds more than its limit, however the text arrives."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.widgets import Input

# How long a field's text may be (a name's limit is safetext.NAME_MAX_CHARS).
OPTION_MAX_CHARS = 20  # a number: a rule option or a seed
FILE_NAME_MAX_CHARS = 255  # the longest file name most file systems take
PATH_MAX_CHARS = 1024
DEFAULT_MAX_CHARS = 200


class BoundedInput(Input):
    """An :class:`Input` with ``max_length`` always set (typing stops there) and a
    paste cut to the room left: Textual refuses a paste that would pass the limit
    as a whole, so a long paste would insert nothing.  Only the first line is
    pasted, as Textual does, and only as much of the text is looked at as could fit."""

    def __init__(self, value: str | None = None, *, max_length: int = DEFAULT_MAX_CHARS, **options: Any) -> None:
        super().__init__(value, max_length=max_length, **options)

    def _on_paste(self, event: events.Paste) -> None:
        event.prevent_default()  # not Input's own handler
        event.stop()
        start, end = sorted(self.selection)
        room = self.max_length - len(self.value) + (end - start) if self.max_length else len(event.text)
        head = event.text[: max(room, 0) + 2]  # a line break within the room is still seen
        text = (head.splitlines() or [""])[0][: max(room, 0)]
        if text:
            self.replace(text, start, end)
