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
        t, name = self.t, self.player
        with Middle(), Center():
            yield Static(t("Pass the keyboard to {name}", name=name), classes="curtain-title", markup=False)
            yield Static(t("{name}, press Enter when the others cannot see the screen.", name=name), markup=False)
            # Translators: the button the next player presses; the name follows "I am" as a subject.
            yield Button(Content(t("I am {name}", name=name)), id="ready", variant="primary")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss()
