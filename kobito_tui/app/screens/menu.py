"""The in-game menu: resume, rules, keys, back to the title, quit."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Button, Static

from kobito_tui.app import actions
from kobito_tui.app.screens.base import ShellDialog

CHOICES = (
    ("resume", "Resume"),
    ("rules", "Rules"),
    ("help", "Keys"),
    ("title", "Title screen (the game stays saved)"),
    ("quit", "Quit (the game stays saved)"),
)


class MenuScreen(ShellDialog):
    BINDINGS = actions.bindings(*actions.MENU_SCREEN)

    def __init__(self) -> None:
        super().__init__(classes="dialog-screen")

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog menu"):
            yield Static("Menu", classes="dialog-title")
            for ident, label in CHOICES:
                yield Button(label, id=ident, classes="menu-choice", compact=True)

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        choice = event.button.id
        self.dismiss()
        if choice == "title":
            self.app.to_title()
        elif choice != "resume":
            await self.app.run_action(choice)
