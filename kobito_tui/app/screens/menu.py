"""The in-game menu: resume, rules, keys, back to the title, quit."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Button, Static

from kobito_tui.app import actions
from kobito_tui.app.screens.base import ShellDialog


class MenuScreen(ShellDialog):
    BINDINGS = actions.bindings(*actions.MENU_SCREEN)

    def __init__(self, saved: bool = True) -> None:
        """``saved``: the game is kept (a save file here, or the server's store); a tutorial is not."""
        super().__init__(classes="dialog-screen")
        self.saved = saved

    def compose(self) -> ComposeResult:
        t = self.t
        choices = {
            "resume": t("Resume"),
            "rules": t("Rules"),
            "help": t("Keys"),
            "title": t("Title screen (the game stays saved)") if self.saved else t("Title screen"),
            "quit": t("Quit (the game stays saved)") if self.saved else t("Quit"),
        }
        with Vertical(classes="dialog menu"):
            yield Static(t("Menu"), classes="dialog-title")
            for ident, label in choices.items():
                yield Button(label, id=ident, classes="menu-choice", compact=True)

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        choice = event.button.id
        self.dismiss()
        if choice == "title":
            self.app.to_title()
        elif choice is not None and choice != "resume":
            await self.app.run_action(choice)
