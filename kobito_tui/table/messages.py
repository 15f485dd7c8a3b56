"""What the table says: log entries and refusals, each an id with JSON parameters
(seats by number), put in a client's words by ``kobito_tui.i18n.messages.say``."""

from __future__ import annotations

from dataclasses import dataclass

from kobito_tui.core.message import Message

LogEntry = Message
"""One line of the log: the engine's ``describe`` message, for one perspective."""


@dataclass(frozen=True)
class Refusal(Message):
    """Why the table refused a request; nothing changed.  Whoever shows it words it
    (``i18n.messages.say``); ``str(refusal)`` is its id and params, not words."""

    def __hash__(self) -> int:
        return hash(self.id)


class Refused(Exception):
    """A refusal that comes later, as a future's exception (a remote table's hint)."""

    def __init__(self, refusal: Refusal):
        super().__init__(str(refusal))
        self.refusal = refusal


def no_such_seat(seat: object) -> Refusal:
    return Refusal("no-such-seat", {"seat": seat})


def game_over() -> Refusal:
    return Refusal("game-over")


def not_your_turn(seat: int, to_act: int | None) -> Refusal:
    return Refusal("not-your-turn", {"seat": seat, "to_act": to_act})


def stale(revision: object, current: int) -> Refusal:
    return Refusal("stale-revision", {"revision": revision, "current": current})


def illegal(move: object) -> Refusal:
    return Refusal("illegal-move", {"move": move})


def cannot_leave(seat: int) -> Refusal:
    """The seat's player left already, or the game has no leaving."""
    return Refusal("cannot-leave", {"seat": seat})


def nothing_to_undo() -> Refusal:
    """No move of the seat's own this turn to take back."""
    return Refusal("nothing-to-undo")


def undo_before_load() -> Refusal:
    """The seat's last move was made before the game was loaded (undo starts afresh with each load)."""
    return Refusal("undo-before-load")


def undo_barrier(event_type: object) -> Refusal:
    """A chance event of ``event_type`` came after the seat's last move: undo stops there."""
    return Refusal("undo-barrier", {"after": event_type})


def nothing_to_redo() -> Refusal:
    return Refusal("nothing-to-redo")


def still_thinking() -> Refusal:
    return Refusal("still-thinking")


CANNOT_SAVE = "cannot-save"


def cannot_save(full: bool, what: str) -> Refusal:
    """The server could not store the change, so it was not made; ``what``: move, undo, table, seat or analysis."""
    return Refusal(CANNOT_SAVE, {"cause": "disk-full" if full else "disk-error", "what": what})
