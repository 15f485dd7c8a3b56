"""The characters the tile grid draws: readable without colour."""

from __future__ import annotations

TREASURES = {"crown": "♛", "ring": "○", "goblet": "∇", "key": "⊸", "gem": "◆"}
CHEST = "[≡≡]"
UNKNOWN = "?"  # seek: a tile nobody has seen yet
ARROWS = {"up": "↑", "down": "↓", "left": "←", "right": "→"}
TRAIL = "↻"  # a tile flipped during the current turn
HINT = "★"
WON = "★"  # a tile of the winner's colour, once over
CORNER = "◇"  # a corner the shared pawn may start on
CURSOR = "◆"
PAWN = "●"


def pawn_label(seat: int | None) -> str:
    """``●2`` for seat 1's pawn; the shared pawn has no number."""
    return PAWN if seat is None else f"{PAWN}{seat + 1}"
