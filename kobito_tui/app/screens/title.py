"""The title screen: the way into every part of the app."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.widgets import Button, Footer, Static

from kobito_tui import __version__
from kobito_tui.app.screens.base import ShellScreen

# (button id, label, app action)
CHOICES = (
    ("new", "New game", "new_game"),
    ("continue", "Continue", "continue_game"),
    ("load", "Load", "load_game"),
    ("replays", "Replays", "replays"),
    ("how", "How to play", "how_to_play"),
    ("rules", "Rules", "rules"),
    ("quit", "Quit", "quit"),
)


class TitleScreen(ShellScreen):
    BINDINGS = [
        Binding("n", "app.new_game", "New"),
        Binding("c", "app.continue_game", "Continue"),
        Binding("l", "app.load_game", "Load"),
        Binding("p", "app.replays", "Replays"),
        Binding("h", "app.how_to_play", "Learn", tooltip="How to play"),
        Binding("r", "app.rules", "Rules"),
        Binding("q", "app.quit", "Quit", show=False),  # the footer fits 80 columns; the button shows it
        Binding("up", "app.focus_previous", show=False),
        Binding("down", "app.focus_next", show=False),
    ]

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            with Vertical(id="title-box"):
                yield Static("K O B I T O", id="title-name")
                yield Static("Kobito · Hide the Treasure", id="title-games")
                for ident, label, _ in CHOICES:
                    yield Button(label, id=f"title-{ident}", classes="title-choice", compact=True)
                yield Static(f"v{__version__}", id="title-version")
        yield Footer()

    def on_screen_resume(self) -> None:
        self.call_after_refresh(self._grey_continue)  # the title is drawn first, then the saves are read

    def _grey_continue(self) -> None:
        """Continue is greyed out while there is no unfinished game (checked each time the title shows)."""
        from kobito_tui.app.savegames import latest_unfinished

        self.query_one("#title-continue", Button).disabled = latest_unfinished(self.app.saves_dir) is None

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        action = {f"title-{ident}": action for ident, _, action in CHOICES}[event.button.id]
        await self.run_action(f"app.{action}")
