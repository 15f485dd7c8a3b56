"""Where the server keeps its tables: a small interface, and SQLite behind it.

A table is a row (its seating as JSON, its header once started, its status)
plus one row per event, unique per table and sequence number.  Loading puts
the rows back together as a save file's text and reads it through
:func:`kobito_tui.core.savefile.loads`, so a stored game is checked exactly as
a save file is: a table that does not validate is set aside, never played.

A write either lands whole or raises :class:`StoreError` having kept nothing
(a full disk, an I/O error); the file is checked on open (``quick_check``, its
schema version) and one that cannot be used raises :class:`StoreUnusable`
with one line saying which file and what to do.  Only a missing file is a new
store.
"""

from __future__ import annotations

import contextlib
import json
import logging
import sqlite3
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from kobito_tui.core.game import Event, Header
from kobito_tui.core.record import Record
from kobito_tui.core.safetext import printable
from kobito_tui.core.savefile import SaveError, header_line, loads

log = logging.getLogger("kobito.serve")

OPEN, PLAYING, OVER, SET_ASIDE = "open", "playing", "over", "set-aside"
SCHEMA_VERSION = 2  # PRAGMA user_version; 0 and 1 had no identities table (an older store gets what it lacks)
SQLITE_MAGIC = b"SQLite format 3\x00"
SQLITE_FULL = 13
WHAT_TO_DO = "restore a backup (kobito serve backup FILE makes one) or move it away to start with no tables"


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


class StoreError(Exception):
    """A write that did not happen, and left nothing of itself behind; ``full``: the disk is full."""

    def __init__(self, error: sqlite3.Error | str):
        self.full = getattr(error, "sqlite_errorcode", None) == SQLITE_FULL
        super().__init__(str(error))


class StoreUnusable(Exception):
    """The store file cannot be used as it is; ``str()`` is one line: which file, and what to do."""


class Store(Protocol):
    """What the hub needs from storage; SQLite now, a shared database later.
    Each write raises :class:`StoreError` if it could not be kept (and then kept nothing)."""

    def create(self, table_id: str, seating: list[dict[str, Any]]) -> None: ...

    def start(self, table_id: str, seating: list[dict[str, Any]], header: Header, events: list[Event]) -> None:
        """The table (created before or not) begins: its seating, header and setup events in one write."""

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


def _unusable(path: Path, why: str) -> StoreUnusable:
    return StoreUnusable(f"{printable(path)} {why}: {WHAT_TO_DO}")


def _joined(problems: list[str]) -> str:
    """SQLite's problem lines as one line of text."""
    lines = [line for problem in problems for line in problem.splitlines() if not line.startswith("***")]
    return printable("; ".join(lines), 160)


def open_checked(path: Path) -> sqlite3.Connection | None:
    """A read-only connection to the store at ``path`` once it reads as one (None: there is no file).

    Raises :class:`StoreUnusable` for an empty, unreadable, foreign, damaged or newer file;
    the file is not changed (SQLite may add its ``-wal`` and ``-shm`` beside it)."""
    try:
        with open(path, "rb") as file:
            head = file.read(len(SQLITE_MAGIC))
    except FileNotFoundError:
        return None
    except OSError as error:
        raise _unusable(path, f"cannot be read ({printable(error.strerror or error, 80)})") from None
    if not head:
        raise _unusable(path, "is empty (0 bytes), so it holds no tables")
    if head != SQLITE_MAGIC:
        raise _unusable(path, "is not an SQLite file")
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, check_same_thread=False, isolation_level=None)
    try:
        _check(path, db)
    except BaseException:
        db.close()
        raise
    return db


def _check(path: Path, db: sqlite3.Connection) -> None:
    """Raise :class:`StoreUnusable` unless ``db`` is a sound kobito store this version reads."""
    try:
        problems = [row[0] for row in db.execute("PRAGMA quick_check(3)")]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        names = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
    except sqlite3.Error as error:
        problems = [str(error)]
    if problems != ["ok"]:
        raise _unusable(path, f"is damaged ({_joined(problems)})")
    if version > SCHEMA_VERSION:
        raise StoreUnusable(
            f"{printable(path)} was written by a newer kobito-tui (store version {version}; this one reads up to "
            f"{SCHEMA_VERSION}): serve it with that version"
        )
    if names and not {"tables", "events"} <= names:
        raise _unusable(path, "is an SQLite file but not a kobito store")


