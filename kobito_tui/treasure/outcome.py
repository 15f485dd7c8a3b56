"""The result of a finished game, with every colour revealed."""

from __future__ import annotations

from kobito_tui.core.game import Result
from kobito_tui.core.message import Message

from .board import COLOURS
from .state import TreasureState


def result(state: TreasureState) -> Result | None:
    """The result once over, else None."""
    if not state.over:
        return None
    colours = [COLOURS[colour] for colour in state.colour_of]
    if state.winner is None:
        winners = []
        summary = Message("treasure.turn-limit", {"rounds": state.options["turn_limit"]})
    else:
        winners = [state.winner]
        summary = Message("treasure.won", {"seat": state.winner, "colour": colours[state.winner], "seek": state.seek})
    return Result(winners=winners, summary=summary, details={"colours": colours})
