"""A client of the hub: a connection, and :class:`RemoteTable`, a table seen from one seat.

:class:`RemoteTable` has the shape of :class:`kobito_tui.table.Table` for its
seat (or a spectator): ``submit``, ``undo``, ``redo``, ``hint`` and
``subscribe``, with the hub's updates decoded back into
:class:`~kobito_tui.table.Update`, so the app can play on either.  Requests
wait for their answer; updates reach subscribers on the connection's reader
thread, in order (callbacks must be quick, as with a local table).
"""

from __future__ import annotations

import itertools
import json
import socket
import threading
import zlib
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from kobito_tui.analysis.checked import checked_report, parsed
from kobito_tui.analysis.report import Report
from kobito_tui.analysis.sidecar import estimate_key
from kobito_tui.core.game import Event
from kobito_tui.core.record import Record
from kobito_tui.core.safetext import printable
from kobito_tui.core.savefile import SaveError, loads
from kobito_tui.serve import protocol as p
from kobito_tui.table import Hint, History, LogEntry, Perspective, Refusal, Refused, SeatPerspective, Update
from kobito_tui.table.perspective import PUBLIC

REPLY_TIMEOUT_S = 30.0
# Who the player is, as the door tells its session program: in the environment, never argv.
ENV_IDENTITY, ENV_NAME, ENV_ADDRESS = "KOBITO_IDENTITY", "KOBITO_NAME", "KOBITO_ADDRESS"
ENV_DOOR = "KOBITO_DOOR"  # which door the player came in by: "ssh" or "web" (how to come back)


class HubClosed(Exception):
    """The hub ended the connection (``str()`` says why, when it said; ``refusal``: why, to word)."""

    def __init__(self, why: str, refusal: Refusal | None = None):
        super().__init__(why)
        self.refusal = refusal


NOT_ANSWERING = (HubClosed, OSError, TimeoutError)  # what a request raises when the hub went or does not answer


