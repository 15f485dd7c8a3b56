"""The "make the window larger" message shown instead of a cramped layout."""

from __future__ import annotations

from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24


class SizeNotice(Static):
    """Hidden unless the screen carries the ``-too-small`` breakpoint classes."""

    def __init__(self) -> None:
        super().__init__(id="size-notice")

    def on_resize(self) -> None:
        width, height = self.app.size
        self.update(
            f"This window is {width}×{height}.\n\nPlease make it at least {MIN_WIDTH}×{MIN_HEIGHT}.\n\n(ctrl+q quits)"
        )
