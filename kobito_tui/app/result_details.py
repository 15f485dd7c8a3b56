"""What a finished game reveals per seat (``Result.details``), as table columns.

Presentation only, the same for every game: each detail that holds one value
per seat becomes a column (Kobito's gold and penalties, Hide the Treasure's
colours); anything else is left to the game's summary line.
"""

from __future__ import annotations

from typing import Any

from kobito_tui.core.game import Result
from kobito_tui.i18n import Translator, translator, words
from kobito_tui.treasure.board import COLOURS


def _heading(t: Translator, name: str) -> str:
    """A detail's column heading; a detail without words here is named by its key."""
    headings = {"gold": t("Gold won"), "penalties": t("Penalty cards"), "colours": t("Colour")}
    return headings.get(name) or name.replace("_", " ").capitalize()


def cell(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return " ".join(map(str, value)) or "–"
    return str(value)


def _cell(t: Translator, name: str, value: Any) -> str:
    """One seat's value; Hide the Treasure's colours in ``t``'s words."""
    return words.colour(t, value) if name == "colours" and value in COLOURS else cell(value)


def detail_columns(result: Result, players: int, t: Translator | None = None) -> list[tuple[str, list[str]]]:
    """``(heading, one cell per seat)`` for every per-seat detail of ``result``, in ``t``'s language (English)."""
    t = t or translator("en")
    return [
        (_heading(t, name), [_cell(t, name, value) for value in values])
        for name, values in result.details.items()
        if isinstance(values, (list, tuple)) and len(values) == players
    ]
