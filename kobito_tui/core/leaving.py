"""Who plays a seat, as the record tells it: leaving a game, a stand-in, coming back.  One rule for every game.

A player may leave while the game is not over, on their turn or not; the record
then holds ``{"type": "leave", "player": s}`` (``player``, not ``seat``: no seat chose
it at its turn, so bots, undo and the analysis take it as they take chance).  When one seat alone has not left,
the game is over and that seat wins.  Otherwise the game plays on (the table
seats a computer stand-in, :data:`STAND_IN`, in the seat) and the leaver
finishes last, an earlier leaver below a later (:func:`~kobito_tui.core.game.places`).

A player away for long may have a computer play for them (``"stand-in"``) and
take their seat back on return (``"back"``; the stand-in's moves stay): these
change nothing in the game, the record tells them so that a replay does.  Or the
others may vote to end the game as it stands (``"called-off"``, naming the seat
that held it up, which counts as having left): the best of the others on points
win, or, in a game without points, nobody.

Whoever left never wins: a stand-in that finishes first gives the win to the best
of those who stayed.

A game takes part by keeping ``left`` (the seats that left, in order) in its
state beside ``names`` and ``over``, and by wrapping its ``apply``, ``result``
and ``describe`` with the functions here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from kobito_tui.core.game import Event, IllegalEvent, Result
from kobito_tui.core.message import Message

LEAVE, STANDS_IN, BACK, CALLED_OFF = "leave", "stand-in", "back", "called-off"
SEAT_EVENTS = (LEAVE, STANDS_IN, BACK, CALLED_OFF)
STAND_IN = "medium"  # the computer that plays on in a seat whose player left


class Leavable(Protocol):
    """What leaving reads and changes of a game's state."""

    names: tuple[str, ...]
    left: list[int]
    called_off: bool
    over: bool


def seat_event(kind: str, seat: int) -> Event:
    """A leave, stand-in, back or called-off event for ``seat``."""
    return {"type": kind, "player": seat}


def leave_event(seat: int) -> Event:
    return seat_event(LEAVE, seat)


def is_seat_event(event: object) -> bool:
    return isinstance(event, dict) and event.get("type") in SEAT_EVENTS


def with_leaving(apply: Callable[[Any, Any], None]) -> Callable[[Any, Any], None]:
    """A game's ``apply`` that also takes the seat events."""

    def applied(state: Any, event: Any) -> None:
        if is_seat_event(event):
            play_seat_event(state, event)
        else:
            apply(state, event)

    return applied


def play_seat_event(state: Leavable, event: Event) -> None:
    """Check a seat event and apply it; ``IllegalEvent`` (nothing changed) if refused."""
    kind = event["type"]
    extra = sorted(event.keys() - {"type", "player"})
    if extra:
        raise IllegalEvent("game.unknown-fields", kind=kind, fields=extra)
    if state.over:
        raise IllegalEvent("game.over")
    seat = event.get("player")
    if type(seat) is not int or not 0 <= seat < len(state.names) or seat in state.left:
        raise IllegalEvent("game.not-a-players-seat", seat=seat)
    if kind in (STANDS_IN, BACK):
        return  # who plays the seat is the table's: the record tells it
    state.left.append(seat)
    state.called_off = kind == CALLED_OFF
    if state.called_off or len(state.names) - len(state.left) == 1:
        state.over = True


def last_stayer(state: Leavable) -> int | None:
    """The seat that won because every other player left, if the game ended so."""
    stayed = [seat for seat in range(len(state.names)) if seat not in state.left]
    return stayed[0] if len(stayed) == 1 else None


def amend(state: Leavable, result: Result | None) -> Result | None:
    """A game's ``result`` with who left: a game that ended by leaving is won by the one who stayed, one called
    off by the best of the others on points; whoever left never wins."""
    if result is None or not state.left:
        return result
    left = list(state.left)
    stayer = last_stayer(state)
    if stayer is not None and not state.called_off:
        return Result([stayer], result.scores, Message("game.others-left", {"seat": stayer, "left": left}), result.details, [], left)
    winners = [seat for seat in result.winners if seat not in left]
    if state.called_off or not winners:
        winners = best_of_the_rest(result, len(state.names), left)
    summary = result.summary
    if state.called_off:
        summary = Message("game.called-off", {"seat": left[-1], "winners": winners})
    elif winners != result.winners:
        summary = Message("game.won-after-leaving", {"winners": winners})
    notes = [*result.notes, Message("game.left-note", {"seats": left})]
    return Result(winners, result.scores, summary, result.details, notes, left)


def best_of_the_rest(result: Result, players: int, left: list[int]) -> list[int]:
    """Those who stayed with the most points (none in a game without them)."""
    stayed = [seat for seat in range(players) if seat not in left]
    if result.scores is None:
        return []
    best = max(result.scores[seat] for seat in stayed)
    return [seat for seat in stayed if result.scores[seat] == best]


def described(state: Leavable, event: Event) -> Message | None:
    """The message for a seat event (None for any other)."""
    if not is_seat_event(event):
        return None
    if event["type"] in (STANDS_IN, BACK):
        return Message("game.stand-in" if event["type"] == STANDS_IN else "game.back", {"seat": event["player"]})
    if event["type"] == CALLED_OFF:
        return Message("game.calling-off", {"seat": event["player"]})
    return Message("game.left", {"seat": event["player"], "ends": len(state.names) - len(state.left) == 2})
