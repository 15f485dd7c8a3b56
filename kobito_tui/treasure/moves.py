"""The moves ``apply`` accepts now, computed cheaply from the neighbour table."""

from __future__ import annotations

from functools import cache

from kobito_tui.core.game import Event
from kobito_tui.treasure.board import CORNERS, NEIGHBOURS, to_rc
from kobito_tui.treasure.rules import STEPS_PER_TURN
from kobito_tui.treasure.state import TreasureState

NEAR = tuple(sum(1 << target for target in NEIGHBOURS[pos].values()) for pos in range(len(NEIGHBOURS)))
"""``NEAR[pos]``: the mask of the positions one step from ``pos``."""


def legal_steps(state: TreasureState) -> list[str]:
    """Directions the acting pawn may step in now."""
    return [move["dir"] for move in legal_moves(state) if move["type"] == "step"]


def legal_moves(state: TreasureState) -> list[Event]:
    """Every move for the seat to act: steps, end, pass, or placing the shared pawn."""
    if state.over or not state.ready or state.pending is not None:
        return []
    seat = state.to_act
    if state.steps == STEPS_PER_TURN:
        return [{"type": "end", "seat": seat}]
    here = state.pawns[0 if state.shared else seat]
    if here is None:  # the shared pawn, not yet placed
        return [{"type": "place", "seat": seat, "corner": list(to_rc(corner))} for corner in CORNERS]
    return list(_steps(seat, here, state.occupied & NEAR[here]) or [{"type": "pass", "seat": seat}])


@cache  # at most 4 seats x 25 positions x 16 masks
def _steps(seat: int, here: int, blocked: int) -> tuple[Event, ...]:
    """``seat``'s steps from ``here`` onto a neighbour not in the mask ``blocked``.
    The same event objects are handed out again: events are values, never changed."""
    return tuple(
        {"type": "step", "seat": seat, "dir": direction} for direction, target in NEIGHBOURS[here].items() if not blocked >> target & 1
    )
