"""The title screen: the way into every part of the app."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Middle, Vertical
from textual.widgets import Button, Footer, Static

from kobito_tui import __version__
from kobito_tui.app import actions
from kobito_tui.app.screens.base import ShellScreen

# (button id, action): a button says the action's name in the palette
CHOICES = (
    ("new", actions.NEW_GAME),
    ("continue", actions.CONTINUE),
    ("load", actions.LOAD),
    ("replays", actions.REPLAYS),
    ("how", actions.HOW_TO_PLAY),
    ("rules", actions.RULES),
    ("quit", actions.QUIT_KEY),
)


class TitleScreen(ShellScreen):
    BINDINGS = actions.bindings(*actions.TITLE)

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            with Vertical(id="title-box"):
                yield Static("K O B I T O", id="title-name")
                yield Static("Kobito · Hide the Treasure", id="title-games")
                for ident, action in CHOICES:
                    yield Button(action.palette or action.label, id=f"title-{ident}", classes="title-choice", compact=True)
                yield Static(f"v{__version__}", id="title-version")
        yield Footer()

    def on_screen_resume(self) -> None:
        self.call_after_refresh(self._grey_continue)  # the title is drawn first, then the saves are read

    def _grey_continue(self) -> None:
        """Continue is greyed out while there is no unfinished game (checked each time the title shows)."""
        from kobito_tui.app.savegames import latest_unfinished

        self.query_one("#title-continue", Button).disabled = latest_unfinished(self.app.saves_dir) is None

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        action = {f"title-{ident}": action for ident, action in CHOICES}[event.button.id]
        await self.run_action(action.action)
