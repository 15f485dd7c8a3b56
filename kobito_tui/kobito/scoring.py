"""Scores and the result: gold won − 3 × penalty cards; the tie-break option."""

from __future__ import annotations

from kobito_tui.core.game import Result
from kobito_tui.core.words import verb
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
    if state.options["tie"] == "penalties-then-shared":
        fewest = min(len(state.penalties[s]) for s in best)
        best = [s for s in best if len(state.penalties[s]) == fewest]
    return best


def result(state: KobitoState) -> Result | None:
    if not state.over:
        return None
    totals = scores(state)
    best = winners(state)
    names = [state.names[s] for s in best]
    if len(best) == 1:
        summary = f"{names[0]} {verb(names[0], 'wins')} with {totals[best[0]]}"
    else:
        summary = f"{', '.join(names[:-1])} and {names[-1]} share the win with {totals[best[0]]}"
    return Result(
        winners=best,
        scores=totals,
        summary=summary,
        details={
            "gold": [list(gold_values(state, s)) for s in range(state.players)],
            "penalties": [len(p) for p in state.penalties],
        },
    )