class StoreReader:
    """The tables of a store as they are, read without changing anything (for check and export)."""

    def __init__(self, path: Path, db: sqlite3.Connection):
        self.path, self._db = Path(path), db
        self._lock = threading.Lock()  # the connection: a writer's batches, and loads

    def _stored(self, table_id: str, status: str, seating: str, header: str | None) -> StoredTable:
        try:
            stored = StoredTable(table_id, status, json.loads(seating))
        except ValueError as error:
            return StoredTable(table_id, SET_ASIDE, [], problem=f"seating: {error}")
        if header is None or status == SET_ASIDE:
            return stored
        try:
            rows = self._db.execute("SELECT seq, event FROM events WHERE table_id = ? ORDER BY seq", (table_id,)).fetchall()
        except sqlite3.Error as error:  # a byte gone wrong in a row SQLite itself finds sound
            return StoredTable(table_id, SET_ASIDE, stored.seating, problem=f"its events do not read ({error})")
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
        """The table ``table_id`` (KeyError: there is none); raises :class:`StoreUnusable` if its row does not read."""
        with self._lock:
            try:
                row = self._db.execute("SELECT id, status, seating, header FROM tables WHERE id = ?", (table_id,)).fetchone()
            except sqlite3.Error as error:
                raise _unusable(self.path, f"is damaged (table {printable(table_id, 40)}: {_joined([str(error)])})") from None
            if row is None:
                raise KeyError(table_id)
            return self._stored(*row)

    def tables(self) -> list[StoredTable]:
        """Every table, oldest first, as loading finds it (one that does not validate: set aside, with its problem)."""
        with self._lock:
            try:
                ids = [row[0] for row in self._db.execute("SELECT id FROM tables ORDER BY created, rowid")]
            except sqlite3.Error as error:
                raise _unusable(self.path, f"is damaged ({_joined([str(error)])})") from None
        return [self.load(table_id) for table_id in ids]

    def verify(self) -> None:
        """SQLite's full integrity check; raises :class:`StoreUnusable` if the file is not sound."""
        with self._lock:
            try:
                problems = [row[0] for row in self._db.execute("PRAGMA integrity_check(10)")]
            except sqlite3.Error as error:
                problems = [str(error)]
        if problems != ["ok"]:
            raise _unusable(self.path, f"is damaged ({_joined(problems)})")

    def backup(self, target: Path) -> None:
        """Copy the store into a new SQLite file ``target`` with SQLite's online backup (a
        consistent snapshot; a running server goes on writing meanwhile)."""
        copy = sqlite3.connect(target)
        try:
            with self._lock:
                self._db.backup(copy)
            copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file, readable without a -wal beside it
        finally:
            copy.close()

    def close(self) -> None:
        self._db.close()

    @classmethod
    def open(cls, path: Path) -> StoreReader | None:
        """The store at ``path`` for reading (None: there is none); raises :class:`StoreUnusable`."""
        db = open_checked(Path(path))
        return None if db is None else cls(path, db)


Statement = tuple[str, "tuple[Any, ...] | list[tuple[Any, ...]]"]


@dataclass
class _Write:
    statements: tuple[Statement, ...]
    durable: bool
    done: threading.Event = field(default_factory=threading.Event)
    error: StoreError | None = None


