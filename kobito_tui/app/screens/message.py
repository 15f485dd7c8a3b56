"""A clear message in a dialog: errors the player should read (never a traceback)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Button, Static

from kobito_tui.app import actions
from kobito_tui.app.screens.base import ShellDialog
from kobito_tui.core.safetext import printable


class MessageScreen(ShellDialog):
    """``title`` and ``text`` shown as plain text, every line made printable (they may quote a file)."""

    BINDINGS = actions.bindings(*actions.MESSAGE_SCREEN)

    def __init__(self, title: str, text: str) -> None:
        super().__init__(classes="dialog-screen")
        self.title_text, self.text = printable(title), "\n".join(map(printable, text.split("\n")))

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog message"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            yield Static(self.text, classes="message-text", markup=False)
            yield Button(self.t("OK"), id="ok", variant="primary", compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss()
