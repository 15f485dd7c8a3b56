"""The "make the window larger" message shown instead of a cramped layout."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import getters
from textual.events import Key
from textual.geometry import Size
from textual.widgets import Static

if TYPE_CHECKING:
    from kobito_tui.app.shell import ShellApp

MIN_WIDTH, MIN_HEIGHT = 80, 24


def too_small(size: Size) -> bool:
    return size.width < MIN_WIDTH or size.height < MIN_HEIGHT


class SizeNotice(Static):
    """Hidden unless the screen carries the ``-too-small`` breakpoint classes.
    Focused while shown: the keys typed there stop here, so none acts on the
    hidden screen (ctrl+q, a priority key, still quits)."""

    if TYPE_CHECKING:
        app = getters.app(ShellApp)  # the app as a Shell: its translator ``t`` known to the type checker

    can_focus = True

    def __init__(self) -> None:
        super().__init__(id="size-notice", markup=False)

    def on_key(self, event: Key) -> None:
        event.stop()
        event.prevent_default()

    def on_resize(self) -> None:
        width, height = self.app.size
        t = self.app.t
        lines = (
            t("This window is {width}×{height}.", width=width, height=height),
            t("Please make it at least {width}×{height}.", width=MIN_WIDTH, height=MIN_HEIGHT),
            t("(ctrl+q quits)"),
        )
        self.update("\n\n".join(lines))
