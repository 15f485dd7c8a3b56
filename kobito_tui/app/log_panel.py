"""The game log panel: plain text lines that rewrap when the panel's width changes."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Any

from rich.text import Text
from textual.events import Resize
from textual.widgets import RichLog

LOG_LINES = 300  # the panel keeps the latest lines


class LogPanel(RichLog):
    """A RichLog that remembers its lines, so a new width wraps them anew
    (a RichLog wraps each line once, at the width it had when written).  Hidden
    (behind the size notice) it has no width: lines written then are wrapped
    anew, at the width it has once shown again.  It never takes the focus: a
    click on it leaves the keys with the board (and the footer as it is)."""

    can_focus = False

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(wrap=True, markup=False, auto_scroll=True, min_width=10, max_lines=LOG_LINES, **kwargs)
        self.texts: deque[Text] = deque(maxlen=LOG_LINES)
        self._width = 0

    def add(self, line: str | Text) -> None:
        text = line if isinstance(line, Text) else Text(line)
        self.texts.append(text)
        if self.size.height:  # laid out: scroll to the new line now, not after the next
            self.write(text, scroll_end=False)  # frame (RichLog's way, a second frame)
            self.scroll_end(animate=False, immediate=True, x_axis=False)
        else:
            self.write(text)
        if not self.scrollable_content_region.width:
            self._width = 0  # wrapped at RichLog's least width: to be wrapped anew once shown

    def reset(self, lines: Iterable[str | Text] = ()) -> None:
        """Forget every line, then show ``lines``."""
        self.texts.clear()
        self.clear()
        for line in lines:
            self.add(line)

    def on_resize(self, event: Resize) -> None:
        width = self.scrollable_content_region.width
        if not width:  # hidden: the lines keep the width they had
            return
        if width != self._width:
            self.clear()
            for text in self.texts:
                self.write(text)
        self._width = width
