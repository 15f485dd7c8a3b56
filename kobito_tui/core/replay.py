"""A replay cursor: any moment of a record, reached quickly from checkpoints.

Position ``k`` is the state after the first ``k`` events, from :attr:`start`
(the table set up by the opening chance events: nothing can be seen earlier)
to ``n``.  One fold at construction keeps a copy of the state every ``every``
events, who acts at each position and where turns begin; a jump then copies
the nearest checkpoint at or before ``k`` and applies fewer than ``every`` events
(ahead in the same stretch, it applies on from the moment shown).  The fold runs
with the cyclic garbage collector paused (it makes no cycles).  Log lines are
described a block of ``LINES_EVERY`` events at a time, when first shown.
Nothing here calls an RNG: the record's chance events are replayed as they
were saved.

What a replay may show (:func:`perspectives`): everything once the game is
over; in an unfinished game only its one human's view, and nothing at all
with several humans (or none), whose hidden cards a replay would show to
whoever sits at the screen.  Players' names are made printable first, so the
views and log lines a replay shows never carry a terminal code.
"""

from __future__ import annotations

import gc
from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from contextlib import contextmanager
from copy import deepcopy
from dataclasses import replace
from typing import Any

from kobito_tui.core.game import Event, Game, Header, Seat
from kobito_tui.core.message import Message
from kobito_tui.core.record import Record, fold, new_header
from kobito_tui.core.safetext import printable

CHECKPOINT_EVERY = 64  # events between checkpoints, or more in a long record:
MAX_CHECKPOINTS = 256  # copies of the state are what a long record's memory and opening time go to
LINES_EVERY = 64  # events described at a time for the log (the lines of a long record's stretch are not all shown)
HOT_SEAT_REFUSAL = "Continue it to the end first; replays of unfinished hot-seat games would show hidden cards."
COMPUTERS_REFUSAL = "Continue it to the end first; a replay of an unfinished game would show the computers' hidden cards."


class HiddenView(ValueError):
    """A perspective this replay may not show."""


@contextmanager
def collector_paused() -> Iterator[None]:
    """No cyclic garbage collection meanwhile: a fold makes no cycles (what it drops, reference
    counting frees), yet the collector would walk every state and event kept so far, many times
    over in a long record."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def printable_names(header: Header) -> Header:
    """``header`` with every player's name made printable, for what is shown."""
    return replace(header, seats=tuple(replace(seat, name=printable(seat.name)) for seat in header.seats))


def perspectives(header: Header, over: bool, viewer: int | None = None) -> tuple[int | None, ...]:
    """The views a replay may offer, None standing for everything: a game not over, only its one human's
    (or ``viewer``'s: a player's own replay of a served game every player left)."""
    humans = [seat for seat, player in enumerate(header.seats) if not player.is_bot]
    if over:
        return (None, *range(header.players))
    if viewer is not None and 0 <= viewer < header.players:
        return (viewer,)
    return (humans[0],) if len(humans) == 1 else ()


def refusal(header: Header, over: bool) -> str | None:
    """Why this game cannot be replayed now, or None when it can."""
    if perspectives(header, over):
        return None
    return HOT_SEAT_REFUSAL if any(not player.is_bot for player in header.seats) else COMPUTERS_REFUSAL


