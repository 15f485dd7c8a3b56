"""What the table says in messages: log entries and refusals, each an id with
parameters (for a client to put in its own words later) plus English text for now."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kobito_tui.core.game import Event


@dataclass(frozen=True)
class LogEntry:
    """One line of the log: ``id`` is the event's type, ``params`` the rest of the
    event as the perspective may know it, ``text`` the engine's words (``describe``)."""

    id: str
    params: dict[str, Any]
    text: str

    @classmethod
    def of(cls, event: Event, text: str) -> LogEntry:
        """The entry for an (already redacted) event."""
        return cls(event["type"], {k: v for k, v in event.items() if k != "type"}, text)


@dataclass(frozen=True)
class Refusal:
    """Why the table refused a request; nothing changed."""

    id: str
    params: dict[str, Any] = field(default_factory=dict)
    text: str = ""


def no_such_seat(seat: object) -> Refusal:
    return Refusal("no-such-seat", {"seat": seat}, f"there is no seat {seat!r} at this table")


def game_over() -> Refusal:
    return Refusal("game-over", {}, "the game is over")


def not_your_turn(seat: int, to_act: int | None) -> Refusal:
    return Refusal("not-your-turn", {"seat": seat, "to_act": to_act}, "it is not your turn")


def stale(revision: object, current: int) -> Refusal:
    return Refusal(
        "stale-revision",
        {"revision": revision, "current": current},
        "the table changed before your move arrived; look again",
    )


def illegal(move: object) -> Refusal:
    return Refusal("illegal-move", {"move": move}, "that move is not allowed now")


def nothing_to_undo() -> Refusal:
    return Refusal("nothing-to-undo", {}, "there is no move of yours to take back")


def nothing_to_redo() -> Refusal:
    return Refusal("nothing-to-redo", {}, "there is no move to play again")
