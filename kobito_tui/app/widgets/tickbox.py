"""A checkbox whose state reads as text, not only as colour (so it survives NO_COLOR)."""

from __future__ import annotations

from textual.widgets import Checkbox


class TickBox(Checkbox):
    """Shows ``[x] on`` or ``[ ] off``."""

    BUTTON_LEFT = BUTTON_RIGHT = ""

    def on_mount(self) -> None:
        self.watch(self, "value", self._show_value)

    def _show_value(self, value: bool) -> None:
        self.BUTTON_INNER = "[x]" if value else "[ ]"
        self.label = self.app.t("on") if value else self.app.t("off")
