"""Scores and the result: gold won − 3 × penalty cards; the tie-break option."""

from __future__ import annotations

from kobito_tui.core.game import Result
from kobito_tui.core.message import Message
from kobito_tui.kobito.options import Tie
from kobito_tui.kobito.state import KobitoState

PENALTY_POINTS = 3


def gold_values(state: KobitoState, seat: int) -> tuple[int, ...]:
    return tuple(state.gold_cards[g].value for g in state.won[seat])


def scores(state: KobitoState) -> list[int]:
    return [sum(gold_values(state, s)) - PENALTY_POINTS * len(state.penalties[s]) for s in range(state.players)]


def winners(state: KobitoState) -> list[int]:
    """Highest score; with ``tie`` "penalties-then-shared", fewest penalty cards among those."""
    totals = scores(state)
    best = [s for s, total in enumerate(totals) if total == max(totals)]
    if state.options["tie"] == Tie.PENALTIES_THEN_SHARED:
        fewest = min(len(state.penalties[s]) for s in best)
        best = [s for s in best if len(state.penalties[s]) == fewest]
    return best


def tie_break(state: KobitoState) -> Message | None:
    """What the tie-break did, when the best score is shared and the option breaks ties:
    ``tied`` the seats on that score, ``winners`` those it left."""
    totals = scores(state)
    tied = [s for s, total in enumerate(totals) if total == max(totals)]
    if len(tied) < 2 or state.options["tie"] != Tie.PENALTIES_THEN_SHARED:
        return None
    return Message("result.tie-break", {"tied": tied, "winners": winners(state)})


def result(state: KobitoState) -> Result | None:
    if not state.over:
        return None
    totals = scores(state)
    best = winners(state)
    note = tie_break(state)
    return Result(
        winners=best,
        scores=totals,
        summary=Message("kobito.won", {"winners": best, "score": totals[best[0]]}),
        details={
            "gold": [list(gold_values(state, s)) for s in range(state.players)],
            "penalties": [len(p) for p in state.penalties],
        },
        notes=[] if note is None else [note],
    )
