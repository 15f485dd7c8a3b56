"""What the hub needs from storage, whichever engine keeps it: SQLite in the data dir
(:mod:`kobito_tui.serve.store`) or a PostgreSQL database several servers share
(:mod:`kobito_tui.serve.store_pg`).

Both keep a table as a row (its seating, its header once started, its status) plus one
row per event, unique per table and sequence number (and one per analysis a player kept
of a finished table, unique per table and key), and give a stored game back through
the save-file fold (:mod:`kobito_tui.serve.store_rows`).  A write lands whole or raises
:class:`StoreError` having kept nothing.  A live table has one owner: the server that
created it or took it with :meth:`Store.own`; a write to a table another server owns now
raises :class:`TableLost`, so the hub drops that table instead of forking its history.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from kobito_tui.core.game import Event, Header
from kobito_tui.core.record import Record

OPEN, PLAYING, OVER, SET_ASIDE = "open", "playing", "over", "set-aside"
UNFINISHED = "unfinished"  # closed with the game not over: every player left it
ENDED = (OVER, UNFINISHED)  # written no more: shown by any server, owned by none


@dataclass(frozen=True)
class Identity:
    """A key as the store knows it: the name it was bound to on first use, its settings."""

    name: str
    settings: dict[str, Any]


@dataclass
class StoredTable:
    """A table as listed: ``seating`` is the hub's JSON-ready list, ``record``
    the validated game once started (None while open or set aside)."""

    table_id: str
    status: str
    seating: list[dict[str, Any]]
    record: Record | None = None
    problem: str | None = None  # why it was set aside
    revision: int | None = None  # the table's revision at its last change kept (None: kept by a version that kept none)

    def resumed_revision(self) -> int:
        """The revision a server that loads this table (to play or to show) starts it at.

        One past the revision kept.  Sound because every revision a server tells of a table is kept
        first: the table counts a change only once the write of it, with its revision, committed
        (``on_events``; a change the store refused is undone and not counted).  So no process told
        anyone more than the revision kept, and every revision given from now on is larger than
        any given before: a request chosen at an old revision is refused as stale, never taken as
        one chosen in the position that now has that number; a client waiting for
        ``revision >= n`` sees it rise.  (The one gap: a take-back-able move is committed without a
        sync, so a crash of the machine or the database may lose it, and its revision with it.)

        A table kept by a version that kept no revision (a store from before version 5; in a shared
        database, a table a server of that version made): one past its number of events.  That
        process counted from 0 where it loaded the table, one per change, and each move or redo
        adds at least one event, so unless it took a move back since it loaded the table it counted
        at most the events there are now; an undo it made can leave its count higher (nothing kept
        bounds it).  Who could still hold such a revision: only a client relayed to the table from
        another server of a cluster (a restarted server's own clients ended with it).  A server of
        that version writing a table in a database brought to version 5 leaves its revision as it
        was: upgrade a cluster's servers together, not one at a time.
        """
        if self.revision is not None:
            return self.revision + 1
        return (0 if self.record is None else len(self.record.events)) + 1


class StoreError(Exception):
    """A write (or a read) that did not happen, and left nothing of itself behind;
    ``full``: the disk is full."""

    def __init__(self, error: object, full: bool = False):
        self.full = full
        super().__init__(str(error))


class TableLost(StoreError):
    """The table's write was refused: another server owns the table now (it took it
    while this one could not reach the database).  Drop the table; never write it again."""


class StoreUnusable(Exception):
    """The store cannot be used as it is; ``str()`` is one line: which store, and what to do."""


class Store(Protocol):
    """What the hub needs from storage.  Each write raises :class:`StoreError` if it could
    not be kept (and then kept nothing), :class:`TableLost` if another server owns the table."""

    where: str  # which store, for messages: its file, or its database and host

    def create(self, table_id: str, seating: list[dict[str, Any]]) -> None:
        """A new table, owned by this server from now on."""

    def start(self, table_id: str, seating: list[dict[str, Any]], header: Header, events: list[Event]) -> None:
        """The table (created before or not) begins: its seating, header and setup events in one write
        (at revision 0)."""

    def set_seating(self, table_id: str, seating: list[dict[str, Any]]) -> None: ...

    def set_status(self, table_id: str, status: str) -> None:
        """``OVER`` or ``UNFINISHED`` (:data:`ENDED`): the game is finished and nothing more is written to it, so a shared store lets
        go of the table (no server owns it; each may load it to show, as :meth:`own` is not needed)."""

    def append(self, table_id: str, kept: int, events: list[Event], revision: int | None = None) -> None:
        """The table's events are now its first ``kept`` ones, then ``events``, and its revision
        ``revision`` (None: not known, as an older version wrote it): on disk on return."""

    def load(self, table_id: str) -> StoredTable: ...

    def list(self) -> list[StoredTable]: ...

    def own(self, table_id: str) -> int | None:
        """Take the stored table ``table_id`` for this server (before loading it to play):
        its new epoch, or None while another server owns it (or there is no such table)."""

    def release(self, table_id: str) -> None:
        """This server plays ``table_id`` no more (another may take it)."""

    def close(self) -> None: ...

    def identity(self, identity: str) -> Identity | None:
        """A key's bound name and settings, or None before its first hello."""

    def name_owner(self, claim: str) -> str | None:
        """The identity whose name reads as ``claim`` (see :func:`~kobito_tui.serve.lobby.claim`)."""

    def bind_name(self, identity: str, name: str, claim: str) -> None:
        """``identity``'s name is ``name`` from now on, unless it has one or ``claim`` is taken."""

    def set_settings(self, identity: str, settings: dict[str, Any]) -> None: ...

    def keep_analysis(self, table_id: str, key: str, report: str) -> None:
        """Keep ``report`` (an analysis's JSON, checked by the hub) as the table's analysis ``key``,
        in place of the one kept under that key before."""

    def analysis(self, table_id: str, key: str) -> str | None:
        """The table's analysis ``key`` as kept, or None."""

    def catch_up(self, stop: Callable[[], bool] | None = None) -> int:
        """Fold the finished tables not yet in the history and the ratings, in the order they finished
        (:mod:`~kobito_tui.serve.store_history`), until ``stop()`` between batches; how many it folded."""

    def rebuild(self) -> int:
        """The history and the ratings from scratch, every finished table folded again; how many."""

    def stats(self) -> dict[str, Any]:
        """The history and the ratings as plain data (``kobito serve stats --json``)."""

    def table_history(self, table_id: str) -> builtins.list[dict[str, Any]]:
        """One finished table's history rows by seat (none until it is folded)."""


class StoreReading(Protocol):
    """A store read as it is, changing nothing (``kobito serve check`` and ``export``)."""

    where: str

    def load(self, table_id: str) -> StoredTable:
        """The table ``table_id`` (KeyError: there is none)."""

    def tables(self) -> list[StoredTable]:
        """Every table, oldest first, as a start would find it (set aside ones with their problem)."""

    def verify(self) -> None:
        """The engine's own check beyond reading the tables; raises :class:`StoreUnusable`."""

    def close(self) -> None: ...
