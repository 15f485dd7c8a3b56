"""The store in a PostgreSQL database that several ``kobito serve`` processes share
(``kobito serve --database postgresql://…``).  Only this module imports psycopg, and
only a server started with ``--database`` imports this module.

The schema is SQLite's (one row per table, one per event, unique per table and
sequence; identities) plus each table's ``owner`` and ``epoch``; it is versioned in
``kobito_schema`` and brought up to date on start, and a newer one is refused in one
line.  Writes go through a group commit on the store's one connection, each batch one
pipeline (one round trip), with ``synchronous_commit`` on: every write is on disk before it
is acknowledged, and writes waiting at the same moment share the sync.  A table belongs to the server holding its advisory
lock on that connection: a write first checks, under a row lock, that the table's epoch
is still the one this server took (``kobito_owned()``), or raises :class:`TableLost`.  A
table that is over is let go of, lock and all: nothing more is written to it.  When the connection breaks (the database
went away), writes are refused as :class:`StoreError` until it is made again; then the
locks are taken again, and a table another server took meanwhile is lost.
"""

from __future__ import annotations

import contextlib
import os
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import psycopg
import psycopg.conninfo

from kobito_tui.core.safetext import printable
from kobito_tui.serve.store_api import ENDED, Identity, StoredTable, StoreError, StoreUnusable, TableLost
from kobito_tui.serve.store_batches import GroupCommit, Write
from kobito_tui.serve.store_history import HISTORY_SCHEMA, HistoryRows
from kobito_tui.serve.store_rows import HISTORY_LOCK, Statement, TableRows, settings_of, stored_table

SCHEMA_VERSION = 6  # 1 had no invites, 2 no kobito_owned(), 3 no analyses, 4 no tables.revision, 5 no history
MIGRATIONS = [  # MIGRATIONS[n] brings a database at version n to n + 1
    """
    CREATE TABLE tables (
        id TEXT PRIMARY KEY,
        status TEXT NOT NULL,
        seating TEXT NOT NULL,
        header TEXT,
        created TIMESTAMPTZ NOT NULL DEFAULT now(),
        made BIGSERIAL,
        owner TEXT,
        epoch BIGINT NOT NULL DEFAULT 0
    );
    CREATE TABLE events (
        table_id TEXT NOT NULL REFERENCES tables(id),
        seq INTEGER NOT NULL,
        event TEXT NOT NULL,
        PRIMARY KEY (table_id, seq)
    );
    CREATE TABLE identities (
        identity TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        claim TEXT NOT NULL UNIQUE,
        settings TEXT NOT NULL DEFAULT '{}'
    );
    """,
    """
    CREATE TABLE invites (
        token_hash TEXT PRIMARY KEY,
        identity TEXT NOT NULL,
        name TEXT NOT NULL,
        expires DOUBLE PRECISION NOT NULL,
        session_hash TEXT UNIQUE
    );
    """,  # invites: kobito_tui.serve.invites
    """
    CREATE OR REPLACE FUNCTION kobito_owned(table_id TEXT, expected BIGINT) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
        now_epoch BIGINT;
    BEGIN
        SELECT epoch INTO now_epoch FROM tables WHERE id = table_id FOR SHARE;
        IF FOUND AND now_epoch <> expected THEN
            RAISE EXCEPTION 'table % is played by another server now', table_id USING ERRCODE = 'KB001';
        END IF;
    END $$;
    """,  # a write checks it still owns its table without a round trip of its own (a pipelined commit)
    """
    CREATE TABLE analyses (
        table_id TEXT NOT NULL REFERENCES tables(id),
        key TEXT NOT NULL,
        report TEXT NOT NULL,
        PRIMARY KEY (table_id, key)
    );
    """,  # analyses: kept by the hub's players (hub.Hub.keep_analysis)
    """
    ALTER TABLE tables ADD COLUMN IF NOT EXISTS revision BIGINT;
    """,  # the table's revision, kept with each change (NULL: written by a version before 5, see StoredTable.resumed_revision)
    """
    ALTER TABLE tables ADD COLUMN IF NOT EXISTS finished BIGINT;
    ALTER TABLE tables ADD COLUMN IF NOT EXISTS finished_at TEXT;
    UPDATE tables SET finished = o.n, finished_at = to_char(o.created AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
        FROM (SELECT id, created, row_number() OVER (ORDER BY created, made) AS n FROM tables WHERE status = 'over') AS o
        WHERE tables.id = o.id;
    """
    + HISTORY_SCHEMA,  # the order tables finished in (those finished before: the order they were made), and the history (store_history)
]
CONNECT_S = 3  # how long making a connection may take
RETRY_S = 1.0  # after a failed connection, writes are refused at once for this long
DISK_FULL = "53100"
LOST = "KB001"  # kobito_owned(): the table's epoch moved on (another server took it)
TABLE_LOCK = "kobito table "  # + the table's id: the text its advisory lock's 64-bit key is hashed from
SCHEMA_LOCK = "kobito schema"
LOCK = "SELECT pg_try_advisory_lock(hashtextextended(%s, 0))"
UNLOCK = "SELECT pg_advisory_unlock(hashtextextended(%s, 0))"
FORMAT = "postgresql://USER:PASSWORD@HOST:PORT/DATABASE"


