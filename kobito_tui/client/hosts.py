"""Where a game client's table is: two strategies behind one :class:`Host` interface.

:class:`LocalHost` is a table hosted in this program (:class:`~kobito_tui.table.local.LocalTable`:
its computers, its save file); :class:`RemoteHost` a table at a hub, reached through the
protocol client (:class:`~kobito_tui.serve.client.RemoteTable`).  Each says what it offers
(a save file here, a seed the rules may show, a record to replay) as data, so no screen
asks which kind it has.  Nothing here imports Textual.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Protocol

from kobito_tui.analysis.sidecar import Keeper
from kobito_tui.core.game import Event, Header
from kobito_tui.core.message import Message
from kobito_tui.core.record import Record
from kobito_tui.core.safetext import printable
from kobito_tui.core.session import Session
from kobito_tui.serve.client import NOT_ANSWERING, RemoteTable
from kobito_tui.table import Hint, Perspective, Refusal, SeatPerspective, Update, messages
from kobito_tui.table.local import LocalTable


class Subscription(Protocol):
    def cancel(self) -> None: ...


class Host(Protocol):
    """What a game client needs of where its table is."""

    answers_at_once: bool
    """A request is answered without waiting on a network (else ask it away from the screen's loop)."""

    leavable: bool
    """A player may leave the game for good (:meth:`leave`): at a server's table; a game here is left by quitting."""

    @property
    def header(self) -> Header:
        """The client header (no seed)."""

    @property
    def seats(self) -> list[int]:
        """The seats played at this terminal (none: a spectator)."""

    @property
    def watching(self) -> Perspective:
        """Whose eyes a terminal with no seat watches through."""

    @property
    def seed(self) -> int | None:
        """The game's seed, where the rules may say it (a game hosted here); a client is never told it."""

    @property
    def kept(self) -> bool:
        """Whether the game is kept (a save file here, or the server's store); a tutorial is not."""

    @property
    def session(self) -> Session | None:
        """The session saved here, for its save bookkeeping (None: nothing is saved here)."""

    @property
    def record(self) -> Record | None:
        """The whole game, where it is hosted here (it can be saved as a replay, and analysed)."""

    @property
    def path(self) -> Path | None:
        """Where it is saved here."""

    @property
    def analyses(self) -> Keeper | None:
        """Where this game's analyses are kept, when not beside its save (the hub's store)."""

    def finished_record(self) -> Record | Refusal | None:
        """The whole finished game, to analyse: the record here, or asked of the hub (then it
        waits on the network: ask it away from the screen's loop); None where this terminal is
        not given it (a spectator).  Never raises: a hub not answering is a refusal."""

    def subscribe(self, perspective: Perspective, callback: Callable[[Update], None]) -> Subscription: ...
    def submit(self, seat: int, move: Event, revision: int) -> Refusal | None: ...
    def undo(self, seat: int) -> Refusal | None: ...
    def redo(self, seat: int) -> Refusal | None: ...
    def hint(self, seat: int) -> Future[Hint] | Refusal: ...
    def leave(self, seat: int) -> Refusal | None: ...

    def watch(self, on_save_report: Callable[[], object], on_warning: Callable[[Message], object]) -> None:
        """Tell ``on_save_report`` of a failed autosave (or the one ending a failing spell) and
        ``on_warning`` what went wrong (a computer that failed), from any thread."""

    def start(self) -> None:
        """The game is watched: its computers may play."""

    def close(self) -> None:
        """The client is gone: stop telling it, and stop the computers."""

    def flush(self) -> None:
        """Wait until the game is saved (raises a failed write's OSError)."""


class LocalHost:
    """A table hosted here: every human seat at this terminal (a game of computers only
    is watched from seat 0, as a player there would see it)."""

    answers_at_once = True
    leavable = False

    def __init__(self, local: LocalTable) -> None:
        self.local = local
        self.table = local.table

    @property
    def header(self) -> Header:
        return self.table.header

    @property
    def seats(self) -> list[int]:
        return list(self.local.humans)

    @property
    def watching(self) -> Perspective:
        return SeatPerspective(0)

    @property
    def seed(self) -> int | None:
        return self.local.session.header.seed

    @property
    def kept(self) -> bool:
        return self.local.session.path is not None

    @property
    def session(self) -> Session:
        return self.local.session

    @property
    def record(self) -> Record:
        return self.local.session.record

    @property
    def path(self) -> Path | None:
        return self.local.session.path

    analyses = None  # beside the save, where there is one

    def finished_record(self) -> Record:
        return self.local.session.record

    def subscribe(self, perspective: Perspective, callback: Callable[[Update], None]) -> Subscription:
        return self.table.subscribe(perspective, callback)

    def submit(self, seat: int, move: Event, revision: int) -> Refusal | None:
        return self.table.submit(seat, move, revision)

    def undo(self, seat: int) -> Refusal | None:
        return self.table.undo(seat)

    def redo(self, seat: int) -> Refusal | None:
        return self.table.redo(seat)

    def hint(self, seat: int) -> Future[Hint] | Refusal:
        return self.table.hint(seat)

    def leave(self, seat: int) -> Refusal | None:
        return messages.cannot_leave(seat)  # not :attr:`leavable`: quitting keeps the game saved

    def watch(self, on_save_report: Callable[[], object], on_warning: Callable[[Message], object]) -> None:
        self.local.on_save_report = on_save_report
        self.local.listen(on_warning)

    def start(self) -> None:
        self.local.start()

    def close(self) -> None:
        self.local.on_save_report = self.local.on_warning = None
        self.local.close()

    def flush(self) -> None:
        self.local.flush()


class RemoteHost:
    """A table at the hub, as its one seat (or a spectator) sees it: the hub keeps the
    game, its computers play there, and each request waits on the network."""

    answers_at_once = False
    leavable = True
    seed = None  # never told: it would fix every shuffle to come
    kept = True  # the server's store keeps it
    session = None
    record = None
    path = None

    def __init__(self, remote: RemoteTable, header: Header) -> None:
        self.remote, self._header = remote, header

    @property
    def header(self) -> Header:
        return self._header

    @property
    def seats(self) -> list[int]:
        return [] if self.remote.seat is None else [self.remote.seat]

    @property
    def watching(self) -> Perspective:
        return self.remote.perspective

    @property
    def analyses(self) -> Keeper | None:
        """The hub's store, for a player of the table (a spectator is given no record to analyse)."""
        return None if self.remote.seat is None else self.remote.analyses()

    def finished_record(self) -> Record | Refusal | None:
        """The hub's record of the table, which it gives a finished table's players (every hand
        shown: the game is over), and nobody while it is played."""
        if self.remote.seat is None:
            return None
        try:
            return self.remote.record()
        except NOT_ANSWERING as error:
            return Refusal("hub", {"error": printable(error, 160)})

    def subscribe(self, perspective: Perspective, callback: Callable[[Update], None]) -> Subscription:
        return self.remote.subscribe(perspective, callback, hand_over=True)  # the game client keeps the one history

    def submit(self, seat: int, move: Event, revision: int) -> Refusal | None:
        return self.remote.submit(seat, move, revision)

    def undo(self, seat: int) -> Refusal | None:
        return self.remote.undo(seat)

    def redo(self, seat: int) -> Refusal | None:
        return self.remote.redo(seat)

    def hint(self, seat: int) -> Future[Hint] | Refusal:
        return self.remote.hint(seat)

    def leave(self, seat: int) -> Refusal | None:
        return self.remote.leave_game(seat)

    def watch(self, on_save_report: Callable[[], object], on_warning: Callable[[Message], object]) -> None:
        pass  # the hub saves and warns its own way (it refuses what it cannot store)

    def start(self) -> None:
        pass  # the hub's computers play already

    def close(self) -> None:
        pass  # leaving the table is the app's (back to the lobby)

    def flush(self) -> None:
        pass  # the hub stores each change before it is acknowledged
