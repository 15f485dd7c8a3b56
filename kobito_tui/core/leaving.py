"""Leaving a game: the one rule every game shares.

A player may leave while the game is not over, on their turn or not; the record
then holds ``{"type": "leave", "seat": s}``.  When one seat alone has not left,
the game is over and that seat wins.  Otherwise the game plays on (the table
seats a computer stand-in, :data:`STAND_IN`, in the seat) and the leaver
finishes last, an earlier leaver below a later (:func:`~kobito_tui.core.game.places`).

A game takes part by keeping ``left`` (the seats that left, in order) in its
state beside ``names`` and ``over``, and by wrapping its ``apply``, ``result``
and ``describe`` with the functions here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, Protocol

from kobito_tui.core.game import Event, IllegalEvent, Result
from kobito_tui.core.message import Message

LEAVE = "leave"
STAND_IN = "medium"  # the computer that plays on in a seat whose player left


class Leavable(Protocol):
    """What leaving reads and changes of a game's state."""

    names: tuple[str, ...]
    left: list[int]
    over: bool


def leave_event(seat: int) -> Event:
    return {"type": LEAVE, "seat": seat}


def is_leave(event: object) -> bool:
    return isinstance(event, dict) and event.get("type") == LEAVE


def with_leaving(apply: Callable[[Any, Any], None]) -> Callable[[Any, Any], None]:
    """A game's ``apply`` that also takes a leave event."""

    def applied(state: Any, event: Any) -> None:
        if is_leave(event):
            leave(state, event)
        else:
            apply(state, event)

    return applied


def leave(state: Leavable, event: Event) -> None:
    """Check a leave event and apply it; ``IllegalEvent`` (nothing changed) if refused."""
    extra = sorted(event.keys() - {"type", "seat"})
    if extra:
        raise IllegalEvent("game.unknown-fields", kind=LEAVE, fields=extra)
    if state.over:
        raise IllegalEvent("game.over")
    seat = event.get("seat")
    if type(seat) is not int or not 0 <= seat < len(state.names) or seat in state.left:
        raise IllegalEvent("game.cannot-leave", seat=seat)
    state.left.append(seat)
    if len(state.names) - len(state.left) == 1:
        state.over = True


def last_stayer(state: Leavable) -> int | None:
    """The seat that won because every other player left, if the game ended so."""
    stayed = [seat for seat in range(len(state.names)) if seat not in state.left]
    return stayed[0] if len(stayed) == 1 else None


def amend(state: Leavable, result: Result | None) -> Result | None:
    """A game's ``result`` with who left: a game that ended by leaving is won by the one who stayed."""
    if result is None or not state.left:
        return result
    stayer = last_stayer(state)
    if stayer is None:
        return replace(result, left=list(state.left), notes=[*result.notes, Message("game.left-note", {"seats": list(state.left)})])
    return Result([stayer], result.scores, Message("game.others-left", {"seat": stayer}), result.details, [], list(state.left))


def described(state: Leavable, event: Event) -> Message | None:
    """The message for a leave event (None for any other)."""
    if not is_leave(event):
        return None
    return Message("game.left", {"seat": event["seat"], "ends": len(state.names) - len(state.left) == 2})
