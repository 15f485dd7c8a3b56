"""The game client: what one terminal knows of one table, with no UI in it.

A :class:`GameClient` keeps, for each perspective played here (each human seat,
or the one a spectator watches through), the history its updates carried and
nothing more, each delta applied once (:class:`~kobito_tui.table.History`).  It
knows whose turn it is, what the seat at the keys may do now, and why not: a
request the moment does not allow is answered here with the refusal the table
would give, and the rest go as data (a :class:`Request`: seat, action, move,
revision) to the :class:`~kobito_tui.client.hosts.Host`, whose table gives
its reasons (the undo limits too) as refusals, messages for the screen to word.
It holds the terminal's only history: a remote host hands it the updates and
keeps none.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass

from kobito_tui.client.hosts import Host, Subscription
from kobito_tui.core.game import Event, Header
from kobito_tui.table import Hint, History, Perspective, Refusal, Refused, SeatPerspective, Update, messages

MOVE, UNDO, REDO, HINT = "move", "undo", "redo", "hint"  # what a seat may ask (the last three: its actions' names)


@dataclass(frozen=True)
class Request:
    """What a seat asks of the table, as data: ``action`` (MOVE, UNDO or REDO) for ``seat``, at the
    ``revision`` it was chosen in, so that sent later (a remote host's, from a thread that waits on
    the network) it is still about that position."""

    seat: int
    action: str
    revision: int
    move: Event | None = None


class GameClient:
    """A client of ``host``'s table, for the seats played at this terminal (or a spectator's)."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.header: Header = host.header
        self.seats = host.seats
        perspectives: list[Perspective] = [SeatPerspective(seat) for seat in self.seats] or [host.watching]
        self.histories: dict[Perspective, History] = {perspective: History() for perspective in perspectives}
        self.seat: int | None = None  # the seat whose view is shown: in hot seat, whose keys these are now
        self._subscriptions: list[Subscription] = []
        self._inbox: deque[Update] = deque()  # updates from any thread, in the table's order
        self._inbox_lock = threading.Lock()

    @property
    def spectating(self) -> bool:
        """No seat is played at this terminal: a spectator, or a game of computers only."""
        return not self.seats

    # -- updates ---------------------------------------------------------------
    def subscribe(self, wake: Callable[[Update], object]) -> None:
        """Each perspective's updates into the inbox, until :meth:`close`; ``wake`` is told
        each one as it comes (on the thread that made the change: it must be quick)."""

        def receive(update: Update) -> None:
            with self._inbox_lock:
                self._inbox.append(update)
            wake(update)

        for perspective in self.histories:
            self._subscriptions.append(self.host.subscribe(perspective, receive))

    def waiting(self) -> list[Update]:
        """The updates come since last asked, in the table's order, each to :meth:`apply` in turn."""
        with self._inbox_lock:
            updates, self._inbox = list(self._inbox), deque()
        return updates

    def close(self) -> None:
        for subscription in self._subscriptions:
            subscription.cancel()
        self._subscriptions.clear()
        self.host.close()

    def apply(self, update: Update) -> None:
        """Keep ``update`` in its perspective's history (on the client's own thread)."""
        self.histories[update.perspective].apply(update)

    def perspective(self, seat: int | None) -> Perspective:
        """Whose eyes ``seat``'s view is seen through here (a seat not played here: the first perspective's)."""
        return SeatPerspective(seat) if seat is not None and seat in self.seats else next(iter(self.histories))

    @property
    def history(self) -> History:
        """The history of the seat shown."""
        return self.histories[self.perspective(self.seat)]

    @property
    def latest(self) -> Update | None:
        """The newest update of the seat shown (or of any perspective, before one is shown)."""
        if self.history.update is not None:
            return self.history.update
        newest = (history.update for history in self.histories.values() if history.update is not None)
        return max(newest, key=lambda update: update.revision, default=None)

    @property
    def over(self) -> bool:
        return self.latest is not None and self.latest.over

    # -- what the seat at the keys may do ------------------------------------------
    @property
    def to_move(self) -> bool:
        """The seat shown is played here and has a move to make now."""
        update = self.latest
        seat = self.seat
        return update is not None and seat is not None and update.to_act == seat and seat in self.seats and bool(update.legal)

    def may(self, action: str) -> bool:
        """Whether undo, redo or hint is available now (the buttons show it)."""
        update = self.latest
        if update is None or not self.to_move:
            return False
        return {UNDO: update.can_undo, REDO: update.can_redo}.get(action, True)

    def why_not(self, action: str) -> Refusal | None:
        """The refusal the table would give ``action`` now, where this client knows it already;
        None when only the table can tell (it says why undo stops where it does)."""
        update = self.latest
        if update is None or update.over:
            return messages.game_over()
        if not self.to_move:
            return messages.not_your_turn(-1 if self.seat is None else self.seat, update.to_act)
        if action == REDO and not update.can_redo:
            return messages.nothing_to_redo()
        return None

    # -- requests --------------------------------------------------------------------
    def asking(self, action: str, move: Event | None = None) -> Refusal | Request:
        """The refusal this client knows ``action`` gets now, or the request to :meth:`send`."""
        update, seat = self.latest, self.seat
        refusal = self.why_not(action)
        if refusal is not None or update is None or seat is None:
            return refusal or messages.game_over()
        assert action in (UNDO, REDO) or action == MOVE and move is not None
        return Request(seat, action, update.revision, move)

    def send(self, request: Request) -> Refusal | None:
        """Send ``request`` to the host; its refusal, or None (the change comes as an update)."""
        if request.action == UNDO:
            return self.host.undo(request.seat)
        if request.action == REDO:
            return self.host.redo(request.seat)
        assert request.action == MOVE and request.move is not None
        return self.host.submit(request.seat, request.move, request.revision)

    def _now(self, asked: Refusal | Request) -> Refusal | None:
        return asked if isinstance(asked, Refusal) else self.send(asked)

    def submit(self, move: Event) -> Refusal | None:
        """Play ``move`` for the seat shown, at the revision it saw (waiting for a remote host's answer)."""
        return self._now(self.asking(MOVE, move))

    def undo(self) -> Refusal | None:
        return self._now(self.asking(UNDO))

    def redo(self) -> Refusal | None:
        return self._now(self.asking(REDO))

    @property
    def may_leave(self) -> bool:
        """Whether the player here may leave the game for good: seated at a server's game not over."""
        update = self.latest
        return self.host.leavable and self.seat is not None and self.seat in self.seats and update is not None and not update.over

    def leave(self) -> Refusal | None:
        """Leave the game for good from the seat shown (waiting for a remote host's answer)."""
        if not self.may_leave or self.seat is None:
            return messages.game_over() if self.over else messages.cannot_leave(-1 if self.seat is None else self.seat)
        return self.host.leave(self.seat)

    def hint(self) -> Future[Hint]:
        """The computer's suggestion; a refusal (here, or the table's) is the future's :class:`Refused`, as a hub's is."""
        answer = self.why_not(HINT) or self.host.hint(self.seat if self.seat is not None else -1)
        if isinstance(answer, Refusal):
            refused: Future[Hint] = Future()
            refused.set_exception(Refused(answer))
            return refused
        return answer

    def hint_fits(self, hint: Hint) -> bool:
        """Whether a hint that came is still about the position shown."""
        return self.to_move and self.latest is not None and hint.revision == self.latest.revision
