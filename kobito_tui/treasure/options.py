"""The rule options of Hide the Treasure and their checking."""

from __future__ import annotations

from typing import Any

from kobito_tui.core.game import OptionError, OptionSpec

MIN_PLAYERS = 2
MAX_PLAYERS = 4

SPECS = (
    OptionSpec(
        "variant", "Variant", "standard",
        "standard: find your colour by turning it to chests; "
        "seek: tiles start as chests, turn your colour to treasures.",
        choices=("standard", "seek"),
    ),
    OptionSpec(
        "shared_pawn", "Shared pawn", False,
        "One pawn moved by everyone, no blocking; the first player picks its corner.",
        kind=bool,
    ),
    OptionSpec("turn_limit", "Turn limit", 0, "Draw after this many rounds (0 = off).", kind=int),
    OptionSpec(
        "first_player", "First player", "random", "Random, or a seat number (0 = first seat).",
        choices=("random", 0, 1, 2, 3),
    ),
)


def normalize(options: dict[str, Any], players: int) -> dict[str, Any]:
    """Defaults filled in and every value checked; :class:`OptionError` (a ``ValueError``) when unusable."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise OptionError("options.players", game="treasure", min=MIN_PLAYERS, max=MAX_PLAYERS, count=players)
    unknown = set(options) - {spec.name for spec in SPECS}
    if unknown:
        raise OptionError("options.unknown", game="treasure", names=sorted(unknown))
    result = {spec.name: options.get(spec.name, spec.default) for spec in SPECS}
    variant, choices = result["variant"], ["standard", "seek"]
    if variant not in choices:
        raise OptionError("options.choice", option="variant", choices=choices, value=variant)
    if type(result["shared_pawn"]) is not bool:
        raise OptionError("options.bool", option="shared_pawn", value=result["shared_pawn"])
    if type(result["turn_limit"]) is not int or result["turn_limit"] < 0:
        raise OptionError("options.turn-limit", option="turn_limit")
    first = result["first_player"]
    if first != "random" and not (type(first) is int and 0 <= first < players):
        raise OptionError("options.first-player", option="first_player", last=players - 1, value=first)
    return result
