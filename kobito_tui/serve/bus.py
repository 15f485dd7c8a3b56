"""PostgreSQL as the only channel between servers: mail to one server, the lobby to all.

Mail is a NOTIFY on the recipient server's channel carrying the body (base64), or,
when it is too long for a notice, the id of the ``bus_mail`` row that holds it (row and
notice committed together); notices arrive in commit order, so mail does too.  The
recipient takes its rows when it hears of them, and every row left for it after each
reconnect (what was sent while it was away).  The lobby is a row per table in ``bus_lobby`` (its owner and
its summary) and a NOTIFY on ``kobito_lobby`` carrying the same (so no server reads the row
to hear of a change), or only the table's id when the summary is too long for a notice.  Nothing here knows
what a body means: :mod:`kobito_tui.serve.cluster` does.

Each server's listening connection is named ``kobito-serve <server id>``: the servers
alive are those with such a connection (:meth:`Bus.servers`).  Two threads: the
listener (calls ``on_mail`` and ``on_lobby`` on it, in order) and the writer (sends
what :meth:`mail` and :meth:`publish` queue, grouped into one transaction).  While the
database is away both retry every :data:`RETRY_S`; ``on_link(False)`` says it went,
``on_link(True)`` that it is back.
"""

from __future__ import annotations

import base64
import logging
import queue
import threading
from collections.abc import Callable
from typing import Any

log = logging.getLogger("kobito.serve")

LOBBY = "kobito_lobby"
APP_NAME = "kobito-serve "
RETRY_S = 0.5
MAX_NOTICE = 7900  # PostgreSQL's limit on a notice's payload is 8000 bytes
INLINE, ROW = "m", "r"  # a notice's payload: the mail itself (base64), or the id of the row that holds it
SUMMARY = "="  # a lobby notice's payload: "=" + the table's id (base64), its owner and its summary (base64); else the bare id
SCHEMA = """
CREATE UNLOGGED TABLE IF NOT EXISTS bus_mail (
    id BIGSERIAL PRIMARY KEY, server TEXT NOT NULL, body BYTEA NOT NULL
);
CREATE INDEX IF NOT EXISTS bus_mail_server ON bus_mail (server, id);
CREATE TABLE IF NOT EXISTS bus_lobby (
    table_id TEXT PRIMARY KEY, owner TEXT NOT NULL, info BYTEA NOT NULL
);
"""  # mail is in flight only (unlogged: a crashed database forgets it, and its senders time out)


def channel(server: str) -> str:
    return f"kobito_mail_{server}"


