"""Kobito's rule options: each [choice] of RULES.md, default as written there.

Each option is declared once in :data:`SPECS` (its key, its words as message ids,
its default and choices); a named choice is a :class:`~enum.StrEnum` member, equal
to the string files and the command line use, and the rules compare members.

``gold_table`` is a table name from ``cards.GOLD_TABLES`` or a table given as
data: ``{"<length>": [values...]}`` (lengths 2..12, at least 4 gold cards, so
the game can end when only two pots remain to be won).
"""

from __future__ import annotations

from collections import Counter
from enum import StrEnum
from typing import Any

from kobito_tui.core.game import OptionError, OptionSpec
from kobito_tui.kobito.cards import GOLD_TABLES, MAX_GOLD_COPIES, MAX_ROW

MIN_PLAYERS, MAX_PLAYERS = 2, 6


class Refill(StrEnum):
    TO_FIVE = "to-five"
    AS_PLAYED = "as-played"


class Tie(StrEnum):
    PENALTIES_THEN_SHARED = "penalties-then-shared"
    SHARED = "shared"


class SpecialStart(StrEnum):
    RESHUFFLE = "reshuffle"
    DISCARD = "discard"


class GoldTable(StrEnum):
    """The gold tables by name (``cards.GOLD_TABLES``); a table given as data is the other kind of value."""

    STANDARD = "standard"


class FirstPlayer(StrEnum):
    """The one named choice; the others are seat numbers."""

    RANDOM = "random"


# Each option once: its key, its words (message ids, worded by i18n.options), its default and choices.
SPECS = (
    OptionSpec(
        name="refill",
        label="Drawing at the end of a turn",
        default=Refill.TO_FIVE,
        help="to-five: draw up to 5 cards; as-played: draw as many cards as were played or given as penalty.",
        choices=tuple(Refill),
    ),
    OptionSpec(
        name="stalemate",
        label="Stalemate ends the game",
        default=True,
        help="When deck and discard pile are empty and every player in turn ends a turn without playing a card, "
        "the game ends. Off: it ends only after a whole round in which nobody moved any card.",
        kind=bool,
    ),
    OptionSpec(
        name="tie",
        label="Tie-break",
        default=Tie.PENALTIES_THEN_SHARED,
        help="penalties-then-shared: fewer penalty cards wins, still tied: shared win; shared: ties share the win.",
        choices=tuple(Tie),
    ),
    OptionSpec(
        name="special_start",
        label="Kobito or paint card as a pot's starting card",
        default=SpecialStart.RESHUFFLE,
        help="reshuffle: it goes back into the deck at a random place (discard pile shuffled in first if the deck "
        "holds no number card); discard: it goes to the discard pile. Either way draw again; with no number "
        "card left anywhere the pot starts empty and the first number card played starts it.",
        choices=tuple(SpecialStart),
    ),
    OptionSpec(
        name="gold_table",
        label="Gold card table",
        default=GoldTable.STANDARD,
        help="The edition's gold cards: required lengths and gold values.",
        choices=tuple(GoldTable),
    ),
    OptionSpec(
        name="first_player",
        label="First player",
        default=FirstPlayer.RANDOM,
        help="random, or the seat number (0 = first seat) that starts.",
        choices=(FirstPlayer.RANDOM, 0, 1, 2, 3, 4, 5),
    ),
)


def normalize(options: dict[str, Any], players: int) -> dict[str, Any]:
    """Fill defaults and check every value, a string choice as its enum member; :class:`OptionError`
    (a ``ValueError``) when unusable.  (The player count is the caller's: ``core.game.check_players``.)"""
    unknown = set(options) - {spec.name for spec in SPECS}
    if unknown:
        raise OptionError("options.unknown", game="kobito", names=sorted(unknown))
    result = {spec.name: spec.choice(options.get(spec.name, spec.default)) for spec in SPECS}
    for spec in SPECS:
        value = result[spec.name]
        if spec.name == "gold_table":
            gold_table(value)
        elif spec.name == "first_player":
            if value != FirstPlayer.RANDOM and (type(value) is not int or not 0 <= value < players):
                raise OptionError("options.first-player", option=spec.name, last=players - 1, value=value)
        elif spec.choices and value not in spec.choices:
            raise OptionError("options.choice", option=spec.name, choices=[str(c) for c in spec.choices], value=value)
        elif not spec.choices and type(value) is not spec.kind:  # (the one such option is a bool)
            raise OptionError("options.bool", option=spec.name, value=value)
    return result


def _length(key: Any) -> int:
    """A gold table's length key: ``3`` or ``"3"`` (not ``" 3"``, ``"03"`` or ``"٣"``)."""
    if type(key) is int or (isinstance(key, str) and key.isascii() and key.isdigit() and str(int(key)) == key):
        return int(key)
    raise OptionError("options.gold-length", option="gold_table", key=key)


def gold_table(value: Any) -> dict[int, tuple[int, ...]]:
    """The gold table (length → values) an option value names or gives."""
    if isinstance(value, str):
        if value not in GOLD_TABLES:
            raise OptionError("options.gold-unknown", option="gold_table", table=value, known=list(GOLD_TABLES))
        return GOLD_TABLES[value]
    if not isinstance(value, dict):
        raise OptionError("options.gold-shape", option="gold_table")
    table: dict[int, tuple[int, ...]] = {}
    for key, values in value.items():
        length = _length(key)
        if length in table:
            raise OptionError("options.gold-twice", option="gold_table", length=length)
        if not 2 <= length <= MAX_ROW or not isinstance(values, list | tuple):
            raise OptionError("options.gold-lengths", option="gold_table", max=MAX_ROW)
        if not all(type(v) is int and v >= 0 for v in values):
            raise OptionError("options.gold-values", option="gold_table")
        if max(Counter(values).values(), default=0) > MAX_GOLD_COPIES:
            raise OptionError("options.gold-copies", option="gold_table", max=MAX_GOLD_COPIES)
        table[length] = tuple(values)
    if sum(map(len, table.values())) < 4:
        raise OptionError("options.gold-few", option="gold_table", min=4)
    return table
