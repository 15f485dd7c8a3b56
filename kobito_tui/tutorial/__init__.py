"""Scripted first games, one per game: UI-free (the app's tutorial screen shows them).

Each game's script is a module here; :data:`TUTORIALS` maps the game id to it (a
new game's tutorial is one more module and one more line).
"""

from __future__ import annotations

from kobito_tui.tutorial import kobito, treasure
from kobito_tui.tutorial.script import Lesson, ScriptedBot, Step, Tutorial

TUTORIALS: dict[str, Tutorial] = {"kobito": kobito.TUTORIAL, "treasure": treasure.TUTORIAL}
"""Each game's tutorial by game id, in menu order."""

GAMES = tuple(TUTORIALS)
"""The games that have a tutorial."""


def tutorial(game: str) -> Tutorial:
    """The tutorial of ``game``; ``KeyError`` for a game without one."""
    return TUTORIALS[game]


__all__ = ["GAMES", "TUTORIALS", "Lesson", "ScriptedBot", "Step", "Tutorial", "tutorial"]
