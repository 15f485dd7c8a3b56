"""The result of a finished game, with every colour revealed."""

from __future__ import annotations

from kobito_tui.core.game import Result
from kobito_tui.core.words import verb

from .board import COLOURS
from .state import TreasureState


def result(state: TreasureState) -> Result | None:
    """The result once over, else None."""
    if not state.over:
        return None
    colours = [COLOURS[colour] for colour in state.colour_of]
    if state.winner is None:
        winners = []
        limit = state.options["turn_limit"]
        summary = f"Draw: the turn limit of {limit} round{'s' * (limit != 1)} is reached."
    else:
        winners = [state.winner]
        side = "treasure" if state.seek else "chest"
        name, colour = state.names[state.winner], colours[state.winner]
        summary = f"{name} {verb(name, 'wins')}: all 5 {colour} tiles show the {side} side."
    return Result(winners=winners, summary=summary, details={"colours": colours})
