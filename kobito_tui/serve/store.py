"""Where the server keeps its tables: a small interface, and SQLite behind it.

A table is a row (its seating as JSON, its header once started, its status)
plus one row per event, unique per table and sequence number.  Loading puts
the rows back together as a save file's text and reads it through
:func:`kobito_tui.core.savefile.loads`, so a stored game is checked exactly as
a save file is: a table that does not validate is set aside, never played.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from kobito_tui.core.game import Event, Header
from kobito_tui.core.record import Record
from kobito_tui.core.savefile import SaveError, header_line, loads

log = logging.getLogger("kobito.serve")

OPEN, PLAYING, OVER, SET_ASIDE = "open", "playing", "over", "set-aside"


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


class Store(Protocol):
    """What the hub needs from storage; SQLite now, a shared database later."""

    def create(self, table_id: str, seating: list[dict[str, Any]]) -> None: ...

    def start(self, table_id: str, header: Header) -> None: ...

    def set_seating(self, table_id: str, seating: list[dict[str, Any]]) -> None: ...

    def set_status(self, table_id: str, status: str) -> None: ...

    def append(self, table_id: str, kept: int, events: list[Event], durable: bool = True) -> None:
        """The table's events are now its first ``kept`` ones, then ``events``: committed on
        return, and on disk if ``durable`` (else safe from a killed process only)."""

    def load(self, table_id: str) -> StoredTable: ...

    def list(self) -> list[StoredTable]: ...

    def close(self) -> None: ...

    def identity(self, identity: str) -> Identity | None:
        """A key's bound name and settings, or None before its first hello."""

    def name_owner(self, claim: str) -> str | None:
        """The identity whose name reads as ``claim`` (see :func:`~kobito_tui.serve.lobby.claim`)."""

    def bind_name(self, identity: str, name: str, claim: str) -> None:
        """``identity``'s name is ``name`` from now on, unless it has one or ``claim`` is taken."""

    def set_settings(self, identity: str, settings: dict[str, Any]) -> None: ...


SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    status TEXT NOT NULL,
    seating TEXT NOT NULL,
    header TEXT,
    created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE TABLE IF NOT EXISTS events (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq INTEGER NOT NULL,
    event TEXT NOT NULL,
    UNIQUE (table_id, seq)
);
CREATE TABLE IF NOT EXISTS identities (
    identity TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    claim TEXT NOT NULL UNIQUE,
    settings TEXT NOT NULL DEFAULT '{}'
);
"""


Statement = tuple[str, "tuple[Any, ...] | list[tuple[Any, ...]]"]


@dataclass
class _Write:
    statements: tuple[Statement, ...]
    durable: bool
    done: threading.Event = field(default_factory=threading.Event)
    error: BaseException | None = None


class SqliteStore:
    """One SQLite file in WAL mode, written by one thread that commits whatever
    is waiting in one transaction (a group commit), so tables moving at the
    same moment share a sync.  A write returns once committed: with
    ``synchronous=FULL`` (on disk) when it is durable (a move that closes a
    turn, a new table, a seat taken) and NORMAL for a move its seat may still
    take back (safe from a killed server; a power cut may take it back)."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(SCHEMA)
        self._lock = threading.Lock()  # the connection: the writer's batches, and loads
        self._waiting: list[_Write] = []
        self._wake = threading.Condition()
        self._closed = False
        self._writer = threading.Thread(target=self._write_loop, name="store writer", daemon=True)
        self._writer.start()

    def _write(self, *statements: Statement, durable: bool = True) -> None:
        write = _Write(statements, durable)
        with self._wake:
            if self._closed:
                raise sqlite3.ProgrammingError("the store is closed")
            self._waiting.append(write)
            self._wake.notify()
        write.done.wait()
        if write.error is not None:
            raise write.error

    def _write_loop(self) -> None:
        while True:
            with self._wake:
                self._wake.wait_for(lambda: bool(self._waiting) or self._closed)
                batch, self._waiting = self._waiting, []
            if not batch:
                return
            with self._lock:
                try:
                    self._commit(batch)
                except sqlite3.Error:  # one bad write: each on its own, so only its caller hears of it
                    for write in batch:
                        try:
                            self._commit([write])
                        except sqlite3.Error as error:
                            write.error = error
            for write in batch:
                write.done.set()

    def _commit(self, batch: list[_Write]) -> None:
        self._db.execute(f"PRAGMA synchronous={'FULL' if any(w.durable for w in batch) else 'NORMAL'}")
        self._db.execute("BEGIN IMMEDIATE")
        try:
            for write in batch:
                for sql, params in write.statements:
                    if isinstance(params, list):
                        self._db.executemany(sql, params)
                    else:
                        self._db.execute(sql, params)
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def create(self, table_id: str, seating: list[dict[str, Any]]) -> None:
        self._write(("INSERT INTO tables (id, status, seating) VALUES (?, ?, ?)", (table_id, OPEN, json.dumps(seating))))

    def start(self, table_id: str, header: Header) -> None:
        self._write(("UPDATE tables SET header = ?, status = ? WHERE id = ?", (header_line(header), PLAYING, table_id)))

    def set_seating(self, table_id: str, seating: list[dict[str, Any]]) -> None:
        self._write(("UPDATE tables SET seating = ? WHERE id = ?", (json.dumps(seating), table_id)))

    def set_status(self, table_id: str, status: str) -> None:
        self._write(("UPDATE tables SET status = ? WHERE id = ?", (status, table_id)))

    def append(self, table_id: str, kept: int, events: list[Event], durable: bool = True) -> None:
        rows = [(table_id, kept + i, json.dumps(e, ensure_ascii=False, separators=(",", ":"))) for i, e in enumerate(events)]
        self._write(
            ("DELETE FROM events WHERE table_id = ? AND seq >= ?", (table_id, kept)),
            ("INSERT INTO events (table_id, seq, event) VALUES (?, ?, ?)", rows),
            durable=durable,
        )

    def _stored(self, table_id: str, status: str, seating: str, header: str | None) -> StoredTable:
        try:
            stored = StoredTable(table_id, status, json.loads(seating))
        except ValueError as error:
            return StoredTable(table_id, SET_ASIDE, [], problem=f"seating: {error}")
        if header is None or status == SET_ASIDE:
            return stored
        rows = self._db.execute("SELECT seq, event FROM events WHERE table_id = ? ORDER BY seq", (table_id,))
        lines = [header]
        for expected, (seq, event) in enumerate(rows):
            if seq != expected:
                return StoredTable(table_id, SET_ASIDE, stored.seating, problem=f"event {expected + 1} is missing")
            lines.append(event)
        try:
            stored.record = loads("\n".join(lines) + "\n", f"table {table_id}")
        except SaveError as error:
            return StoredTable(table_id, SET_ASIDE, stored.seating, problem=str(error))
        return stored

    def load(self, table_id: str) -> StoredTable:
        with self._lock:
            row = self._db.execute("SELECT id, status, seating, header FROM tables WHERE id = ?", (table_id,)).fetchone()
            if row is None:
                raise KeyError(table_id)
            return self._stored(*row)

    def list(self) -> list[StoredTable]:
        """Every table, oldest first; one that does not validate comes back set aside, with a log line."""
        ids = [row[0] for row in self._db.execute("SELECT id FROM tables ORDER BY created, rowid")]
        tables = []
        for table_id in ids:
            stored = self.load(table_id)
            if stored.problem is not None:
                log.warning("table %s set aside: %s", table_id, stored.problem)
                self.set_status(table_id, SET_ASIDE)
            tables.append(stored)
        return tables

    def close(self) -> None:
        with self._wake:
            self._closed = True
            self._wake.notify()
        self._writer.join()
        self._db.close()

    # -- identities: a key's name (bound on first use) and its settings ---------
    def identity(self, identity: str) -> Identity | None:
        with self._lock:
            row = self._db.execute("SELECT name, settings FROM identities WHERE identity = ?", (identity,)).fetchone()
        if row is None:
            return None
        try:
            settings = json.loads(row[1])
        except ValueError:
            settings = {}
        return Identity(row[0], settings if isinstance(settings, dict) else {})

    def name_owner(self, claim: str) -> str | None:
        with self._lock:
            row = self._db.execute("SELECT identity FROM identities WHERE claim = ?", (claim,)).fetchone()
        return None if row is None else str(row[0])

    def bind_name(self, identity: str, name: str, claim: str) -> None:
        self._write(("INSERT OR IGNORE INTO identities (identity, name, claim) VALUES (?, ?, ?)", (identity, name, claim)))

    def set_settings(self, identity: str, settings: dict[str, Any]) -> None:
        self._write(("UPDATE identities SET settings = ? WHERE identity = ?", (json.dumps(settings), identity)))