def one_line(error: BaseException, password: str) -> str:
    """A database error as one line, without the password."""
    text = "; ".join(line.strip() for line in str(error).splitlines() if line.strip())
    if password:
        text = text.replace(password, "***")
    return printable(text, 200)


def _password(url: str) -> str:
    try:
        return str(psycopg.conninfo.conninfo_to_dict(url).get("password") or "")
    except psycopg.Error:
        return ""


class PgSql:
    """A transaction of the projection's on the store's connection (SQLite's ``?`` placeholders)."""

    def __init__(self, conn: psycopg.Connection[Any]):
        self._conn = conn

    def rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        return self._conn.execute(sql.replace("?", "%s"), params).fetchall()

    def run(self, sql: str, params: tuple[Any, ...] | list[tuple[Any, ...]] = ()) -> None:
        if isinstance(params, list):
            with self._conn.cursor() as cursor:
                cursor.executemany(sql.replace("?", "%s"), params)
        else:
            self._conn.execute(sql.replace("?", "%s"), params)


class PostgresStore(HistoryRows, TableRows):
    """The tables in the PostgreSQL database at ``url``, this server named ``owner`` in
    them; ``migrate=False`` (for check and export) reads it as it is, changing nothing.
    Raises :class:`StoreUnusable` (one line, no password) if it cannot be used."""

    def __init__(self, url: str, owner: str | None = None, *, migrate: bool = True):
        self.url = url
        self.owner = owner or f"{socket.gethostname()}:{os.getpid()}"
        try:
            params = psycopg.conninfo.conninfo_to_dict(url)
        except psycopg.Error:
            raise StoreUnusable(f"the database URL does not read as one (write it as {FORMAT})") from None
        if not url.startswith(("postgresql://", "postgres://")):
            raise StoreUnusable(f"the database URL does not read as one (write it as {FORMAT})")
        self._password = str(params.get("password") or "")
        self.where = f"database {printable(params.get('dbname') or params.get('user') or '?', 60)} on {printable(params.get('host') or 'the local socket', 80)}"
        if params.get("port"):
            self.where += f":{printable(params['port'], 10)}"
        self._lock = threading.RLock()  # the connection: the writer's batches, reads, and locks
        self._conn: psycopg.Connection[Any] | None = None
        self._failed_at = 0.0
        self._down = ""
        self._owned: dict[str, int] = {}  # table -> the epoch this server took it at
        self._closed = False
        try:
            self._connection()
        except StoreError as error:
            raise StoreUnusable(str(error)) from None
        try:
            self._schema(migrate)
        except StoreUnusable:
            if self._conn is not None:
                self._conn.close()
            raise
        self._writer = GroupCommit(self._commit, self.where)

    # -- the connection ---------------------------------------------------------
    def _said(self, error: BaseException) -> str:
        return one_line(error, self._password)

    def _connection(self) -> psycopg.Connection[Any]:
        """The store's connection, made again (with its tables' locks) if it broke; raises StoreError."""
        if self._closed:
            raise StoreError("the store is closed")
        if self._conn is not None and not self._conn.closed and not self._conn.broken:
            return self._conn
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        if time.monotonic() - self._failed_at < RETRY_S:
            raise StoreError(self._down)
        try:
            conn = psycopg.connect(
                self.url,
                autocommit=True,
                connect_timeout=CONNECT_S,
                application_name="kobito serve",
                options="-c synchronous_commit=on -c lock_timeout=5000",
                keepalives=1,
                keepalives_idle=10,
                keepalives_interval=5,
                keepalives_count=3,  # over TCP: a dead link is found in ~25 s
            )
        except psycopg.Error as error:
            self._failed_at = time.monotonic()
            self._down = f"cannot reach the {self.where} ({self._said(error)})"
            raise StoreError(self._down) from None
        try:
            self._relock(conn)
        except psycopg.Error:
            conn.close()
            raise
        self._conn = conn  # only once its locks are taken again
        return conn

    def _relock(self, conn: psycopg.Connection[Any]) -> None:
        """On a new connection, take this server's tables' locks again; one another server
        took meanwhile (its epoch moved on) is lost."""
        for table_id, epoch in list(self._owned.items()):
            if not self._try_lock(conn, table_id):
                del self._owned[table_id]
                continue
            row = conn.execute("SELECT epoch FROM tables WHERE id = %s", (table_id,)).fetchone()
            if row is not None and row[0] != epoch:
                del self._owned[table_id]
                conn.execute(UNLOCK, (TABLE_LOCK + table_id,))

    @contextlib.contextmanager
    def _using(self) -> Iterator[psycopg.Connection[Any]]:
        """The connection, for one piece of work; a database error comes out as StoreError."""
        with self._lock:
            try:
                yield self._connection()
            except psycopg.Error as error:
                raise StoreError(self._said(error), full=error.sqlstate == DISK_FULL) from None

    def _schema(self, migrate: bool) -> None:
        """Bring the schema up to this version (two servers starting at once: one at a time), or
        refuse one this version cannot read."""
        try:
            with self._using() as conn, conn.transaction():
                conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (SCHEMA_LOCK,))
                names = {row[0] for row in conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")}
                if "kobito_schema" not in names and names & {"tables", "events", "identities"}:
                    raise StoreUnusable(f"the {self.where} holds tables of something else: give kobito a database of its own")
                version = 0
                if "kobito_schema" in names:
                    row = conn.execute("SELECT max(version) FROM kobito_schema").fetchone()
                    version = row[0] if row and row[0] is not None else 0
                if version > SCHEMA_VERSION:
                    raise StoreUnusable(
                        f"the {self.where} was written by a newer kobito-tui (store version {version}; this one reads up to "
                        f"{SCHEMA_VERSION}): serve it with that version"
                    )
                if version < SCHEMA_VERSION and not migrate:
                    raise StoreUnusable(
                        f"the {self.where} is at store version {version}: start kobito serve on it once to bring it to {SCHEMA_VERSION}"
                    )
                if version < SCHEMA_VERSION:
                    conn.execute("CREATE TABLE IF NOT EXISTS kobito_schema (version INTEGER NOT NULL)")
                    for step in MIGRATIONS[version:]:
                        conn.execute(step)
                    conn.execute("DELETE FROM kobito_schema")
                    conn.execute("INSERT INTO kobito_schema (version) VALUES (%s)", (SCHEMA_VERSION,))
        except StoreError as error:
            raise StoreUnusable(f"the {self.where} cannot be used ({error})") from None

    # -- writes -----------------------------------------------------------------
    def _write(self, *statements: Statement, table: str | None = None) -> None:
        self._writer.write(Write(statements, table))

    def _commit(self, batch: list[Write]) -> None:
        """One transaction, committed whole (on disk: ``synchronous_commit`` is on) or not at all: sent as
        one pipeline, so the batch costs one round trip (and the sync) however many statements it has.
        Each table it changes is checked first, under a row lock, to be this server's still
        (``kobito_owned()`` fails the whole transaction if not); a table it makes gets this
        server's epoch in it."""
        tables = sorted({write.table for write in batch if write.table is not None})
        with self._lock:
            if any(table_id not in self._owned for table_id in tables):
                raise TableLost(f"table {printable(next(t for t in tables if t not in self._owned), 40)} is played by another server now")
            epochs = [(table_id, self._owned[table_id]) for table_id in tables]
            made = {write.table for write in batch for sql, _params in write.statements if sql.startswith("INSERT INTO tables")}
            with self._using() as conn:
                try:
                    with conn.pipeline(), conn.transaction(), conn.cursor() as cursor:
                        for table_id, epoch in epochs:
                            cursor.execute("SELECT kobito_owned(%s, %s)", (table_id, epoch))
                        for write in batch:
                            for sql, params in write.statements:
                                if isinstance(params, list):
                                    cursor.executemany(sql.replace("?", "%s"), params)
                                else:
                                    cursor.execute(sql.replace("?", "%s"), params)
                        for table_id, epoch in epochs:
                            if table_id in made:
                                cursor.execute(
                                    "UPDATE tables SET owner = %s, epoch = %s WHERE id = %s AND epoch = 0", (self.owner, epoch, table_id)
                                )
                except psycopg.Error as error:
                    if error.sqlstate == LOST:
                        raise TableLost(printable(error.diag.message_primary or "the table is played by another server now", 200)) from None
                    raise

    def _try_lock(self, conn: psycopg.Connection[Any], table_id: str) -> bool:
        return conn.execute(LOCK, (TABLE_LOCK + table_id,)).fetchone() == (True,)

    @contextlib.contextmanager
    def _claimed(self, table_id: str) -> Iterator[None]:
        """A table this server makes is its own (epoch 1), unless it fails to be made."""
        new = table_id not in self._owned
        if new:
            with self._using() as conn:
                if not self._try_lock(conn, table_id):
                    raise TableLost(f"table {printable(table_id, 40)} is played by another server")
                self._owned[table_id] = 1
        try:
            yield
        except StoreError:
            if new:
                self.release(table_id)
            raise

    _finish_lock = (("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", (HISTORY_LOCK,)),)  # finish numbers: one write at a time

    @contextlib.contextmanager
    def _folding(self) -> Iterator[PgSql]:
        """One transaction holding the projection's lock (a finish number waits for it, and a fold of another server's)."""
        with self._using() as conn, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (HISTORY_LOCK,))
            yield PgSql(conn)

    def set_status(self, table_id: str, status: str) -> None:
        """A table that is over is written no more: this server lets go of it (and of its lock: a
        server owning every table it ever finished would run out of locks) once that is kept."""
        super().set_status(table_id, status)
        if status in ENDED:
            self.release(table_id)

    def own(self, table_id: str) -> int | None:
        with self._using() as conn:
            if table_id in self._owned:
                return self._owned[table_id]
            if not self._try_lock(conn, table_id):
                return None
            row = conn.execute(
                "UPDATE tables SET epoch = epoch + 1, owner = %s WHERE id = %s RETURNING epoch", (self.owner, table_id)
            ).fetchone()
            if row is None:
                conn.execute(UNLOCK, (TABLE_LOCK + table_id,))
                return None
            self._owned[table_id] = row[0]
            return int(row[0])

    def release(self, table_id: str) -> None:
        with self._lock:
            if self._owned.pop(table_id, None) is None:
                return
            with contextlib.suppress(StoreError):  # a broken connection has let go of it already
                with self._using() as conn:
                    conn.execute(UNLOCK, (TABLE_LOCK + table_id,))

    def owned(self) -> dict[str, int]:
        """The tables this server owns now, with their epochs."""
        with self._lock:
            return dict(self._owned)

    # -- reads ------------------------------------------------------------------
    def load(self, table_id: str) -> StoredTable:
        """The table ``table_id`` as one moment of it (KeyError: there is none)."""
        with self._using() as conn, conn.transaction():
            conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            row = conn.execute("SELECT id, status, seating, header, revision FROM tables WHERE id = %s", (table_id,)).fetchone()
            if row is None:
                raise KeyError(table_id)
            rows = conn.execute("SELECT seq, event FROM events WHERE table_id = %s ORDER BY seq", (table_id,)).fetchall()
        found, status, seating, header, revision = row
        return stored_table(found, status, seating, header, lambda: rows, revision)

    def tables(self) -> list[StoredTable]:
        """Every table, oldest first (one that does not validate: set aside, with its problem)."""
        with self._using() as conn:
            ids = [row[0] for row in conn.execute("SELECT id FROM tables ORDER BY created, made")]
        return [self.load(table_id) for table_id in ids]

    def verify(self) -> None:
        """Nothing beyond reading every table: PostgreSQL checks its own pages."""

    def identity(self, identity: str) -> Identity | None:
        with self._using() as conn:
            row = conn.execute("SELECT name, settings FROM identities WHERE identity = %s", (identity,)).fetchone()
        return None if row is None else Identity(row[0], settings_of(row[1]))

    def name_owner(self, claim: str) -> str | None:
        with self._using() as conn:
            row = conn.execute("SELECT identity FROM identities WHERE claim = %s", (claim,)).fetchone()
        return None if row is None else str(row[0])

    def analysis(self, table_id: str, key: str) -> str | None:
        with self._using() as conn:
            row = conn.execute("SELECT report FROM analyses WHERE table_id = %s AND key = %s", (table_id, key)).fetchone()
        return None if row is None else str(row[0])

    def close(self) -> None:
        """Commit what is waiting, then close the connection (which lets go of every table)."""
        self._writer.close()
        with self._lock:
            self._owned.clear()
            self._closed = True
            if self._conn is not None:
                self._conn.close()
                self._conn = None


class PlainConnection:
    """A connection of its own to the database at ``url`` for a helper that speaks SQLite's
    SQL with ``?`` placeholders (:class:`~kobito_tui.serve.invites.Invites`), each statement
    committed on its own, connecting again once if the database went away meanwhile."""

    def __init__(self, url: str):
        self.url = url
        self._conn = self._connect()

    def _connect(self) -> psycopg.Connection[Any]:
        try:
            return psycopg.connect(self.url, autocommit=True, connect_timeout=CONNECT_S, application_name="kobito serve invites")
        except psycopg.Error as error:
            raise StoreError(f"cannot reach the database ({one_line(error, _password(self.url))})") from None

    def execute(self, sql: str, params: tuple[Any, ...] = ()) -> psycopg.Cursor[Any]:
        """Run ``sql``; raises :class:`StoreError` (one line) if the database refuses it or cannot be reached."""
        if self._conn.closed or self._conn.broken:
            self._conn.close()
            self._conn = self._connect()
        try:
            return self._conn.execute(sql.replace("?", "%s"), params)
        except psycopg.Error as error:
            raise StoreError(one_line(error, _password(self.url))) from None

    def close(self) -> None:
        self._conn.close()
