"""What a finished game reveals per seat (``Result.details``), as table columns.

Presentation only, the same for every game: each detail that holds one value
per seat becomes a column (Kobito's gold and penalties, Hide the Treasure's
colours); anything else is left to the game's summary line.
"""

from __future__ import annotations

from typing import Any

from kobito_tui.core.game import Result

HEADINGS = {"gold": "Gold won", "penalties": "Penalty cards", "colours": "Colour"}


def cell(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return " ".join(map(str, value)) or "–"
    return str(value)


def detail_columns(result: Result, players: int) -> list[tuple[str, list[str]]]:
    """``(heading, one cell per seat)`` for every per-seat detail of ``result``."""
    return [
        (HEADINGS.get(name, name.replace("_", " ").capitalize()), [cell(value) for value in values])
        for name, values in result.details.items()
        if isinstance(values, (list, tuple)) and len(values) == players
    ]
