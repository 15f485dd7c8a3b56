"""The registry of games: each game is declared once, here, and everything that
lists games (menus, the CLI, self-play, examples, the rules and how-to screens,
the tests) takes the list from :data:`REGISTRY`.

Parts are named by import path (``"package.module:name"``) and imported when
first used: start-up and ``kobito check`` load only what they need, and core
never imports the app (the board widget is resolved in ``app/board.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from kobito_tui.core.game import Game


@dataclass(frozen=True)
class Example:
    """A shipped example game (``saves/``): a whole random game with a fixed seed."""

    file: str
    players: str
    options: dict[str, Any]
    seed: int


@dataclass(frozen=True)
class GameEntry:
    """Everything the program knows about one game."""

    id: str
    engine: str  # the rules engine: a Game
    board: str  # the app's board widget: a GameBoard subclass
    bots: tuple[str, str] | None = None  # the medium and hard computers' classes; None: random only
    default_level: str = "medium"  # the computer a new seat in the menu gets
    rules: str | None = None  # a page of kobito_tui.app (app/texts.py): the rules
    rules_extra: str | None = None  # (options, translator) -> more Markdown for the rules (Kobito's gold cards)
    howto: str | None = None  # a page of kobito_tui.app (app/texts.py): how to play
    examples: tuple[Example, ...] = ()
    selfplay_options: dict[str, Any] = field(default_factory=dict)  # self-play adds these rule options


REGISTRY: dict[str, GameEntry] = {
    entry.id: entry
    for entry in (
        GameEntry(
            id="kobito",
            engine="kobito_tui.kobito:GAME",
            board="kobito_tui.app.kobito.board:KobitoBoard",
            bots=("kobito_tui.bots.kobito_greedy:GreedyBot", "kobito_tui.bots.kobito_ismcts:IsmctsBot"),
            rules="rules-kobito",
            rules_extra="kobito_tui.app.kobito.gold:gold_text",
            howto="howto-kobito",
            examples=(
                Example("kobito-2-players.jsonl", "Ann,Bob", {}, 2026),
                Example("kobito-4-players.jsonl", "Ann,Bob,Cy,Dee", {}, 2026),
                Example("kobito-as-played.jsonl", "Ann,Bob,Cy", {"refill": "as-played"}, 2027),
            ),
        ),
        GameEntry(
            id="treasure",
            engine="kobito_tui.treasure:GAME",
            board="kobito_tui.app.treasure.board:TreasureBoard",
            bots=("kobito_tui.bots.treasure_bots:GreedyBot", "kobito_tui.bots.treasure_bots:StrongBot"),
            # Against Medium, Hide the Treasure ends after about 5 turns (it heads
            # straight for its colour); Easy leaves a newcomer the time to learn.
            default_level="easy",
            rules="rules-treasure",
            howto="howto-treasure",
            examples=(
                Example("treasure-standard.jsonl", "Ann,Bob", {}, 2026),
                Example("treasure-seek.jsonl", "Ann,Bob,Cy", {"variant": "seek"}, 2026),
                Example("treasure-shared-pawn.jsonl", "Ann,Bob", {"shared_pawn": True}, 2026),
            ),
            # Games between careful bots can wander for long: self-play ends them as a draw.
            selfplay_options={"turn_limit": 60},
        ),
    )
}


def load(path: str) -> Any:
    """The object an import path ``"package.module:name"`` names."""
    module, _, name = path.partition(":")
    return getattr(import_module(module), name)


def game_ids() -> tuple[str, ...]:
    """The ids of the registered games, in menu order."""
    return tuple(REGISTRY)


def entry(game_id: str) -> GameEntry:
    """The registry entry of ``game_id``; ``KeyError`` if unknown."""
    if game_id not in REGISTRY:
        raise KeyError(f"unknown game {game_id!r} (known: {', '.join(REGISTRY)})")
    return REGISTRY[game_id]


def get_game(game_id: str) -> Game:
    """The game implementation for ``game_id``; ``KeyError`` if unknown."""
    game: Game = load(entry(game_id).engine)
    return game
