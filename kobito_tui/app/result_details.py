"""What a finished game reveals per seat (``Result.details``), as table columns.

Presentation only, the same for every game: each detail that holds one value
per seat becomes a column (Kobito's gold and penalties, Hide the Treasure's
colours); anything else is left to the game's summary line.
"""

from __future__ import annotations

from typing import Any

from kobito_tui.core.game import Result
from kobito_tui.i18n import Translator
from kobito_tui.i18n.words import colour
from kobito_tui.treasure.board import COLOURS


def heading(t: Translator, name: str) -> str:
    """A detail's column heading; a detail without words here reads as its name."""
    headings = {
        "gold": t("Gold won"),
        "penalties": t("Penalty cards"),
        "colours": t("Colour"),
        "cards_left": t("Cards left"),
    }
    return headings.get(name) or name.replace("_", " ").capitalize()


def cell(t: Translator, name: str, value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return " ".join(map(str, value)) or "–"
    return colour(t, value) if name == "colours" and value in COLOURS else str(value)


def detail_columns(t: Translator, result: Result, players: int) -> list[tuple[str, list[str]]]:
    """``(heading, one cell per seat)`` for every per-seat detail of ``result``, in ``t``'s words."""
    return [
        (heading(t, name), [cell(t, name, value) for value in values])
        for name, values in result.details.items()
        if isinstance(values, (list, tuple)) and len(values) == players
    ]
