"""The games' rule options in a translator's language, for the Rules screen
and the new-game dialog.  Option names and choice values ("to-five",
"random") are keys the command line and save files use: the engines keep
them, and a player reads each in words (a help text names a choice by its
words too).  An option not worded here yet shows the engine's English; a value
not worded here (from a file, from a hub) shows as it is, printable."""

from __future__ import annotations

from typing import Any

from kobito_tui.core.game import OptionSpec
from kobito_tui.core.safetext import printable

from .translation import Translator


def _words(t: Translator) -> dict[tuple[str, str], tuple[str, str]]:
    """(game, option name) → (label, help)."""
    return {
        ("kobito", "refill"): (
            t("Drawing at the end of a turn"),
            t("to-five: draw up to 5 cards; as-played: draw as many cards as were played or given as penalty."),
        ),
        ("kobito", "stalemate"): (
            t("Stalemate ends the game"),
            t(
                "When deck and discard pile are empty and every player in turn ends a turn without playing a card, "
                "the game ends. Off: it ends only after a whole round in which nobody moved any card."
            ),
        ),
        ("kobito", "tie"): (
            t("Tie-break"),
            t("penalties-then-shared: fewer penalty cards wins, still tied: shared win; shared: ties share the win."),
        ),
        ("kobito", "special_start"): (
            t("Kobito or paint card as a pot's starting card"),
            t(
                "reshuffle: it goes back into the deck at a random place (discard pile shuffled in first if the deck "
                "holds no number card); discard: it goes to the discard pile. Either way draw again; with no number "
                "card left anywhere the pot starts empty and the first number card played starts it."
            ),
        ),
        ("kobito", "gold_table"): (
            t("Gold card table"),
            t("The edition's gold cards: required lengths and gold values."),
        ),
        ("kobito", "first_player"): (
            t("First player"),
            t("random, or the seat number (0 = first seat) that starts."),
        ),
        ("treasure", "variant"): (
            t("Variant"),
            t("standard: find your colour by turning it to chests; seek: tiles start as chests, turn your colour to treasures."),
        ),
        ("treasure", "shared_pawn"): (
            t("Shared pawn"),
            t("One pawn moved by everyone, no blocking; the first player picks its corner."),
        ),
        ("treasure", "turn_limit"): (t("Turn limit"), t("Draw after this many rounds (0 = off).")),
        ("treasure", "first_player"): (t("First player"), t("Random, or a seat number (0 = first seat).")),
    }


def option_label(t: Translator, game_id: str, spec: OptionSpec) -> str:
    return _words(t).get((game_id, spec.name), (spec.label, spec.help))[0]


def option_help(t: Translator, game_id: str, spec: OptionSpec) -> str:
    return _words(t).get((game_id, spec.name), (spec.label, spec.help))[1]


def _values(t: Translator) -> dict[tuple[str, str], str]:
    """(option name, choice) → the choice in words; English keeps the engines' keys, which its help texts quote."""
    return {
        # Translators: a rule option's value, as the new-game form offers it and the Rules screen shows it;
        # the context is the option. Short (about 20 letters), and the same words in that option's help text.
        ("refill", "to-five"): t.p("refill", "to-five"),
        ("refill", "as-played"): t.p("refill", "as-played"),
        ("tie", "penalties-then-shared"): t.p("tie", "penalties-then-shared"),
        ("tie", "shared"): t.p("tie", "shared"),
        ("special_start", "reshuffle"): t.p("special start", "reshuffle"),
        ("special_start", "discard"): t.p("special start", "discard"),
        ("gold_table", "standard"): t.p("gold table", "standard"),
        ("first_player", "random"): t.p("first player", "random"),
        ("variant", "standard"): t.p("variant", "standard"),
        ("variant", "seek"): t.p("variant", "seek"),
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
    words = _values(t).get((option, value)) if isinstance(value, str) else None
    return words or printable(value)
