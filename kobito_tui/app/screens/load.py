"""A simple list of the saves folder, newest first (a full browser comes later)."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from kobito_tui.app.savegames import label
from kobito_tui.app.screens.base import ShellScreen
from kobito_tui.core.saves import list_saves


class LoadScreen(ShellScreen):
    """Dismisses with the chosen path, or None."""

    BINDINGS = [Binding("escape", "cancel", "Back")]

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.paths = list_saves(folder)

    def compose(self) -> ComposeResult:
        yield Static("Load a game", classes="dialog-title")
        if self.paths:
            yield OptionList(*(Option(label(path), id=str(i)) for i, path in enumerate(self.paths)), id="saves")
        else:
            yield Static("No saved games yet.", id="no-saves")
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.paths[int(event.option.id)])

    def action_cancel(self) -> None:
        self.dismiss(None)
