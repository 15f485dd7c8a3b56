"""The registry of games: one place that knows which games exist."""

from __future__ import annotations

from importlib import import_module

from kobito_tui.core.game import Game

# Imported lazily so that start-up and `kobito check` load only what they use.
_MODULES = {"kobito": "kobito_tui.kobito", "treasure": "kobito_tui.treasure"}
GAME_IDS = tuple(_MODULES)


def get_game(game_id: str) -> Game:
    """The game implementation for ``game_id``; ``KeyError`` if unknown."""
    if game_id not in _MODULES:
        raise KeyError(f"unknown game {game_id!r} (known: {', '.join(GAME_IDS)})")
    return import_module(_MODULES[game_id]).GAME
