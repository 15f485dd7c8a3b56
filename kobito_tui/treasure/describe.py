"""Log messages; a seat's colour is named only to that seat or once over."""

from __future__ import annotations

from typing import Any

from kobito_tui.core.game import SPECTATOR, Event
from kobito_tui.core.message import Message

from .board import COLOURS, NEIGHBOURS
from .outcome import result
from .rules import apply
from .state import TreasureState


def describe(state: TreasureState, event: Event, seat: int | None) -> Message | None:
    """The message for ``event`` applied to ``state`` (the state before it).

    Steps are told once, by the ``end`` that confirms them (``treasure.turn``),
    or by the step (or the reveal after it, in seek) that ends the game.  A
    reveal is public.  A message that ends the game holds its result's summary.
    """
    after = state.copy()
    apply(after, event)
    kind = event["type"]
    if kind == "setup":
        return _setup(after, seat)
    who: dict[str, Any] = {"seat": event.get("seat", state.to_act)}
    if kind == "place":
        return Message("treasure.place", who | {"corner": list(event["corner"])})
    if kind == "pass":
        params = who
    elif kind == "reveal":
        kind, params = ("turn", who | _moves(after.path)) if after.over else ("reveal", who)
        params["tile"] = list(event["tile"])
    elif kind == "end":
        kind, params = "turn", who | _moves(state.path)
    elif after.over:
        kind, params = "turn", who | _moves(after.path)
    else:
        return None
    over = result(after)
    if over is not None and over.summary is not None:
        params["result"] = {"id": over.summary.id, "params": over.summary.params}
    return Message(f"treasure.{kind}", params)


def _moves(path: list[int]) -> dict[str, Any]:
    directions = [
        next(direction for direction, target in NEIGHBOURS[here].items() if target == there) for here, there in zip(path, path[1:])
    ]
    return {"directions": directions}


def _setup(state: TreasureState, seat: int | None) -> Message:
    """Colours as the seat knows them: all (None), its own (the others None), or none (SPECTATOR)."""
    params: dict[str, Any] = {"first": state.first, "seek": state.seek}
    if seat != SPECTATOR:
        params["colours"] = [COLOURS[c] if seat in (None, s) else None for s, c in enumerate(state.colour_of)]
    return Message("treasure.setup", params)