class SqliteStore(StoreReader):
    """One SQLite file in WAL mode, written by one thread that commits whatever
    is waiting in one transaction (a group commit), so tables moving at the
    same moment share a sync.  A write returns once committed: with
    ``synchronous=FULL`` (on disk) when it is durable (a move that closes a
    turn, a new table, a seat taken) and NORMAL for a move its seat may still
    take back (safe from a killed server; a power cut may take it back).
    A batch that fails is rolled back and its writes tried one by one, so
    only the callers whose own write failed hear of it."""

    def __init__(self, path: Path):
        self.path = Path(path)
        checked = open_checked(self.path)  # raises StoreUnusable before anything is written
        new = checked is None
        if checked is not None:
            checked.close()
        db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            if new or db.execute("PRAGMA user_version").fetchone()[0] < SCHEMA_VERSION:
                db.executescript(f"BEGIN IMMEDIATE; {SCHEMA} PRAGMA user_version={SCHEMA_VERSION}; COMMIT;")
        except sqlite3.Error as error:
            db.close()
            raise StoreUnusable(f"{printable(self.path)} cannot be written ({printable(error, 160)})") from None
        super().__init__(self.path, db)
        self._waiting: list[_Write] = []
        self._wake = threading.Condition()
        self._closed = False
        self._writer = threading.Thread(target=self._write_loop, name="store writer", daemon=True)
        self._writer.start()

    def _write(self, *statements: Statement, durable: bool = True) -> None:
        write = _Write(statements, durable)
        with self._wake:
            if self._closed:
                raise StoreError("the store is closed")
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
                            log.warning("a write to %s failed: %s", self.path, error)
                            write.error = StoreError(error)
            for write in batch:
                write.done.set()

    def _commit(self, batch: list[_Write]) -> None:
        """One transaction: committed whole, or rolled back whole (then raises)."""
        self._db.execute(f"PRAGMA synchronous={'FULL' if any(w.durable for w in batch) else 'NORMAL'}")
        self._db.execute("BEGIN IMMEDIATE")
        try:
            for write in batch:
                for sql, params in write.statements:
                    if isinstance(params, list):
                        self._db.executemany(sql, params)
                    else:
                        self._db.execute(sql, params)
            self._db.execute("COMMIT")  # a full disk may fail it here
        except BaseException:
            if self._db.in_transaction:  # SQLite rolls some failures back itself
                with contextlib.suppress(sqlite3.Error):
                    self._db.execute("ROLLBACK")
            raise

    def create(self, table_id: str, seating: list[dict[str, Any]]) -> None:
        self._write(("INSERT INTO tables (id, status, seating) VALUES (?, ?, ?)", (table_id, OPEN, json.dumps(seating))))

    def start(self, table_id: str, seating: list[dict[str, Any]], header: Header, events: list[Event]) -> None:
        self._write(
            (
                "INSERT INTO tables (id, status, seating, header) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO UPDATE"
                " SET status = excluded.status, seating = excluded.seating, header = excluded.header",
                (table_id, PLAYING, json.dumps(seating), header_line(header)),
            ),
            *self._events(table_id, 0, events),
        )

    def set_seating(self, table_id: str, seating: list[dict[str, Any]]) -> None:
        self._write(("UPDATE tables SET seating = ? WHERE id = ?", (json.dumps(seating), table_id)))

    def set_status(self, table_id: str, status: str) -> None:
        self._write(("UPDATE tables SET status = ? WHERE id = ?", (status, table_id)))

    def append(self, table_id: str, kept: int, events: list[Event], durable: bool = True) -> None:
        self._write(*self._events(table_id, kept, events), durable=durable)

    @staticmethod
    def _events(table_id: str, kept: int, events: list[Event]) -> tuple[Statement, Statement]:
        rows = [(table_id, kept + i, json.dumps(e, ensure_ascii=False, separators=(",", ":"))) for i, e in enumerate(events)]
        return (
            ("DELETE FROM events WHERE table_id = ? AND seq >= ?", (table_id, kept)),
            ("INSERT INTO events (table_id, seq, event) VALUES (?, ?, ?)", rows),
        )

    def list(self) -> list[StoredTable]:
        """Every table, oldest first; one that does not validate comes back set aside, with a log line."""
        tables = self.tables()
        for stored in tables:
            if stored.problem is not None:
                log.warning("table %s set aside: %s", stored.table_id, stored.problem)
                try:
                    self.set_status(stored.table_id, SET_ASIDE)
                except StoreError:  # it is set aside for this run; the next one finds it again
                    pass
        return tables

    def close(self) -> None:
        with self._wake:
            self._closed = True
            self._wake.notify()
        self._writer.join()
        super().close()

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
