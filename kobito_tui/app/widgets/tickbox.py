"""A checkbox whose state reads as text, not only as colour (so it survives NO_COLOR)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import getters
from textual.widgets import Checkbox

if TYPE_CHECKING:
    from kobito_tui.app.shell import ShellApp


class TickBox(Checkbox):
    """Shows ``[x] on`` or ``[ ] off``."""

    if TYPE_CHECKING:
        app = getters.app(ShellApp)  # the app as a Shell: its translator ``t`` known to the type checker

    BUTTON_LEFT = BUTTON_RIGHT = ""

    def on_mount(self) -> None:
        self.watch(self, "value", self._show_value)

    def _show_value(self, value: bool) -> None:
        self.BUTTON_INNER = "[x]" if value else "[ ]"
        self.label = self.app.t.p("option", "on") if value else self.app.t.p("option", "off")
