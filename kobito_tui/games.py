"""The games this program plays: each engine declared once, here (:data:`GAMES`),
with the example games shipped for it.

Importing this module registers nothing: the core's lookup
(:mod:`kobito_tui.core.games`) reads :data:`GAMES` on its first lookup, so a game
is found from any entry point with nothing imported first.  The arrow to the
engines is a normal import here, which every tool sees; :func:`get_game` and
:func:`game_ids` are the core's, re-exported.
Each layer that adds to a game keeps its own map by game id: the app's boards,
pages and words (:mod:`kobito_tui.app.games`), the computers
(:mod:`kobito_tui.bots.registry`).  docs/adding-a-game.md has the steps.

``python -m kobito_tui.games saves`` regenerates the examples (after a change to
an engine's events); the same code gives the same bytes.
"""

from __future__ import annotations

import sys
from pathlib import Path

from kobito_tui import kobito, treasure
from kobito_tui.core.examples import Example, write_examples
from kobito_tui.core.game import Game
from kobito_tui.core.games import REGISTRY, game_ids, get_game

__all__ = ["EXAMPLES", "GAMES", "REGISTRY", "Example", "game_ids", "get_game"]

GAMES: tuple[Game, ...] = (kobito.GAME, treasure.GAME)
"""The program's games, in menu order: one line per game (docs/adding-a-game.md)."""

EXAMPLES: dict[str, tuple[Example, ...]] = {
    "kobito": (
        Example("kobito-2-players.jsonl", "Ann,Bob", {}, 2026),
        Example("kobito-4-players.jsonl", "Ann,Bob,Cy,Dee", {}, 2026),
        Example("kobito-as-played.jsonl", "Ann,Bob,Cy", {"refill": "as-played"}, 2027),
    ),
    "treasure": (
        Example("treasure-standard.jsonl", "Ann,Bob", {}, 2026),
        Example("treasure-seek.jsonl", "Ann,Bob,Cy", {"variant": "seek"}, 2026),
        Example("treasure-shared-pawn.jsonl", "Ann,Bob", {"shared_pawn": True}, 2026),
    ),
}
"""The example games shipped in ``saves/`` for each game: one per game and variant at least."""


if __name__ == "__main__":
    examples = [(game_id, example) for game_id, listed in EXAMPLES.items() for example in listed]
    for path in write_examples(Path(sys.argv[1] if len(sys.argv) > 1 else "saves"), examples):
        print(path)
