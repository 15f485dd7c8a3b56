"""The rule options of Hide the Treasure and their checking."""

from __future__ import annotations

from typing import Any

from kobito_tui.core.game import OptionSpec

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
    """Defaults filled in and every value checked; ``ValueError`` when unusable."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Hide the Treasure needs {MIN_PLAYERS}-{MAX_PLAYERS} players, not {players}")
    unknown = set(options) - {spec.name for spec in SPECS}
    if unknown:
        raise ValueError(f"unknown options: {', '.join(sorted(unknown))}")
    result = {spec.name: options.get(spec.name, spec.default) for spec in SPECS}
    if result["variant"] not in ("standard", "seek"):
        raise ValueError(f"variant must be standard or seek, not {result['variant']!r}")
    if type(result["shared_pawn"]) is not bool:
        raise ValueError("shared_pawn must be true or false")
    if type(result["turn_limit"]) is not int or result["turn_limit"] < 0:
        raise ValueError("turn_limit must be a whole number, 0 for none")
    first = result["first_player"]
    if first != "random" and not (type(first) is int and 0 <= first < players):
        raise ValueError(f"first_player must be random or a seat from 0 to {players - 1}")
    return result
