"""What the app adds to each game, by game id: its board widget, the computer a
new seat gets in the menu, its pages (Rules, How to play: ``app/texts.py``) and
any more words for the rules.

The engines are listed in :mod:`kobito_tui.games`; a game the app has no entry
for here cannot be shown.  A new game's board lives in ``app/<game>/`` and gets
one line in :data:`APP_GAMES` (docs/adding-a-game.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kobito_tui.app.board import GameBoard
from kobito_tui.app.kobito.board import KobitoBoard
from kobito_tui.app.kobito.gold import gold_text
from kobito_tui.app.treasure.board import TreasureBoard
from kobito_tui.i18n import Translator

RulesExtra = Callable[[dict[str, Any] | None, Translator], str]


@dataclass(frozen=True)
class AppGame:
    """The app's parts of one game."""

    board: type[GameBoard]
    default_level: str = "medium"  # the computer a new seat in the menu gets
    rules: str | None = None  # a page (app/texts.py): the rules
    howto: str | None = None  # a page (app/texts.py): how to play
    rules_extra: RulesExtra | None = None  # more Markdown for the rules, for the options in force


APP_GAMES: dict[str, AppGame] = {
    "kobito": AppGame(KobitoBoard, rules="rules-kobito", howto="howto-kobito", rules_extra=gold_text),
    # Against Medium, Hide the Treasure ends after about 5 turns (it heads straight
    # for its colour); Easy leaves a newcomer the time to learn.
    "treasure": AppGame(TreasureBoard, default_level="easy", rules="rules-treasure", howto="howto-treasure"),
}


def app_game(game_id: str) -> AppGame:
    """The app's parts of ``game_id``; ``KeyError`` if the app has none."""
    try:
        return APP_GAMES[game_id]
    except KeyError:
        raise KeyError(f"no board for game {game_id!r} (known: {', '.join(APP_GAMES)})") from None


def board_class(game_id: str) -> type[GameBoard]:
    """The board widget of ``game_id``."""
    return app_game(game_id).board


def pages() -> tuple[str, ...]:
    """Every game's pages (Rules, How to play), as the games name them."""
    return tuple(name for game in APP_GAMES.values() for name in (game.rules, game.howto) if name)
