"""The table: the one authority over a live game, and what each perspective may know of it.

In: :meth:`Table.submit`, :meth:`Table.undo`, :meth:`Table.redo`, :meth:`Table.hint`, :meth:`Table.leave`.
Every change (a move, an undo, a redo) is one revision on; a request names the
revision it was chosen at, and one for another revision is refused as stale.
A request the rules or the moment do not allow is answered with a
:class:`Refusal` and changes nothing.  Out: :meth:`Table.subscribe` gives a
perspective one full :class:`Update`, then one after every change.

Never leaving the table: the raw events, the seed (and so every shuffle to
come), the other seats' views and legal moves, the undo stack and its
checkpoints.  The table is thread-safe; callbacks run on the thread that made
the change, in revision order, outside the table's lock, and must be quick
(hand the update to the client's own loop or thread).
"""

from __future__ import annotations

import random
import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from kobito_tui.bots import make_bot
from kobito_tui.core.game import Event, Game, Header, IllegalEvent
from kobito_tui.core.leaving import BACK, CALLED_OFF, LEAVE, STANDS_IN, seat_event
from kobito_tui.core.record import Record
from kobito_tui.core.session import Session
from kobito_tui.table import messages
from kobito_tui.table.chronicle import Chronicle
from kobito_tui.table.messages import LogEntry, Refusal
from kobito_tui.table.perspective import OMNISCIENT, PUBLIC, Perspective, SeatPerspective
from kobito_tui.table.thinker import HARD_BUDGET_S, Thinker
from kobito_tui.table.update import Update, client_header
from kobito_tui.table.workers import Workers, local_workers

Callback = Callable[[Update], None]


class Occupant(Enum):
    """Who is bound to a seat."""

    NOBODY = "nobody"
    LOCAL = "local"  # a person at this program's terminal
    REMOTE = "remote"  # a person over the network
    COMPUTER = "computer"


class Subscription:
    """One client's stream of updates; :meth:`cancel` ends it.  A callback that
    raises is cancelled, its error kept in ``error``: one broken client never
    stops the others."""

    def __init__(self, table: Table, perspective: Perspective, callback: Callback):
        self.table, self.perspective, self.callback = table, perspective, callback
        self.error: Exception | None = None

    def cancel(self) -> None:
        self.table._unsubscribe(self)


@dataclass(frozen=True)
class Hint:
    """A suggested move for the seat to act at ``revision``."""

    revision: int
    move: Event


