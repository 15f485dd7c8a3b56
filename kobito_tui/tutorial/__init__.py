"""Scripted first games, one per game: UI-free (the app's tutorial screen shows them)."""

from __future__ import annotations

from kobito_tui.tutorial.script import Lesson, ScriptedBot, Step, Tutorial


def tutorial(game: str) -> Tutorial:
    """The tutorial of ``game`` ("kobito" or "treasure"); ``KeyError`` for another."""
    if game == "kobito":
        from kobito_tui.tutorial.kobito import TUTORIAL
    elif game == "treasure":
        from kobito_tui.tutorial.treasure import TUTORIAL
    else:
        raise KeyError(game)
    return TUTORIAL


GAMES = ("kobito", "treasure")

__all__ = ["GAMES", "Lesson", "ScriptedBot", "Step", "Tutorial", "tutorial"]