class ReplayCursor:
    """A read-only position in ``record``, moved by event, by turn, or by jump."""

    def __init__(self, record: Record, every: int | None = None, viewer: int | None = None):
        self.record = Record(printable_names(record.header), record.events)
        self.game: Game = record.game
        self.every = every or max(CHECKPOINT_EVERY, -(-len(record.events) // MAX_CHECKPOINTS))
        self._checkpoints: list[Any] = []
        # Where each move (an event with a seat) is: how many came before a position is a bisection.
        self._moves = [k for k, event in enumerate(record.events) if "seat" in event]
        # Positions where a turn begins: the first position with a seat to act,
        # then the one after each turn-closing move and the chance events it calls for.
        self._turn_starts: list[int] = []
        self._lines: dict[tuple[int | None, int], list[Message | None]] = {}  # (seat, block) → its lines
        with collector_paused():
            state = self._fold()
        self.over = self.game.is_over(state)
        self.perspectives = perspectives(self.header, self.over, viewer)
        self.start = self._turn_starts[0] if self._turn_starts else 0
        self.position = len(self.events)
        self.state = state
        self.jump(self.start)

    def _fold(self) -> Any:
        """Apply every event once, noting checkpoints and turn starts; the final state.
        (The one slow step in opening a replay: names are bound locally, and who is to act
        is asked only after a closing move, until someone is: where the next turn begins.)"""
        game, events, every = self.game, self.events, self.every
        apply, to_act, closes_turn, copy = game.apply, game.to_act, game.closes_turn, game.copy_state
        checkpoints, turn_starts = self._checkpoints, self._turn_starts
        state = game.new_state(self.header)
        waiting = True  # for the first turn, then for the one after each closing move
        for first in range(0, len(events) + 1, every):
            checkpoints.append(copy(state))
            for k, event in enumerate(events[first : first + every], start=first):
                if waiting and to_act(state) is not None:
                    turn_starts.append(k)
                    waiting = False
                apply(state, event)
                if "seat" in event and closes_turn(event):
                    waiting = True
        if waiting and to_act(state) is not None:
            turn_starts.append(len(events))
        return state

    # -- reading ---------------------------------------------------------
    @property
    def header(self) -> Header:
        return self.record.header

    @property
    def events(self) -> list[Event]:
        return self.record.events

    @property
    def length(self) -> int:
        """n: the number of events, so positions run from 0 to n."""
        return len(self.events)

    @property
    def to_act(self) -> int | None:
        return self.game.to_act(self.state)  # (the state is always the position's)

    @property
    def turn(self) -> int:
        """1 for the first turn (0 only in a record that never got past setup)."""
        return bisect_right(self._turn_starts, self.position)

    @property
    def turns(self) -> int:
        return len(self._turn_starts)

    @property
    def moves_done(self) -> int:
        """Moves (events with a seat) among the first ``position`` events."""
        return bisect_left(self._moves, self.position)

    @property
    def moves(self) -> int:
        return len(self._moves)

    def view(self, seat: int | None) -> Any:
        """What ``seat`` could see at this moment; None: everything."""
        self._check(seat)
        return self.game.view(self.state, seat)

    def _check(self, seat: int | None) -> None:
        if seat not in self.perspectives:
            raise HiddenView(refusal(self.header, self.over) or f"this replay shows seat {self.perspectives[0]} only")

    def lines_before(self, position: int, seat: int | None, count: int) -> list[tuple[int, Message]]:
        """The last ``count`` log lines (as ``seat`` reads them) of the events before ``position``,
        oldest first, each with the position just after its event."""
        self._check(seat)
        found: list[tuple[int, Message]] = []
        block = (min(position, self.length) - 1) // LINES_EVERY
        while block >= 0 and len(found) < count:
            first = block * LINES_EVERY
            lines = self._block_lines(seat, block)[: max(0, position - first)]
            found[:0] = [(first + index + 1, line) for index, line in enumerate(lines) if line]
            block -= 1
        return found[-count:] if count else []

    def next_line(self, position: int, seat: int | None) -> int | None:
        """The position just after the first event after ``position`` that has a log line."""
        self._check(seat)
        for block in range(max(0, position) // LINES_EVERY, (self.length - 1) // LINES_EVERY + 1):
            first = block * LINES_EVERY
            for index, line in enumerate(self._block_lines(seat, block)):
                if line and first + index + 1 > position:
                    return first + index + 1
        return None

    def _block_lines(self, seat: int | None, block: int) -> list[Message | None]:
        """The lines of the events from ``block * LINES_EVERY`` to the next block (None: no line)."""
        if (seat, block) not in self._lines:
            first = block * LINES_EVERY
            state = self.state_at(first)
            lines = []
            for event in self.events[first : first + LINES_EVERY]:
                lines.append(self.game.describe(state, event, seat))
                self.game.apply(state, event)
            self._lines[seat, block] = lines
        return self._lines[seat, block]

    def state_at(self, k: int) -> Any:
        """A copy of the state after the first ``k`` events (0 … n), from the nearest checkpoint:
        the caller may apply events to it."""
        k = max(0, min(self.length, k))
        if k == self.position:
            return self.game.copy_state(self.state)
        start = k // self.every * self.every
        state = self.game.copy_state(self._checkpoints[start // self.every])
        for event in self.events[start:k]:
            self.game.apply(state, event)
        return state

    # -- moving ----------------------------------------------------------
    def jump(self, k: int) -> None:
        """Go to position ``k`` (clamped to start … n)."""
        k = max(self.start, min(self.length, k))
        if k == self.position:
            return
        if self.position < k < (self.position // self.every + 1) * self.every:
            state = self.state  # ahead in the same stretch: apply on
            for event in self.events[self.position : k]:
                self.game.apply(state, event)
        else:
            state = self.state_at(k)
        self.state, self.position = state, k

    def step(self, delta: int = 1) -> None:
        self.jump(self.position + delta)

    def next_turn(self) -> None:
        """To the start of the next turn (or the end)."""
        index = bisect_right(self._turn_starts, self.position)
        self.jump(self._turn_starts[index] if index < len(self._turn_starts) else self.length)

    def previous_turn(self) -> None:
        """To the start of the turn before the one shown (of this one, if inside it)."""
        index = bisect_left(self._turn_starts, self.position)
        self.jump(self._turn_starts[index - 1] if index > 0 else 0)

    # -- branching -------------------------------------------------------
    def branch(self, k: int, seats: tuple[Seat, ...]) -> Record:
        """A new record: the first ``k`` events, played on by ``seats`` (same count)."""
        if len(seats) != self.header.players:
            raise ValueError(f"this game has {self.header.players} seats, not {len(seats)}")
        header = new_header(self.header.game, tuple(seats), self.header.options)  # a new game: unseeded
        events = deepcopy(self.events[: max(0, min(self.length, k))])
        fold(self.game, header, events)  # a branch is always a valid record
        return Record(header, events)
