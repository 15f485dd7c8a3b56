"""The engines by id: the one lookup of a :class:`~kobito_tui.core.game.Game` from a
header's ``game``, filled on first lookup, so every entry point (``savefile.load``,
``kobito check``, the hub, a test) finds the games with nothing imported first.

How the games are found.  The core names no game.  The program's games are
*declared* (not registered by an import's side effect) in one module above the
core and the engines, :data:`PROGRAM_GAMES` (``kobito_tui.games``: its ``GAMES``
tuple, one line per game).  The first lookup here (:func:`get_game`,
:func:`game_ids`, :func:`known_games`) imports that module by name with
:mod:`importlib` and registers each game it declares, once, in its order.

Why a module name and not package entry points (harlequin's way, read with
:mod:`importlib.metadata`): the name is resolved against ``sys.path`` like any
import, so the games are found the same way in an editable install, a wheel, a
source tree on ``PYTHONPATH`` and an older commit that ``kobito bench engine
--against`` runs from a worktree; nothing depends on installed metadata being
current (a changed entry-point table needs a reinstall, and reading it scans
every installed distribution: about 70 ms here, at each start).  And the arrows
stay where ``tests/test_layers.py`` and every other tool can see them: the core
imports nothing of the package outside itself at module level or in a function
(a name resolved at run time is no import statement), and ``kobito_tui.games``
imports the engines the normal way.  A game from elsewhere (a plug-in, the
tests' toy game) is added with :func:`register`.

Each layer above keeps its own map by game id for what it adds (``app/games.py``:
boards, pages and words; ``bots/registry.py``: the computers).
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Iterable

from kobito_tui.core.game import Game

PROGRAM_GAMES = "kobito_tui.games"
"""The module whose ``GAMES`` (a tuple of :class:`Game`) declares the program's games."""

REGISTRY: dict[str, Game] = {}
"""Every registered engine by its id, in menu order (the program's first); filled on first lookup."""

_loaded = False
_lock = threading.Lock()


def _declared(module: str) -> Iterable[Game]:
    games = getattr(importlib.import_module(module), "GAMES", None)
    if not isinstance(games, tuple):
        raise TypeError(f"{module}.GAMES is not a tuple of games")
    return games


def load(module: str = PROGRAM_GAMES) -> dict[str, Game]:
    """Register the games ``module`` declares (once; later calls return at once), ahead of any
    registered before (a test's toy game keeps its place after them); returns the registry."""
    global _loaded
    if _loaded:
        return REGISTRY
    with _lock:
        if not _loaded:
            extra = dict(REGISTRY)
            REGISTRY.clear()
            for game in _declared(module):
                REGISTRY[game.id] = game
            REGISTRY.update(extra)
            _loaded = True
    return REGISTRY


def register(game: Game) -> Game:
    """Add ``game`` under its ``id`` (again: replaced); returns it."""
    load()
    REGISTRY[game.id] = game
    return game


def game_ids() -> tuple[str, ...]:
    """The ids of the registered games, in menu order."""
    return tuple(load())


def known_games() -> list[str]:
    """The ids of the registered games, for a message that says which games there are."""
    return list(load())


def get_game(game_id: str) -> Game:
    """The engine of ``game_id``; ``KeyError`` (naming the known ones) if none is registered under it."""
    try:
        return load()[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r} (known: {', '.join(REGISTRY) or 'none'})") from None
