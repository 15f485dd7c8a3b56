"""The engines by id: the one lookup of a :class:`~kobito_tui.core.game.Game` from a
header's ``game``.

The core names no game: :mod:`kobito_tui.games` (the program's list of games,
above the core and the engines) registers each engine here when it is imported,
and everything that looks a game up by id imports that module.  Each layer
above keeps its own map by game id for what it adds (``app/games.py``: boards,
pages and words; ``bots/registry.py``: the computers).
"""

from __future__ import annotations

from kobito_tui.core.game import Game

REGISTRY: dict[str, Game] = {}
"""Every registered engine by its id, in menu order."""


def register(game: Game) -> Game:
    """Add ``game`` under its ``id`` (again: replaced); returns it."""
    REGISTRY[game.id] = game
    return game


def game_ids() -> tuple[str, ...]:
    """The ids of the registered games, in menu order."""
    return tuple(REGISTRY)


def get_game(game_id: str) -> Game:
    """The engine of ``game_id``; ``KeyError`` if none is registered under it."""
    try:
        return REGISTRY[game_id]
    except KeyError:
        known = ", ".join(REGISTRY) or "none: import kobito_tui.games first"
        raise KeyError(f"unknown game {game_id!r} (known: {known})") from None
