"""The store in one SQLite file in the data dir (one server per data dir: see
:mod:`kobito_tui.serve.lock`), the default that needs nothing; the interface is
:mod:`kobito_tui.serve.store_api`, the rows :mod:`kobito_tui.serve.store_rows`.

A write either lands whole or raises :class:`StoreError` having kept nothing
(a full disk, an I/O error); the file is checked on open (``quick_check``, its
schema version) and one that cannot be used raises :class:`StoreUnusable`
with one line saying which file and what to do.  Only a missing file is a new
store.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from kobito_tui.core.safetext import printable
from kobito_tui.serve.store_api import (
    ENDED,
    OPEN,
    OVER,
    PLAYING,
    SET_ASIDE,
    UNFINISHED,
    Identity,
    Store,
    StoredTable,
    StoreError,
    StoreUnusable,
    TableLost,
)
from kobito_tui.serve.store_batches import GroupCommit, Write
from kobito_tui.serve.store_history import HISTORY_SCHEMA, HistoryRows
from kobito_tui.serve.store_rows import Statement, TableRows, settings_of, stored_table

__all__ = [  # what the hub, the lobby and the tools have always found here
    "ENDED",
    "OPEN",
    "OVER",
    "PLAYING",
    "SET_ASIDE",
    "UNFINISHED",
    "Identity",
    "Store",
    "StoredTable",
    "StoreError",
    "StoreUnusable",
    "TableLost",
    "SqliteStore",
    "StoreReader",
]

SCHEMA_VERSION = 6  # PRAGMA user_version; 0 and 1 had no identities table, 2 no invites, 3 no analyses, 4 no tables.revision,
# 5 no history (an older store gets what it lacks)
SQLITE_MAGIC = b"SQLite format 3\x00"
SQLITE_FULL = 13
WHAT_TO_DO = "restore a backup (kobito serve backup FILE makes one) or move it away to start with no tables"


SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    status TEXT NOT NULL,
    seating TEXT NOT NULL,
    header TEXT,
    created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    revision INTEGER,
    finished INTEGER,
    finished_at TEXT
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
CREATE TABLE IF NOT EXISTS invites (
    token_hash TEXT PRIMARY KEY,
    identity TEXT NOT NULL,
    name TEXT NOT NULL,
    expires REAL NOT NULL,
    session_hash TEXT UNIQUE
);
CREATE TABLE IF NOT EXISTS analyses (
    table_id TEXT NOT NULL REFERENCES tables(id),
    key TEXT NOT NULL,
    report TEXT NOT NULL,
    PRIMARY KEY (table_id, key)
);
"""  # invites: kobito_tui.serve.invites; analyses: kept by the hub's players (hub.Hub.keep_analysis);
# tables.revision: the table's revision, kept with each change (NULL: written by a version before 5, see StoredTable.resumed_revision);
# tables.finished: the order in which tables finished, and finished_at when (see store_history, which adds its own tables)
ADD_REVISION = "ALTER TABLE tables ADD COLUMN revision INTEGER;"  # what a store from before version 5 lacks
ADD_FINISHED = "ALTER TABLE tables ADD COLUMN finished INTEGER; ALTER TABLE tables ADD COLUMN finished_at TEXT;"  # ... before 6


def _columns(db: sqlite3.Connection, table: str) -> set[str]:
    return {row[1] for row in db.execute(f"PRAGMA table_info({table})")}


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


def _upgrade(db: sqlite3.Connection) -> None:
    """Bring the store at ``db`` to this version in one transaction (one server per data dir, and
    a tool's write waits for the lock: nobody changes it meanwhile).  The tables a store from before
    version 6 finished are numbered in the order they were made (and finished then, as far as it knows)."""
    db.execute("BEGIN IMMEDIATE")
    try:
        tables = _columns(db, "tables")
        add = (ADD_REVISION if tables and "revision" not in tables else "") + (ADD_FINISHED if tables and "finished" not in tables else "")
        for statement in f"{SCHEMA} {add}".split(";"):
            if statement.strip():
                db.execute(statement)
        over = db.execute(
            "SELECT id, created FROM tables WHERE status = ? AND finished IS NULL ORDER BY created, rowid", (OVER,)
        ).fetchall()
        first = db.execute("SELECT coalesce(max(finished), 0) FROM tables").fetchone()[0] + 1
        db.executemany(
            "UPDATE tables SET finished = ?, finished_at = ? WHERE id = ?", [(first + n, at, i) for n, (i, at) in enumerate(over)]
        )
        for statement in HISTORY_SCHEMA.split(";"):
            if statement.strip():
                db.execute(statement)
        db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


