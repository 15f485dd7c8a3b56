"""The hot-seat curtain: hides every hand until the next player is at the keys."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.content import Content
from textual.widgets import Button, Footer, Static

from kobito_tui.app import actions
from kobito_tui.app.screens.base import ShellScreen
from kobito_tui.core.safetext import printable


class CurtainScreen(ShellScreen):
    """Opaque: nothing of the table is drawn while it is up."""

    # Enter, as the text says (a priority binding: the focused button would hide it from the footer).
    BINDINGS = actions.bindings(*actions.CURTAIN_SCREEN)

    def __init__(self, name: str) -> None:
        super().__init__(classes="curtain")
        self.player = printable(name)  # a name from a save file: shown as plain, escaped text

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(f"Pass the keyboard to {self.player}", classes="curtain-title", markup=False)
            yield Static(f"{self.player}, press Enter when the others cannot see the screen.", markup=False)
            yield Button(Content(f"I am {self.player}"), id="ready", variant="primary")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss()
