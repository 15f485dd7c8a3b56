"""The games' rule options in a translator's language, for the Rules screen
and the new-game dialog, worded from each option's one declaration (the
:class:`~kobito_tui.core.game.OptionSpec` in its game's rules): its ``label`` and
``help`` are message ids, each string choice is worded in the option's
``context``.  The catalog extractor reads those declarations
(:mod:`kobito_tui.i18n.extract`), so nothing is written twice.

Option names and choice values ("to-five", "random") are keys the command line
and save files use: the engines keep them, and a player reads each in words (a
help text names a choice by its words too).  A value not declared as that
option's choice (from a file, from a hub) shows as it is, printable."""

from __future__ import annotations

from typing import Any

from kobito_tui.core.game import OptionSpec
from kobito_tui.core.safetext import printable
from kobito_tui.games import game_ids, get_game

from .msgids import Text
from .translation import Translator


def option_label(t: Translator, game_id: str, spec: OptionSpec) -> str:
    """The option's label in ``t``'s language (``game_id``: kept for the callers; the declaration says all)."""
    return t.text(Text(spec.label))  # (the extractor reads the declaration, not this call)


def option_help(t: Translator, game_id: str, spec: OptionSpec) -> str:
    return t.text(Text(spec.help)) if spec.help else ""


def _contexts() -> dict[tuple[str, str], str]:
    """(option name, string choice) → the context it is worded in, from every registered game's
    declarations, read afresh (a few dozen options; a game registered later counts too).  English
    keeps the engines' keys, which its help texts quote."""
    return {
        (spec.name, str(choice)): spec.context
        for game_id in game_ids()
        for spec in get_game(game_id).option_specs()
        for choice in spec.choices
        if isinstance(choice, str)
    }


def option_value(t: Translator, option: str, value: Any) -> str:
    """The value of option ``option`` as a player reads it: on/off, a choice in words, a seat by its
    number from 1, a game's own gold table; anything else (a number, a value from outside) printable."""
    if isinstance(value, bool):
        return t.p("option", "on") if value else t.p("option", "off")
    if option == "first_player" and type(value) is int and value >= 0:
        return t("Seat {number}", number=value + 1)
    if option == "gold_table" and isinstance(value, dict):
        return t.p("gold table", "own table")
    context = _contexts().get((option, value)) if isinstance(value, str) else None
    return t.text(Text(str(value), context=context)) if context is not None else printable(value)
