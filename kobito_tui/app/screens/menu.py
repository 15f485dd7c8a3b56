"""The in-game menu: resume, rules, keys, back to the home screen (the title, or the lobby), quit."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Button, Static

from kobito_tui.app import actions
from kobito_tui.app.screens.base import ShellDialog


class MenuScreen(ShellDialog):
    BINDINGS = actions.bindings(*actions.MENU_SCREEN)

    def __init__(self, saved: bool = True, watching: bool = False, leave: bool = False) -> None:
        """``saved``: the game is kept (a save file here, or the server's store); a tutorial is not.
        ``watching``: a spectator's menu (nothing of theirs is kept: no "stays saved").
        ``leave``: the player may leave the game for good (a server's game)."""
        super().__init__(classes="dialog-screen")
        self.saved, self.watching, self.leave = saved, watching, leave

    def compose(self) -> ComposeResult:
        t, kept = self.t, self.saved and not self.watching
        choices = {
            "resume": t("Resume"),
            "rules": t("Rules"),
            "help": t("Keys"),
            "title": self.app.home.home_words(t, kept=self.saved, seated=not self.watching),  # the title, or the lobby
            "quit": t("Quit (the game stays saved)") if kept else t("Quit"),
        }
        if self.leave:
            choices["leave"] = t("Leave the game")  # the game screen asks, once the menu is gone
        with Vertical(classes="dialog menu"):
            yield Static(t("Menu"), classes="dialog-title")
            for ident, label in choices.items():
                yield Button(label, id=ident, classes="menu-choice", compact=True)

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        choice = event.button.id
        self.dismiss(choice)
        if choice == "title":
            self.app.to_title()
        elif choice is not None and choice not in ("resume", "leave"):
            await self.app.run_action(choice)