class Table:
    """One live game: the session, who sits where, the subscribers, the revision."""

    def __init__(
        self,
        record: Record,
        path: Path | None = None,
        *,
        background_save: bool = False,
        bot_delay: float = 0.6,
        hint_level: str = "hard",
        hint_budget_s: float = 0.8,
        on_save_error: Callable[[OSError], None] | None = None,
        on_events: Callable[[int, list[Event], int], Refusal | None] | None = None,
        workers: Workers | None = None,
        revision: int = 0,
    ):
        self._session = Session(record, path, background=background_save)
        self.game: Game = self._session.game
        self.header: Header = client_header(record.header)
        self.bot_delay = bot_delay  # seconds a computer's move takes at least, so people can follow
        self.hint_level, self.hint_budget_s = hint_level, hint_budget_s
        self.workers = workers or local_workers()  # where its computers and hints think
        self._hinting: set[int] = set()  # seats whose hint is being thought out
        self._seed = record.header.seed
        self._on_save_error = on_save_error
        # (kept, added, revision): the record now is its first ``kept`` events, then ``added``, and the
        # table is at ``revision``; called before the change is made known (or counted), it may refuse
        # it (a store that cannot write): the change is then undone.
        self._on_events = on_events
        # Where the count of changes starts: 0 for a new game; a table loaded again (a server's restart,
        # another server taking it) starts past every revision told of it before, so that no request
        # chosen at an old revision is taken for one at the same number now (the hub's store keeps it).
        self.revision = revision
        self._occupants = [Occupant.NOBODY] * record.header.players
        self._subscriptions: list[Subscription] = []
        self._chronicle = Chronicle(self.game, record.header)
        self._chronicle.extend(self._session.events)
        self._lock = threading.RLock()
        self._outbox: deque[tuple[Subscription, Update]] = deque()
        self._delivering = False

    # -- reading ---------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self._occupants)

    @property
    def to_act(self) -> int | None:
        return self._session.to_act

    @property
    def over(self) -> bool:
        return self._session.over

    def occupant(self, seat: int) -> Occupant:
        return self._occupants[seat]

    @property
    def spectators(self) -> int:
        return sum(s.perspective == PUBLIC for s in self._subscriptions)

    def seed_for(self, purpose: str) -> int | None:
        """A seed for a computer's own dice: in a seeded game fixed by its seed (a stream
        apart from its chance events); otherwise None, so the bot seeds from the OS."""
        if self._seed is None:
            return None
        return random.Random(f"{self._seed}:{purpose}").randrange(2**31)

    # -- seats and subscribers ------------------------------------------
    def bind(self, seat: int, occupant: Occupant) -> None:
        """Who sits in ``seat`` from now on (not a change of the game: no revision)."""
        with self._lock:
            self._occupants[seat] = occupant

    def subscribe(self, perspective: Perspective, callback: Callback) -> Subscription:
        """Send ``perspective`` the whole picture now, then an update after every change.

        The omniscient perspective is refused (ValueError) while the game is live."""
        if isinstance(perspective, SeatPerspective) and not 0 <= perspective.seat < self.players:
            raise ValueError(f"there is no seat {perspective.seat}")
        with self._lock:
            if perspective == OMNISCIENT and not self.over:
                raise ValueError("the omniscient perspective is for finished games only")
            subscription = Subscription(self, perspective, callback)
            self._subscriptions.append(subscription)
            self._outbox.append((subscription, self._update(perspective, full=True)))
        self._deliver()
        return subscription

    def _unsubscribe(self, subscription: Subscription) -> None:
        with self._lock:
            if subscription in self._subscriptions:
                self._subscriptions.remove(subscription)

    # -- changing --------------------------------------------------------
    def submit(self, seat: int, move: Event, revision: int) -> Refusal | None:
        """Play ``move`` for ``seat`` if it is that seat's turn, ``revision`` is the
        table's, and the move is legal now; else a refusal and nothing changes."""
        with self._lock:
            refusal = self._check_turn(seat) or self._check_revision(revision)
            legal = self._session.legal_moves() if refusal is None else []
            if refusal is None and move not in legal:
                refusal = messages.illegal(move)
            if refusal is None:
                ours = legal[legal.index(move)]  # the record keeps the table's copy, not the client's
                refusal = self._change(lambda: self._session.play(ours))
        self._deliver()
        return refusal

    def leave(self, seat: int) -> Refusal | None:
        """``seat``'s player leaves the game, on their turn or not (who plays on in the seat is the
        host's to bind); a refusal if the game is over, the seat left already or the game has no leaving."""
        return self._seat_event(LEAVE, seat)

    def call_off(self, seat: int) -> Refusal | None:
        """The others end the game as it stands, ``seat`` having held it up (it counts as having left)."""
        return self._seat_event(CALLED_OFF, seat)

    def stand_in(self, seat: int) -> Refusal | None:
        """The record tells that a computer plays ``seat`` for its absent player (the host binds it)."""
        return self._seat_event(STANDS_IN, seat)

    def back(self, seat: int) -> Refusal | None:
        """The record tells that ``seat``'s player is back in it (the host binds them)."""
        return self._seat_event(BACK, seat)

    def _seat_event(self, kind: str, seat: int) -> Refusal | None:
        with self._lock:
            refusal = messages.no_such_seat(seat) if type(seat) is not int or not 0 <= seat < self.players else None
            if refusal is None and self.over:
                refusal = messages.game_over()
            if refusal is None:
                try:
                    refusal = self._change(lambda: self._session.seat_event(seat_event(kind, seat)))
                except IllegalEvent:
                    refusal = messages.cannot_leave(seat)
        self._deliver()
        return refusal

    def undo(self, seat: int) -> Refusal | None:
        """Take back ``seat``'s last move of its current turn; with none left, and only
        computers at the other seats, its last whole turn and their replies since."""
        with self._lock:
            refusal = self._check_turn(seat)
            if refusal is None and self._session.can_undo(seat):
                refusal = self._change(lambda: self._session.undo(seat))
            elif refusal is None and self._may_undo_turn(seat):
                refusal = self._change(lambda: self._session.undo_turn(seat))
            elif refusal is None:
                refusal = self._why_no_undo(seat)
        self._deliver()
        return refusal

    def _why_no_undo(self, seat: int) -> Refusal:
        """Why ``seat`` (to act) may take nothing back: no move of its own this turn, a move from
        before the game was loaded, or the chance event after its move (undo never passes one)."""
        events = self._session.events
        moves = len(events)  # the chance events since the last move follow it
        while moves and "seat" not in events[moves - 1]:
            moves -= 1
        last = events[moves - 1] if moves else {}
        if last.get("seat") != seat or self.game.closes_turn(last):
            return messages.nothing_to_undo()
        if moves == len(events):
            return messages.undo_before_load()
        return messages.undo_barrier(events[moves].get("type"))

    def _may_undo_turn(self, seat: int) -> bool:
        """A whole turn may be taken back only against computers: never where another person sits."""
        others = (occupant for other, occupant in enumerate(self._occupants) if other != seat)
        return all(occupant == Occupant.COMPUTER for occupant in others) and self._session.turn_start(seat) is not None

    def redo(self, seat: int) -> Refusal | None:
        """Play again the move ``seat`` took back last."""
        with self._lock:
            refusal = self._check_turn(seat)
            if refusal is None and not self._session.can_redo(seat):
                refusal = messages.nothing_to_redo()
            if refusal is None:
                refusal = self._change(lambda: self._session.redo(seat))
        self._deliver()
        return refusal

    def hint(self, seat: int) -> Future[Hint] | Refusal:
        """A computer's suggestion (``hint_level``) for ``seat``, thought out on the workers from
        what the seat may know; the future holds a :class:`Hint`.  One at a time per seat: a
        repeat while one is being thought out is refused."""
        with self._lock:
            refusal = self._check_turn(seat)
            if refusal is None and seat in self._hinting:
                refusal = messages.still_thinking()
            if refusal is not None:
                return refusal
            self._hinting.add(seat)
            update = self._update(SeatPerspective(seat), full=True)
        seed = self.seed_for(f"hint:{seat}:{update.revision}")
        future: Future[Hint] = Future()

        def answered(move: Event) -> None:
            with self._lock:
                self._hinting.discard(seat)
            future.set_result(Hint(update.revision, move))

        try:
            bot = make_bot(self.game.id, self.hint_level, seed, self.hint_budget_s)
        except Exception as error:  # a broken bot: the asker hears of it instead of waiting forever
            with self._lock:
                self._hinting.discard(seat)
            future.set_exception(error)
        else:
            Thinker(bot, self.game, HARD_BUDGET_S, seed, self.workers, self).ask(update, list(update.history), answered)
        return future

    def flush(self) -> None:
        """Wait until the save file holds every change (raises a failed write's OSError)."""
        self._session.flush()

    # -- internals -------------------------------------------------------
    def _check_turn(self, seat: object) -> Refusal | None:
        if type(seat) is not int or not 0 <= seat < self.players:
            return messages.no_such_seat(seat)
        if self.over:
            return messages.game_over()
        if seat != self.to_act:
            return messages.not_your_turn(seat, self.to_act)
        return None

    def _check_revision(self, revision: object) -> Refusal | None:
        return None if revision == self.revision and type(revision) is int else messages.stale(revision, self.revision)

    def _change(self, change: Callable[[], object]) -> Refusal | None:
        """Make one change through the session; once ``on_events`` keeps it, queue an update per
        subscriber; if it refuses, undo the change and pass its refusal on."""
        before = len(self._session.events)
        mark = self._session.mark()
        try:
            change()
        except OSError as error:  # the change is made; only its autosave failed
            if self._on_save_error is None:
                raise
            self._on_save_error(error)
        events = self._session.events
        if self._on_events is not None:
            kept = min(before, len(events))
            refusal = self._on_events(kept, events[kept:], self.revision + 1)
            if refusal is not None:
                self._session.rewind(mark)
                return refusal
        self.revision += 1
        rewound: dict[Perspective, tuple[int, tuple[LogEntry, ...]]] = {}
        if len(events) < before:
            rewound = self._chronicle.rewind(len(events), self._session.state)
        start = self._chronicle.extend(events)
        made: dict[Perspective, Update] = {}
        for subscription in self._subscriptions:
            perspective = subscription.perspective
            if perspective not in made:
                made[perspective] = self._update(perspective, start, rewound.get(perspective, (0, ())))
            self._outbox.append((subscription, made[perspective]))
        return None

    def _update(
        self,
        perspective: Perspective,
        start: int = 0,
        undone: tuple[int, tuple[LogEntry, ...]] = (0, ()),
        full: bool = False,
    ) -> Update:
        """The update for ``perspective``: the events from ``start`` on are new."""
        session = self._session
        stream = self._chronicle.stream(perspective, session.events)
        seat = perspective.seat if isinstance(perspective, SeatPerspective) else None
        acting = seat is not None and seat == session.to_act
        return Update(
            revision=self.revision,
            perspective=perspective,
            header=self.header,
            view=session.view(perspective.engine_seat),
            to_act=session.to_act,
            legal=tuple(session.legal_moves()) if acting else (),
            can_undo=acting and seat is not None and (session.can_undo(seat) or self._may_undo_turn(seat)),
            can_redo=acting and session.can_redo(seat),
            result=session.result,
            history=stream.events(start),
            log=stream.log(start),
            undone=undone[0],
            taken_back=undone[1],
            full=full,
        )

    def _deliver(self) -> None:
        """Hand queued updates to their callbacks, in order, on this thread,
        unless another thread is already doing so (it then delivers them too)."""
        while True:
            with self._lock:
                if self._delivering or not self._outbox:
                    return
                self._delivering = True
                subscription, update = self._outbox.popleft()
            try:
                if subscription in self._subscriptions:
                    subscription.callback(update)
            except Exception as error:  # a broken client must not stop the table
                subscription.error = error
                self._unsubscribe(subscription)
            finally:
                with self._lock:
                    self._delivering = False
