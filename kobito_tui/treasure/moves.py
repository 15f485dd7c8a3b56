"""The moves ``apply`` accepts now, computed cheaply from the neighbour table."""

from __future__ import annotations

from kobito_tui.core.game import Event

from kobito_tui.treasure.board import CORNERS, NEIGHBOURS, to_rc
from kobito_tui.treasure.rules import STEPS_PER_TURN
from kobito_tui.treasure.state import TreasureState


def legal_steps(state: TreasureState) -> list[str]:
    """Directions the acting pawn may step in now."""
    if state.over or not state.ready or state.pending is not None or state.steps == STEPS_PER_TURN:
        return []
    pawns = state.pawns
    here = pawns[0 if state.shared else state.to_act]
    if here is None:
        return []
    return [direction for direction, target in NEIGHBOURS[here].items() if target not in pawns]


def legal_moves(state: TreasureState) -> list[Event]:
    """Every move for the seat to act: steps, end, pass, or placing the shared pawn."""
    if state.over or not state.ready or state.pending is not None:
        return []
    seat = state.to_act
    if state.steps == STEPS_PER_TURN:
        return [{"type": "end", "seat": seat}]
    if state.shared and state.pawns[0] is None:
        return [{"type": "place", "seat": seat, "corner": list(to_rc(corner))} for corner in CORNERS]
    steps = [{"type": "step", "seat": seat, "dir": direction} for direction in legal_steps(state)]
    return steps or [{"type": "pass", "seat": seat}]
