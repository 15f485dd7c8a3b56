"""The "make the window larger" message shown instead of a cramped layout."""

from __future__ import annotations

from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24


class SizeNotice(Static):
    """Hidden unless the screen carries the ``-too-small`` breakpoint classes."""

    def __init__(self) -> None:
        super().__init__(id="size-notice", markup=False)

    def on_resize(self) -> None:
        width, height = self.app.size
        t = self.app.t
        lines = (
            t("This window is {width}×{height}.", width=width, height=height),
            t("Please make it at least {width}×{height}.", width=MIN_WIDTH, height=MIN_HEIGHT),
            t("(ctrl+q quits)"),
        )
        self.update("\n\n".join(lines))