class HubConnection:
    """One socket to the hub: hello, then requests with answers, and pushes."""

    def __init__(self, socket_path: Path | str, identity: str, name: str, timeout: float = REPLY_TIMEOUT_S, *, address: str = ""):
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._sock.connect(str(socket_path))
        self.timeout, self.name = timeout, name
        self._ids = itertools.count(1)
        self._waiting: dict[int, Future[p.ServerMessage]] = {}
        self._lock = threading.Lock()
        self.tables: dict[str, p.TableInfo] = {}
        self.on_table: Callable[[p.TableInfo], None] | None = None  # lobby changes, on the reader thread
        self.on_close: Callable[[str], None] | None = None  # the hub ended the connection, on the reader thread
        self._update_handlers: dict[str, Callable[[p.UpdateMessage], None]] = {}
        self.closed: str | None = None
        self.bye: Refusal | None = None  # why the hub ended the connection, when it said so to word
        self.settings: dict[str, Any] = {}  # this identity's, as the hub keeps them
        self.back_to = ""  # the table this identity was seated at when its last connection dropped
        self._welcome: Future[p.Welcome] = Future()
        self._send(p.Hello(p.VERSION, identity, name, address))
        threading.Thread(target=self._read, name="hub reader", daemon=True).start()
        self._welcome.result(timeout)

    # -- wire ---------------------------------------------------------------
    def _send(self, message: p.WireMessage) -> None:
        with self._lock:
            self._sock.sendall(p.frame(message))

    def _recv_exactly(self, size: int) -> bytes:
        data = bytearray()
        while len(data) < size:
            chunk = self._sock.recv(size - len(data))
            if not chunk:
                raise HubClosed(self.closed or p.HUNG_UP)
            data += chunk
        return bytes(data)

    def _read(self) -> None:
        try:
            while True:
                size = p.frame_length(self._recv_exactly(p.LENGTH), p.MAX_SERVER_FRAME)
                self._dispatch(p.decode_server(self._recv_exactly(size)))
        except (HubClosed, OSError, p.ProtocolError) as error:
            self.closed = self.closed or str(error) or "closed"
        finally:
            futures: list[Future[Any]] = [self._welcome, *self._waiting.values()]
            for future in futures:
                if not future.done():
                    future.set_exception(HubClosed(self.closed or "closed", self.bye))
            if self.on_close is not None:
                self.on_close(self.closed or "closed")

    def _dispatch(self, message: p.ServerMessage) -> None:
        if isinstance(message, p.Welcome):
            self.tables = {t.table: t for t in message.tables}
            self.name, self.settings = message.name or self.name, dict(message.settings)
            self.back_to = message.back_to
            self._welcome.set_result(message)
        elif isinstance(message, p.TableChanged):
            self.tables[message.info.table] = message.info
            if self.on_table is not None:
                self.on_table(message.info)
        elif isinstance(message, p.UpdateMessage):
            handler = self._update_handlers.get(message.table)
            if handler is not None:
                handler(message)
        elif isinstance(message, p.Bye):
            self.closed = message.text
            self.bye = Refusal(message.reason, dict(message.params)) if message.reason else None
        elif isinstance(message, (p.Done, p.RefusedReply, p.HintMessage, p.Replays, p.RecordText, p.RatingChanges, p.AnalysisText)):
            future = self._waiting.pop(message.id, None)
            if future is not None:
                future.set_result(message)

    def request(self, make: Callable[[int], p.WireMessage]) -> p.ServerMessage:
        """Send the request ``make(id)`` and wait for its answer."""
        if self.closed is not None:
            raise HubClosed(self.closed)
        ident = next(self._ids)
        future: Future[p.ServerMessage] = Future()
        self._waiting[ident] = future
        self._send(make(ident))
        return future.result(self.timeout)

    def close(self) -> None:
        try:
            self._sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self._sock.close()

    # -- the lobby ----------------------------------------------------------
    def create(self, game: str, seats: list[str], options: dict[str, Any] | None = None, pace: str = "live") -> str | Refusal:
        """A new table (each seat "open" or a computer level; live or turn-based): its id, or why not."""
        answer = self.request(lambda i: p.CreateTable(i, game, seats, options or {}, pace))
        return _refusal(answer) or str(answer.value)  # type: ignore[union-attr]  # not a refusal: the answer with a value

    def join(self, table: str, seat: int | None = None, code: str | None = None) -> RemoteTable | Refusal:
        """Sit at ``seat`` of ``table`` (None: your own seat back, by key or ``code``)."""
        remote = RemoteTable(self, table)
        answer = self.request(lambda i: p.Join(i, table, seat, code))
        if isinstance(answer, p.RefusedReply):
            remote.detach()
            return p.refusal(answer)
        assert isinstance(answer, p.Done) and answer.seat is not None
        remote.seat, remote.code = answer.seat, answer.value
        return remote

    def find_seat(self, code: str) -> str | Refusal:
        """The table of the seat ``code`` proves (a wrong code counts as a guess)."""
        answer = self.request(lambda i: p.FindSeat(i, code))
        if isinstance(answer, p.RefusedReply):
            return p.refusal(answer)
        assert isinstance(answer, p.Done) and answer.value is not None
        return answer.value

    def spectate(self, table: str) -> RemoteTable | Refusal:
        remote = RemoteTable(self, table)
        answer = self.request(lambda i: p.Spectate(i, table))
        if isinstance(answer, p.RefusedReply):
            remote.detach()
            return p.refusal(answer)
        return remote

    def vote_to_end(self, accept: bool = True) -> Refusal | None:
        """Vote to end your game as it stands, a seat holding it up (``accept`` False: withdraw the votes)."""
        return _refusal(self.request(lambda i: p.VoteToEnd(i, accept)))

    def rating_changes(self, table: str) -> list[p.RatingChange] | Refusal:
        """The rating changes of a finished table this connection played at (empty until they are reckoned)."""
        answer = self.request(lambda i: p.GetRatings(i, table))
        return answer.changes if isinstance(answer, p.RatingChanges) else _refusal(answer) or Refusal("hub", {"error": "no ratings came"})

    def give_to_computer(self, seat: int, level: str) -> Refusal | None:
        return _refusal(self.request(lambda i: p.GiveToComputer(i, seat, level)))

    def set_settings(self, settings: dict[str, Any]) -> Refusal | None:
        """Keep ``settings`` (merged into this identity's) at the hub."""
        refusal = _refusal(self.request(lambda i: p.SetSettings(i, settings)))
        if refusal is None:
            self.settings.update(settings)
        return refusal

    def web_link(self) -> str | Refusal:
        """A one-time link that signs a web browser in as this identity."""
        answer = self.request(p.AskLink)
        return _refusal(answer) or str(answer.value)  # type: ignore[union-attr]  # not a refusal: the answer with a value

    def rematch(self, table: str, accept: bool = True) -> str | Refusal | None:
        """Accept (or decline) a rematch of ``table``, a finished table played at: the rematch's table once
        every player has accepted, else None (its news says when it is set), or why not."""
        answer = self.request(lambda i: p.Rematch(i, table, accept))
        return _refusal(answer) or (answer.value if isinstance(answer, p.Done) else None)

    def leave(self) -> None:
        """Stop watching the table sat at (a player's seat stays theirs, away)."""
        self.request(p.Leave)

    def replays(self) -> list[p.TableInfo]:
        """The finished tables this connection played at."""
        answer = self.request(p.ListReplays)
        return answer.tables if isinstance(answer, p.Replays) else []

    def record(self, table: str) -> Record | Refusal:
        """The whole game of a finished table this connection played at."""
        answer = self.request(lambda i: p.GetRecord(i, table))
        if isinstance(answer, p.RecordText):
            try:
                return loads(answer.text, f"table {table}")
            except SaveError as error:
                return Refusal("hub", {"error": printable(error, 160)})
        return _refusal(answer) or Refusal("hub", {"error": "no record came"})

    def keep_analysis(self, table: str, seat: int | None, key: str, report: Report) -> Refusal | None:
        """Keep ``report`` (of ``seat``'s decisions; None: every seat's) at the hub for the table's
        players; one too big to send is refused here (a frame over the limit would end the connection)."""
        text = json.dumps(report.to_json(), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        if len(text) > p.MAX_ANALYSIS_BYTES:
            return Refusal("analysis-too-big", {"limit": p.MAX_ANALYSIS_BYTES // 1024})
        packed = zlib.compress(text, 9)
        if len(p.frame(p.KeepAnalysis(0, table, seat, key, packed))) > p.MAX_CLIENT_FRAME:
            return Refusal("analysis-too-big", {"limit": p.MAX_ANALYSIS_BYTES // 1024})
        return _refusal(self.request(lambda i: p.KeepAnalysis(i, table, seat, key, packed)))

    def analysis(self, table: str, seat: int | None, key: str) -> Any | Refusal | None:
        """The analysis kept at the hub for ``table``'s ``seat`` (None: every seat), as parsed JSON
        (check it against the game before use), or None: none is kept (or it does not read)."""
        answer = self.request(lambda i: p.GetAnalysis(i, table, seat, key))
        if isinstance(answer, p.AnalysisText):
            try:
                return None if answer.report is None else parsed(answer.report)
            except ValueError:
                return None
        return _refusal(answer) or Refusal("hub", {"error": "no analysis came"})


def _refusal(answer: p.ServerMessage) -> Refusal | None:
    return p.refusal(answer) if isinstance(answer, p.RefusedReply) else None


class HubAnalyses:
    """A finished table's analyses, kept in the hub's store for its players (a remote player
    writes nothing on the host's disk: the session program hands the hub each finished report).
    A hub that does not answer or refuses only means the next look analyses anew."""

    def __init__(self, connection: HubConnection, table: str) -> None:
        self.connection, self.table = connection, table

    def load(self, record: Record, seat: int | None) -> Report | None:
        try:
            found = self.connection.analysis(self.table, seat, estimate_key())
        except NOT_ANSWERING:
            return None
        if found is None or isinstance(found, Refusal):
            return None
        try:
            return checked_report(found, record, seat)
        except ValueError:
            return None

    def store(self, record: Record, seat: int | None, report: Report) -> None:
        try:
            self.connection.keep_analysis(self.table, seat, estimate_key(), report)
        except NOT_ANSWERING:
            pass


class RemoteSubscription:
    def __init__(self, remote: RemoteTable, callback: Callable[[Update], None]):
        self.remote, self.callback = remote, callback
        self.error: Exception | None = None

    def cancel(self) -> None:
        if self in self.remote._subscriptions:
            self.remote._subscriptions.remove(self)


class RemoteTable:
    """A table at the hub as one seat (``seat``) or a spectator (``seat`` None) has it.

    It keeps the history only until a game client takes the table (``subscribe(...,
    hand_over=True)``, as :class:`~kobito_tui.client.RemoteHost` does): from then on the client
    holds the terminal's one history, and this keeps what the transport needs, the newest
    update (:attr:`last`, :attr:`revision`, :meth:`wait_for`).  A protocol client with no game
    client (the tests, the benchmarks) keeps it here throughout (:attr:`events`, :attr:`log`)."""

    def __init__(self, connection: HubConnection, table_id: str):
        self.connection, self.table_id = connection, table_id
        self.seat: int | None = None
        self.code: str | None = None  # the seat code to rejoin with
        # Everything so far, as the perspective knows it, only until a game client takes the table
        # (:meth:`hand_over`): then that client holds the one history and this keeps only the newest update.
        self._history: History | None = History()
        self._last: Update | None = None
        self._subscriptions: list[RemoteSubscription] = []
        self._changed = threading.Condition()
        connection._update_handlers[table_id] = self._receive

    def detach(self) -> None:
        self.connection._update_handlers.pop(self.table_id, None)

    @property
    def last(self) -> Update | None:
        """The newest update (None until the game has begun)."""
        return self._last

    @property
    def events(self) -> list[Event]:
        """Every event so far, as this perspective knows them (until a game client took the table)."""
        return self._kept().events

    @property
    def log(self) -> list[LogEntry]:
        return self._kept().log

    def _kept(self) -> History:
        if self._history is None:
            raise RuntimeError("a game client holds this table's history: ask it")
        return self._history

    @property
    def perspective(self) -> Perspective:
        return PUBLIC if self.seat is None else SeatPerspective(self.seat)

    @property
    def revision(self) -> int:
        return -1 if self.last is None else self.last.revision

    def _receive(self, message: p.UpdateMessage) -> None:
        update = p.to_update(message)
        with self._changed:
            if self._history is not None:
                self._history.apply(update)
            self._last = update
            self._changed.notify_all()
            for subscription in list(self._subscriptions):  # under the lock: a new subscriber gets each update once
                self._call(subscription, update)

    def _call(self, subscription: RemoteSubscription, update: Update) -> None:
        try:
            subscription.callback(update)
        except Exception as error:  # noqa: BLE001 - a broken subscriber must not stop the reader
            subscription.error = error
            subscription.cancel()

    def wait_for(self, test: Callable[[Update], bool], timeout: float = REPLY_TIMEOUT_S) -> Update:
        """Block until the newest update passes ``test``; TimeoutError if it never does."""
        with self._changed:
            if not self._changed.wait_for(lambda: self.last is not None and test(self.last), timeout):
                raise TimeoutError(f"no such update at table {self.table_id} within {timeout} s")
            assert self.last is not None
            return self.last

    # -- Table's shape ------------------------------------------------------
    def subscribe(self, perspective: Perspective, callback: Callable[[Update], None], *, hand_over: bool = False) -> RemoteSubscription:
        """Updates for this connection's own perspective (the only one it gets): the newest
        whole picture now (once one has arrived), then each update as it comes.

        ``hand_over``: the subscriber keeps the history from now on (a game client, the one
        history of this terminal), so this table stops keeping its own and keeps only the newest
        update (a later subscriber would have no whole picture to start from: it is refused)."""
        if perspective != self.perspective:
            raise ValueError("a remote table gives only its own seat's (or the public's) updates")
        subscription = RemoteSubscription(self, callback)
        with self._changed:
            history = self._kept()
            self._subscriptions.append(subscription)
            whole = history.whole()  # the whole picture, as a local table gives a late subscriber
            if whole is not None:
                self._call(subscription, whole)
            if hand_over:
                self._history = None
        return subscription

    def _ask(self, seat: int, make: Callable[[int], p.WireMessage]) -> Refusal | None:
        if seat != self.seat:
            return Refusal("not-your-seat", {"seat": seat})
        return _refusal(self.connection.request(make))

    def submit(self, seat: int, move: Event, revision: int) -> Refusal | None:
        return self._ask(seat, lambda i: p.Submit(i, move, revision))

    def undo(self, seat: int) -> Refusal | None:
        return self._ask(seat, p.Undo)

    def redo(self, seat: int) -> Refusal | None:
        return self._ask(seat, p.Redo)

    def leave_game(self, seat: int) -> Refusal | None:
        """Leave the game for good from ``seat`` (a computer plays on, or the others win)."""
        return self._ask(seat, p.Resign)

    def record(self) -> Record | Refusal:
        """The whole game, once it is over and this connection played it (the hub refuses it otherwise)."""
        return self.connection.record(self.table_id)

    def analyses(self) -> HubAnalyses:
        """Where this table's analyses are kept: the hub's store (its players', once it is over)."""
        return HubAnalyses(self.connection, self.table_id)

    def hint(self, seat: int) -> Future[Hint] | Refusal:
        """The hub's suggestion; the future holds a :class:`Hint` once it is thought out."""
        connection = self.connection
        if connection.closed is not None:
            raise HubClosed(connection.closed)
        ident = next(connection._ids)
        answer: Future[p.ServerMessage] = Future()
        connection._waiting[ident] = answer
        connection._send(p.AskHint(ident))
        hint: Future[Hint] = Future()

        def settle(done: Future[p.ServerMessage]) -> None:
            message = done.exception() or done.result()
            if isinstance(message, Exception):
                hint.set_exception(message)
            elif isinstance(message, p.HintMessage):
                hint.set_result(Hint(message.revision, dict(message.move)))
            else:
                hint.set_exception(Refused(p.refusal(message)) if isinstance(message, p.RefusedReply) else ValueError("no hint"))

        answer.add_done_callback(settle)
        return hint
