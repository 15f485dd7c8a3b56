"""A placeholder for features that arrive in a later version (replays)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.widgets import Button, Footer, Static

from kobito_tui.app.screens.base import ShellScreen


class ComingSoonScreen(ShellScreen):
    BINDINGS = [Binding("escape", "dismiss", "Back")]

    def __init__(self, feature: str) -> None:
        super().__init__()
        self.feature = feature

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(f"{self.feature}: coming soon", classes="dialog-title")
            yield Button("Back", id="back")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss()