class StoreReader:
    """The tables of a store as they are, read without changing anything (for check and export)."""

    def __init__(self, path: Path, db: sqlite3.Connection):
        self.path, self._db = Path(path), db
        self.where = str(self.path)
        self._lock = threading.Lock()  # the connection: a writer's batches, and loads
        try:  # a store from before version 5, read as it is, has no revisions: each is not known
            self._revision = "revision" if "revision" in _columns(db, "tables") else "NULL"
        except sqlite3.Error:
            self._revision = "NULL"  # a damaged one says so at its first load

    def _event_rows(self, table_id: str) -> list[tuple[int, str]]:
        try:
            return self._db.execute("SELECT seq, event FROM events WHERE table_id = ? ORDER BY seq", (table_id,)).fetchall()
        except sqlite3.Error as error:
            raise StoreError(error) from None

    def _stored(self, table_id: str, status: str, seating: str, header: str | None, revision: object) -> StoredTable:
        return stored_table(table_id, status, seating, header, lambda: self._event_rows(table_id), revision)

    def load(self, table_id: str) -> StoredTable:
        """The table ``table_id`` (KeyError: there is none); raises :class:`StoreUnusable` if its row does not read."""
        with self._lock:
            try:
                row = self._db.execute(
                    f"SELECT id, status, seating, header, {self._revision} FROM tables WHERE id = ?", (table_id,)
                ).fetchone()
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


class SqliteSql:
    """A transaction of the projection's on the store's connection."""

    def __init__(self, db: sqlite3.Connection):
        self._db = db

    def rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        return self._db.execute(sql, params).fetchall()

    def run(self, sql: str, params: tuple[Any, ...] | list[tuple[Any, ...]] = ()) -> None:
        if isinstance(params, list):
            self._db.executemany(sql, params)
        else:
            self._db.execute(sql, params)


class SqliteStore(HistoryRows, TableRows, StoreReader):
    """One SQLite file in WAL mode, written by a group commit (:mod:`~kobito_tui.serve.store_batches`).
    A write returns once committed with ``synchronous=FULL``: on disk, so nothing acknowledged is
    lost to a power cut (writes waiting at the same moment share the sync).
    Every table is this server's (one server per data dir)."""

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
                _upgrade(db)
        except sqlite3.Error as error:
            db.close()
            raise StoreUnusable(f"{printable(self.path)} cannot be written ({printable(error, 160)})") from None
        super().__init__(self.path, db)
        self._writer = GroupCommit(self._commit, str(self.path))

    def _write(self, *statements: Statement, table: str | None = None) -> None:
        self._writer.write(Write(statements, table))

    def _commit(self, batch: list[Write]) -> None:
        """One transaction: committed whole, or rolled back whole (then raises StoreError)."""
        with self._lock:
            try:
                self._run(batch)
            except sqlite3.Error as error:
                raise StoreError(error, full=getattr(error, "sqlite_errorcode", None) == SQLITE_FULL) from None

    def _run(self, batch: list[Write]) -> None:
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

    @contextlib.contextmanager
    def _folding(self) -> Iterator[SqliteSql]:
        """One transaction under the file's write lock (another process's waits for it, as its waits for theirs)."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    yield SqliteSql(self._db)
                    self._db.execute("COMMIT")
                except BaseException:
                    if self._db.in_transaction:
                        with contextlib.suppress(sqlite3.Error):
                            self._db.execute("ROLLBACK")
                    raise
            except sqlite3.Error as error:
                raise StoreError(error, full=getattr(error, "sqlite_errorcode", None) == SQLITE_FULL) from None

    def own(self, table_id: str) -> int | None:
        with self._lock:
            known = self._db.execute("SELECT 1 FROM tables WHERE id = ?", (table_id,)).fetchone()
        return None if known is None else 1

    def release(self, table_id: str) -> None:
        """Nothing to let go of: no other server shares this file."""

    def close(self) -> None:
        self._writer.close()
        super().close()

    # -- identities: a key's name (bound on first use) and its settings ---------
    def identity(self, identity: str) -> Identity | None:
        with self._lock:
            row = self._db.execute("SELECT name, settings FROM identities WHERE identity = ?", (identity,)).fetchone()
        return None if row is None else Identity(row[0], settings_of(row[1]))

    def name_owner(self, claim: str) -> str | None:
        with self._lock:
            row = self._db.execute("SELECT identity FROM identities WHERE claim = ?", (claim,)).fetchone()
        return None if row is None else str(row[0])

    def analysis(self, table_id: str, key: str) -> str | None:
        with self._lock:
            try:
                row = self._db.execute("SELECT report FROM analyses WHERE table_id = ? AND key = ?", (table_id, key)).fetchone()
            except sqlite3.Error as error:
                raise StoreError(error) from None
        return None if row is None else str(row[0])
