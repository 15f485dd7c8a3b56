"""The key-bindings help: the keys of the screen it was opened from, and the app's."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from kobito_tui.app.screens.base import ShellScreen

ALWAYS = (
    ("F1", "This help"),
    ("ctrl+p", "Command palette: every action by name"),
    ("tab / shift+tab", "Move between controls"),
    ("ctrl+q / ctrl+c", "Quit (your game is already saved)"),
)


def screen_keys(screen: Screen) -> list[tuple[str, str]]:
    """``(keys, what they do)`` for the visible bindings active on ``screen``."""
    keys: dict[str, list[str]] = {}
    for key, active in screen.active_bindings.items():
        binding = active.binding
        if binding.show and binding.description and binding.action not in ("help", "app.help"):
            keys.setdefault(binding.description, []).append(screen.app.get_key_display(binding))
    return [(" / ".join(shown), description) for description, shown in keys.items()]


class HelpScreen(ShellScreen):
    BINDINGS = [Binding("escape,q,f1", "dismiss", "Back")]

    def __init__(self, keys: list[tuple[str, str]]) -> None:
        super().__init__()
        self.keys = keys

    def compose(self) -> ComposeResult:
        with Middle(), Center(), Vertical(id="help-box"):
            yield Static("Keys", classes="dialog-title")
            table = DataTable(id="help-keys", cursor_type="none", show_cursor=False, zebra_stripes=True)
            table.add_columns("Key", "Action")
            for key, description in [*self.keys, *ALWAYS]:
                table.add_row(key, description)
            yield table
        yield Footer()
