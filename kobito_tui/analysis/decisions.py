"""A finished game cut into the decisions the analysis judges.

A *decision* is a run of one seat's moves with nothing new learnt in between: it
starts when the seat must move and ends at the move that closes its turn
(``Game.closes_turn``) or at a move after which chance acts (a Kobito pot won and
laid anew, a Hide the Treasure tile turned up in seek).  A turn with no chance
inside is one decision; a turn that a chance event cuts is judged piece by piece,
each piece from what the seat knew when it made it: a seat is judged on what it
chose, not on the card or tile it was then dealt.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kobito_tui.core.game import Event
from kobito_tui.core.record import Record, fold


@dataclass(frozen=True)
class Decision:
    """Events ``start``..``end`` (exclusive) of the record, all moves of ``seat``;
    ``forced`` when each was the only legal move at its point."""

    start: int
    end: int
    seat: int
    forced: bool

    def events(self, record: Record) -> list[Event]:
        return record.events[self.start : self.end]


def decisions(record: Record) -> list[Decision]:
    """The record's decisions in order (the record is checked by the rules as it is folded)."""
    game = record.game
    state = fold(game, record.header, [])
    found: list[Decision] = []
    start: int | None = None
    forced = True
    for index, event in enumerate(record.events):
        seat = event.get("seat") if isinstance(event, dict) else None
        if seat is not None:
            if start is None:
                start, forced = index, True
            forced = forced and len(game.legal_moves(state)) == 1
        game.apply(state, event)
        if start is not None and (game.closes_turn(event) or _cut_after(record.events, index)):
            found.append(Decision(start, index + 1, record.events[start]["seat"], forced))
            start = None
    return found


def _cut_after(events: list[Event], index: int) -> bool:
    """Whether the event after ``index`` is not the same seat's next move (chance, or the end)."""
    if index + 1 >= len(events):
        return True
    following = events[index + 1]
    return "seat" not in following or following["seat"] != events[index]["seat"]


def position(record: Record, index: int, seat: int) -> tuple[Any, list[Event]]:
    """What ``seat`` knows before event ``index``: its view and its redacted history."""
    game = record.game
    state = fold(game, record.header, record.events[:index])
    return game.view(state, seat), [game.redact(event, seat) for event in record.events[:index]]
