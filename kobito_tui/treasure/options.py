"""The rule options of Hide the Treasure and their checking: each declared once in
:data:`SPECS`; a named choice is a :class:`~enum.StrEnum` member (equal to the string
files and the command line use), which the rules compare."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from kobito_tui.core.game import OptionError, OptionSpec

MIN_PLAYERS = 2
MAX_PLAYERS = 4


class Variant(StrEnum):
    STANDARD = "standard"
    SEEK = "seek"


class FirstPlayer(StrEnum):
    """The one named choice; the others are seat numbers."""

    RANDOM = "random"


# Each option once: its key, its words (message ids, worded by i18n.options), its default and choices.
SPECS = (
    OptionSpec(
        name="variant",
        label="Variant",
        default=Variant.STANDARD,
        help="standard: find your colour by turning it to chests; seek: tiles start as chests, turn your colour to treasures.",
        choices=tuple(Variant),
    ),
    OptionSpec(
        name="shared_pawn",
        label="Shared pawn",
        default=False,
        help="One pawn moved by everyone, no blocking; the first player picks its corner.",
        kind=bool,
    ),
    OptionSpec(name="turn_limit", label="Turn limit", default=0, help="Draw after this many rounds (0 = off).", kind=int),
    OptionSpec(
        name="first_player",
        label="First player",
        default=FirstPlayer.RANDOM,
        help="Random, or a seat number (0 = first seat).",
        choices=(FirstPlayer.RANDOM, 0, 1, 2, 3),
    ),
)
_SPEC = {spec.name: spec for spec in SPECS}


def normalize(options: dict[str, Any], players: int) -> dict[str, Any]:
    """Defaults filled in and every value checked, a string choice as its enum member; :class:`OptionError`
    (a ``ValueError``) when unusable.  (The player count is the caller's: ``core.game.check_players``.)"""
    unknown = set(options) - set(_SPEC)
    if unknown:
        raise OptionError("options.unknown", game="treasure", names=sorted(unknown))
    result = {spec.name: spec.choice(options.get(spec.name, spec.default)) for spec in SPECS}
    variant = result["variant"]
    if not isinstance(variant, Variant):
        raise OptionError("options.choice", option="variant", choices=[str(v) for v in Variant], value=variant)
    if type(result["shared_pawn"]) is not bool:
        raise OptionError("options.bool", option="shared_pawn", value=result["shared_pawn"])
    if type(result["turn_limit"]) is not int or result["turn_limit"] < 0:
        raise OptionError("options.turn-limit", option="turn_limit")
    first = result["first_player"]
    if first != FirstPlayer.RANDOM and not (type(first) is int and 0 <= first < players):
        raise OptionError("options.first-player", option="first_player", last=players - 1, value=first)
    return result