class Bus:
    """This server's (``server``, a short hex id) link to the others through ``url``."""

    def __init__(
        self,
        url: str,
        server: str,
        *,
        on_mail: Callable[[list[bytes]], None],
        on_lobby: Callable[[str, str | None, bytes | None], None],
        on_link: Callable[[bool], None],
    ):
        import psycopg  # only a server with --database needs it

        self._psycopg = psycopg
        self.url, self.server = url, server
        self.on_mail, self.on_lobby, self.on_link = on_mail, on_lobby, on_link
        self._outbox: queue.Queue[tuple[str, tuple[Any, ...]] | None] = queue.Queue()
        self._closing = threading.Event()
        self._listening = threading.Event()
        self._listener: Any = None  # the listening connection (to cancel its wait on close)
        self._reading = threading.Lock()
        self._reader: Any = None
        with self._connect("kobito-serve-setup") as setup:
            self._setup(setup)
        self._threads = [
            threading.Thread(target=self._listen, name="bus listener", daemon=True),
            threading.Thread(target=self._write, name="bus writer", daemon=True),
        ]
        for thread in self._threads:
            thread.start()

    def _connect(self, name: str) -> Any:
        return self._psycopg.connect(  # mail is in flight only: no commit of the bus waits for the disk
            self.url, autocommit=True, application_name=name, connect_timeout=5, options="-c synchronous_commit=off"
        )

    @staticmethod
    def _setup(connection: Any) -> None:
        """The bus's tables, made if missing (on every connect: a restored database may lack them)."""
        with connection.transaction():
            connection.execute("SET LOCAL synchronous_commit = on")  # the tables outlive a crash
            connection.execute("SELECT pg_advisory_xact_lock(7270911)")  # one server at a time makes them
            connection.execute(SCHEMA)

    def wait_listening(self, timeout: float) -> bool:
        return self._listening.wait(timeout)

    # -- sending (any thread) ------------------------------------------------
    def mail(self, server: str, body: bytes) -> None:
        self._outbox.put(("mail", (server, body)))

    def publish(self, table_id: str, info: bytes | None) -> None:
        """``table_id``'s summary (None: the table is gone) for every server's lobby, owned by this one."""
        self._outbox.put(("lobby", (table_id, info)))

    def _write(self) -> None:
        connection = None
        batch: list[tuple[str, tuple[Any, ...]]] = []
        while not self._closing.is_set():
            if not batch:
                item = self._outbox.get()
                if item is None:
                    return
                batch.append(item)
                while len(batch) < 500:
                    try:
                        item = self._outbox.get_nowait()
                    except queue.Empty:
                        break
                    if item is None:
                        self._closing.set()
                        break
                    batch.append(item)
            try:
                if connection is None or connection.closed:
                    connection = self._connect(f"kobito-serve-writer {self.server}")
                self._send(connection, batch)
                batch = []
            except self._psycopg.Error as error:
                log.warning("the bus cannot send (%s); trying again", str(error).strip().splitlines()[0] if str(error) else error)
                if connection is not None:
                    connection.close()
                connection = None
                if self._closing.wait(RETRY_S):
                    return
        if connection is not None:
            connection.close()

    def _send(self, connection: Any, batch: list[tuple[str, tuple[Any, ...]]]) -> None:
        """The batch's notices in its order: one statement when every mail fits in its notice,
        else one transaction with the rows they name."""
        notices: list[tuple[str, str]] = []
        rows: list[tuple[int, str, bytes]] = []  # (the notice it goes with, server, body)
        lobby: list[tuple[str, bytes | None]] = []
        for kind, args in batch:
            if kind == "mail":
                server, body = args
                text = INLINE + base64.b64encode(body).decode("ascii")
                if len(text) > MAX_NOTICE:  # a long one (a whole game's history) waits in a row
                    rows.append((len(notices), server, body))
                notices.append((channel(server), text))
            else:
                table_id, info = args
                lobby.append(args)
                text = table_id
                if info is not None:
                    said = f"{SUMMARY}{base64.b64encode(table_id.encode()).decode('ascii')} {self.server} {base64.b64encode(info).decode('ascii')}"
                    text = said if len(said) <= MAX_NOTICE else text
                notices.append((LOBBY, text))
        notify = "SELECT pg_notify(c, p) FROM unnest(%s::text[], %s::text[]) WITH ORDINALITY AS n(c, p, i) ORDER BY i"
        if not rows and not lobby:
            connection.execute(notify, ([c for c, _p in notices], [p for _c, p in notices]))
            return
        with connection.transaction():
            if lobby:
                connection.execute("SET LOCAL synchronous_commit = on")  # the lobby outlives a crash
            for at, server, body in rows:
                row = connection.execute("INSERT INTO bus_mail (server, body) VALUES (%s, %s) RETURNING id", (server, body))
                notices[at] = (notices[at][0], ROW + str(row.fetchone()[0]))
            for table_id, info in lobby:
                if info is None:
                    connection.execute("DELETE FROM bus_lobby WHERE table_id = %s AND owner = %s", (table_id, self.server))
                else:
                    connection.execute(
                        "INSERT INTO bus_lobby (table_id, owner, info) VALUES (%s, %s, %s) "
                        "ON CONFLICT (table_id) DO UPDATE SET owner = EXCLUDED.owner, info = EXCLUDED.info",
                        (table_id, self.server, info),
                    )
            connection.execute(notify, ([c for c, _p in notices], [p for _c, p in notices]))

    # -- hearing (the listener thread) ---------------------------------------
    def _listen(self) -> None:
        linked = True
        while not self._closing.is_set():
            try:
                with self._connect(APP_NAME + self.server) as connection:
                    self._listener = connection
                    self._setup(connection)
                    connection.execute(f"LISTEN {channel(self.server)}")
                    connection.execute(f"LISTEN {LOBBY}")
                    if not linked:
                        linked = True
                        self.on_link(True)
                    self._listening.set()
                    self._take_mail(connection)  # what came while nobody listened
                    while not self._closing.is_set():
                        for notice in list(connection.notifies(timeout=1.0, stop_after=1)):  # no query while it waits
                            self._heard(connection, notice.channel, notice.payload)
            except self._psycopg.Error as error:
                if self._closing.is_set():
                    return
                log.warning("the bus lost the database (%s); trying again", str(error).strip().splitlines()[0] if str(error) else error)
                if linked:
                    linked = False
                    self.on_link(False)
                self._closing.wait(RETRY_S)

    def _heard(self, connection: Any, heard_on: str, payload: str) -> None:
        if heard_on == LOBBY:
            said = self._summary(payload)
            self.on_lobby(*(said or self._lobby_row(connection, payload)))
        elif payload.startswith(INLINE):
            self.on_mail([base64.b64decode(payload[len(INLINE) :])])
        elif payload.startswith(ROW):
            row = connection.execute("DELETE FROM bus_mail WHERE id = %s RETURNING body", (int(payload[len(ROW) :]),)).fetchone()
            if row is not None:
                self.on_mail([bytes(row[0])])

    @staticmethod
    def _summary(payload: str) -> tuple[str, str, bytes] | None:
        """A lobby notice's table, owner and summary; None: only the id, the row holds the rest."""
        if not payload.startswith(SUMMARY):
            return None
        try:
            table_id, owner, info = payload[len(SUMMARY) :].split(" ")
            return base64.b64decode(table_id, validate=True).decode(), owner, base64.b64decode(info, validate=True)
        except ValueError:  # not one of ours (binascii.Error and UnicodeDecodeError are ValueErrors)
            return None

    @staticmethod
    def _lobby_row(connection: Any, table_id: str) -> tuple[str, str | None, bytes | None]:
        row = connection.execute("SELECT owner, info FROM bus_lobby WHERE table_id = %s", (table_id,)).fetchone()
        return (table_id, None, None) if row is None else (table_id, row[0], bytes(row[1]))

    def _take_mail(self, connection: Any) -> None:
        rows = connection.execute("DELETE FROM bus_mail WHERE server = %s RETURNING id, body", (self.server,)).fetchall()
        if rows:
            self.on_mail([bytes(body) for _id, body in sorted(rows)])

    # -- reading (any thread, a connection of its own) ------------------------
    def query(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Rows of one read (on a connection of its own, opened again after a loss);
        raises the driver's error if the database is away."""
        with self._reading:
            try:
                if self._reader is None or self._reader.closed:
                    self._reader = self._connect(f"kobito-serve-reader {self.server}")
                return list(self._reader.execute(sql, args).fetchall())
            except self._psycopg.Error:
                if self._reader is not None:
                    self._reader.close()
                self._reader = None
                raise

    def servers(self) -> set[str]:
        """The servers alive now (their listening connection is open)."""
        rows = self.query("SELECT application_name FROM pg_stat_activity WHERE application_name LIKE %s", (APP_NAME + "%",))
        return {name[len(APP_NAME) :] for (name,) in rows}

    def lobby(self, table_id: str | None = None) -> list[tuple[str, str, bytes]]:
        """The lobby's rows (table, owner, summary): every table's, or ``table_id``'s."""
        if table_id is None:
            rows = self.query("SELECT table_id, owner, info FROM bus_lobby")
        else:
            rows = self.query("SELECT table_id, owner, info FROM bus_lobby WHERE table_id = %s", (table_id,))
        return [(t, o, bytes(i)) for t, o, i in rows]

    def close(self) -> None:
        self._closing.set()
        self._outbox.put(None)
        if self._listener is not None:
            try:
                self._listener.cancel_safe(timeout=1.0)
            except self._psycopg.Error:
                pass
        for thread in self._threads:
            thread.join(5)
        with self._reading:
            if self._reader is not None:
                self._reader.close()
