"""Hide the Treasure: a decision's winning chances by the Hard computer's own search.

``bots.treasure_search.RoundSearch`` deduces the others' colours from the
seat's redacted history, plays two rounds out in each likely world and judges
the race that remains: its value of a path is the seat's winning chance (a path
that wins at once counts 1; the small cost it puts on giving the own colour away
is kept: a path that tells the table the colour is worse).  Every path open to
the pawn is valued; a decision cut short by a tile turned up (seek) is valued as
its best continuation (in seek over ``_Search.LAYOUTS`` layouts of the unseen
tiles).  Placing the shared pawn is not judged.
"""

from __future__ import annotations

from typing import Any

from kobito_tui.bots.treasure_model import paths, table_from_history
from kobito_tui.bots.treasure_search import RoundSearch
from kobito_tui.core.game import Event
from kobito_tui.treasure.board import COLOURS
from kobito_tui.treasure.rules import STEPS_PER_TURN

from .judgement import Judgement, rng


class _Search(RoundSearch):
    LAYOUTS = 8  # seek: fewer layouts of the unseen tiles than the Hard computer's, for speed


def judge(view: Any, history: list[Event], played: list[Event], seed: int) -> Judgement | None:
    """The decision's chances, or None when it is not judged (a placement, a pass, an
    end of turn cut from its steps by a reveal)."""
    seat = view.seat
    table = table_from_history(history)
    steps = [move["dir"] for move in played if move["type"] == "step"]
    here = table.pawn(seat)  # None while the shared pawn is still to be placed
    options = paths(here, table.blocked(seat), STEPS_PER_TURN - view.steps_taken) if steps and here is not None else []
    if not options:
        return None
    search = _Search(table, seat, COLOURS.index(view.my_colour), rng(seed, "layouts"))
    values = {path.dirs: min(1.0, max(0.0, search.value(path))) for path in options}
    played_value = max(v for dirs, v in values.items() if dirs[: len(steps)] == tuple(steps))
    best = max(values, key=lambda dirs: (values[dirs], dirs[: len(steps)] == tuple(steps)))
    if values[best] <= played_value:
        return Judgement(played_value, played_value, tuple(played))
    moves: list[Event] = [{"type": "step", "seat": seat, "dir": d} for d in best]
    if view.steps_taken + len(best) == STEPS_PER_TURN:
        moves.append({"type": "end", "seat": seat})
    return Judgement(values[best], played_value, tuple(moves))
