"""How to play: the goal, a turn, and every kind of move with its keys and clicks."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Footer, Markdown

from kobito_tui.app import actions
from kobito_tui.app.games import APP_GAMES
from kobito_tui.app.screens.base import ShellScreen
from kobito_tui.app.texts import page


def how_to_play_text(game_id: str | None = None, lang: str = "en") -> str:
    """The page of ``game_id``, or of every game one after the other, in ``lang``."""
    pages = {game: page(entry.howto, lang) for game, entry in APP_GAMES.items() if entry.howto}
    return pages[game_id] if game_id in pages else "\n\n".join(pages.values())


class HowToPlayScreen(ShellScreen):
    """Scrolls by keys at once: the text has the focus."""

    AUTO_FOCUS = "#how-to-play"
    BINDINGS = actions.bindings(*actions.HOW_TO_PLAY_SCREEN)

    def __init__(self, game_id: str | None = None) -> None:
        super().__init__()
        self.game_id = game_id

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="how-to-play"):
            yield Markdown(how_to_play_text(self.game_id, self.t.lang))
        yield Footer()
