"""The hub: one asyncio process that owns every table, the computers and the store.

Clients (each SSH session's program, tests, the benchmark) connect over a Unix
socket in the data dir that only the server's user can open.  A connection
says hello, then creates tables, sits down, watches, and plays; it receives
only its perspective's updates.  A bad, oversized or out-of-order message
ends that one connection; a client too slow to read its updates is dropped
rather than allowed to slow the others.  Computers think in their own threads
(:class:`~kobito_tui.table.ComputerSeat`), never on the loop.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

from kobito_tui.core.game import Event, OptionError, Seat, option_message
from kobito_tui.core.games import game_ids, get_game
from kobito_tui.core.levels import BOT_LEVELS
from kobito_tui.core.record import Record, new_header
from kobito_tui.core.safetext import name_problem, printable
from kobito_tui.core.savefile import dumps
from kobito_tui.serve import protocol as p
from kobito_tui.serve.lock import DataDirLock
from kobito_tui.serve.store import OPEN, OVER, PLAYING, SET_ASIDE, SqliteStore, Store, StoreError, StoreUnusable
from kobito_tui.table import (
    PUBLIC,
    ComputerSeat,
    Hint,
    Occupant,
    Perspective,
    Refusal,
    SeatPerspective,
    Subscription,
    Table,
    Update,
)
from kobito_tui.table.messages import cannot_save

log = logging.getLogger("kobito.serve")

SOCKET_NAME = "hub.sock"
STORE_NAME = "tables.sqlite"
SEND_QUEUE = 256  # frames waiting for one client; past this it is dropped as too slow
HELLO_TIMEOUT_S = 10.0
MAX_OPEN_TABLES = 5  # tables one identity may have waiting for players


@dataclass
class Chair:
    """Who a seat belongs to: ``open``, a ``player`` (by identity, or by ``code``), or a ``computer``."""

    kind: Literal["open", "player", "computer"] = "open"
    identity: str = ""
    name: str = ""
    level: str | None = None
    code: str = ""


@dataclass
class Room:
    """One table at the hub, from its creation (open seats) to its end."""

    table_id: str
    game: str
    options: dict[str, Any]
    creator: str  # identity
    creator_name: str
    chairs: list[Chair]
    status: str = OPEN
    table: Table | None = None
    computers: dict[int, ComputerSeat] = field(default_factory=dict)
    watchers: dict[Connection, Subscription | None] = field(default_factory=dict)
    away_since: dict[int, float] = field(default_factory=dict)

    def seating(self) -> list[dict[str, Any]]:
        return [
            {"meta": {"game": self.game, "options": self.options, "creator": self.creator, "creator_name": self.creator_name}}
        ] + [asdict(c) for c in self.chairs]

    @classmethod
    def from_seating(cls, table_id: str, seating: list[dict[str, Any]]) -> Room:
        meta = seating[0]["meta"]
        chairs = [Chair(**c) for c in seating[1:]]
        return cls(table_id, meta["game"], meta["options"], meta["creator"], meta["creator_name"], chairs)

    def connected(self, seat: int) -> bool:
        return any(c.seat == seat for c in self.watchers)

    def created_by(self, connection: Connection) -> bool:
        """Whether ``connection`` is this table's creator: by its identity, or seated at the seat
        the creator took (a guest's identity lasts one connection; back by the seat code, it is
        the creator again).  A guest creator who only watched is the creator while connected."""
        seat = connection.seat if connection.room is self else None
        return connection.identity == self.creator or seat is not None and self.chairs[seat].identity == self.creator

    def info(self) -> p.TableInfo:
        seats = [
            p.SeatInfo(c.kind, c.name, c.kind == "computer" or self.connected(i), c.level) for i, c in enumerate(self.chairs)
        ]
        spectators = sum(c.seat is None for c in self.watchers)
        started = self.table.header.created if self.table is not None else None
        return p.TableInfo(self.table_id, self.game, self.status, seats, spectators, self.creator_name, started)


class Hub:
    """Every table, the store and the connections; run it with :meth:`start`."""

    def __init__(self, data_dir: Path, *, bot_delay: float = 0.6, away_before_give_s: float = 60.0, store: Store | None = None):
        self.data_dir = Path(data_dir)
        self.data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        os.chmod(self.data_dir, 0o700)
        self.dir_lock = DataDirLock(self.data_dir)  # before the store, the host key and the socket
        self.socket_path = self.data_dir / SOCKET_NAME
        self._socket_inode: int | None = None
        try:
            self.store: Store = store or SqliteStore(self.data_dir / STORE_NAME)
        except BaseException:
            self.dir_lock.release()
            raise
        self.bot_delay, self.away_before_give_s = bot_delay, away_before_give_s
        self.rooms: dict[str, Room] = {}
        self.connections: set[Connection] = set()
        self.changes = ThreadPoolExecutor(8, "table change")  # moves wait for the store here, not on the loop
        self._server: asyncio.AbstractServer | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self._loop_thread = 0

    # -- life --------------------------------------------------------------
    async def start(self) -> None:
        self.loop, self._loop_thread = asyncio.get_running_loop(), threading.get_ident()
        for stored in self.store.list():
            if stored.status == SET_ASIDE:
                continue
            try:
                room = Room.from_seating(stored.table_id, stored.seating)
            except (KeyError, TypeError, IndexError) as error:
                log.warning("table %s set aside: its seating does not read (%s)", stored.table_id, error)
                self._kept(self.store.set_status, stored.table_id, SET_ASIDE)
                continue
            if stored.record is not None:

                def keep(new: list[Event], kept: int = len(stored.record.events), table_id: str = room.table_id) -> None:
                    if new:  # chance deals what an older store lacks
                        self.store.append(table_id, kept, new)

                refusal = self._open_table(room, stored.record, keep, "move")
                if refusal is not None:  # what chance deals now could not be kept: the next start tries again
                    log.warning("table %s not opened: it cannot be saved", stored.table_id)
                    continue
            self.rooms[room.table_id] = room
        self.socket_path.unlink(missing_ok=True)  # we hold the dir's lock: a socket there is a dead server's
        mask = os.umask(0o177)  # the socket is born 0600
        try:
            self._server = await asyncio.start_unix_server(self._connected, path=str(self.socket_path))
        finally:
            os.umask(mask)
        os.chmod(self.socket_path, 0o600)
        self._socket_inode = os.stat(self.socket_path).st_ino
        log.info("hub listening on %s with %d tables", self.socket_path, len(self.rooms))

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
        for connection in list(self.connections):
            connection.end(p.STOPPING)
        for room in self.rooms.values():
            for computer in room.computers.values():
                computer.close()
        if self._server is not None:
            await self._server.wait_closed()
        self.changes.shutdown()
        self.store.close()
        try:
            if os.stat(self.socket_path).st_ino == self._socket_inode:  # only the socket we bound
                self.socket_path.unlink()
        except FileNotFoundError:
            pass
        self.dir_lock.release()

    async def _connected(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        connection = Connection(self, reader, writer)
        self.connections.add(connection)
        try:
            await connection.run()
        finally:
            self.connections.discard(connection)
            self.leave(connection)

    # -- tables -------------------------------------------------------------
    def _open_table(self, room: Room, record: Record, keep: Callable[[list[Event]], None], what: str) -> Refusal | None:
        """Build the live table of ``room`` from ``record`` (new or reloaded) and its computers, once
        ``keep`` has stored the events chance adds now (a new game's deal); if it cannot, nothing is
        built and the refusal says ``what`` was not done."""
        stored = len(record.events)

        game = get_game(room.game)

        def on_events(kept: int, added: list[Event]) -> Refusal | None:  # a move its seat may still take back needs no sync
            durable = any("seat" in e and game.closes_turn(e) for e in added)
            refusal = self._kept(self.store.append, room.table_id, kept, added, durable, what="move" if added else "undo")
            if refusal is None and room.table is not None and room.table.over and room.status != OVER:
                room.status = OVER
                self._kept(self.store.set_status, room.table_id, OVER)  # a restart sees it is over all the same
                self._soon(self._announce, room)
            return refusal

        table = Table(record, None, bot_delay=self.bot_delay, on_events=on_events)
        refusal = self._kept(keep, record.events[stored:], what=what)
        if refusal is not None:
            return refusal
        room.table = table
        room.status = OVER if room.table.over else PLAYING
        for seat, chair in enumerate(room.chairs):
            if chair.kind == "player":
                room.table.bind(seat, Occupant.REMOTE)
            elif chair.kind == "computer" and not room.table.over:  # a finished game needs no thinking threads
                room.computers[seat] = ComputerSeat.of_level(room.table, seat, chair.level or "random")
        for connection in room.watchers:
            self._watch(room, connection)
        return None

    def _start(self, room: Room, what: str) -> Refusal | None:
        """Every seat is taken: the game begins, stored with its seating and deal in one write (or not at all)."""
        seats = tuple(
            Seat(f"Computer {i + 1}", "bot", c.level) if c.kind == "computer" else Seat(c.name) for i, c in enumerate(room.chairs)
        )
        header = new_header(room.game, seats, room.options)
        return self._open_table(room, Record(header), lambda dealt: self.store.start(room.table_id, room.seating(), header, dealt), what)

    @staticmethod
    def _kept(write: Callable[..., None], *args: Any, what: str = "move") -> Refusal | None:
        """Run a store write; if it could not be kept, the refusal that says so (``what`` was not done)."""
        try:
            write(*args)
        except StoreError as error:
            log.warning("cannot save: %s", error)
            return cannot_save(error.full, what)
        return None

    def _watch(self, room: Room, connection: Connection) -> None:
        """Subscribe ``connection`` to its perspective's updates (once the game has begun)."""
        if room.table is None:
            room.watchers[connection] = None
            return
        perspective: Perspective = PUBLIC if connection.seat is None else SeatPerspective(connection.seat)
        loop = self.loop
        assert loop is not None

        def deliver(update: Update) -> None:  # on whichever thread changed the table
            if threading.get_ident() == self._loop_thread:  # before the request's answer goes out
                connection.send_update(room.table_id, update)
            else:
                loop.call_soon_threadsafe(connection.send_update, room.table_id, update)

        room.watchers[connection] = room.table.subscribe(perspective, deliver)

    def leave(self, connection: Connection) -> None:
        """``connection`` stops watching its table; a player's seat stays theirs (away)."""
        room = connection.room
        if room is None:
            return
        subscription = room.watchers.pop(connection, None)
        if subscription is not None:
            subscription.cancel()
        seat, connection.room, connection.seat = connection.seat, None, None
        if seat is not None and not room.connected(seat):
            room.away_since[seat] = time.monotonic()
        self._announce(room)

    def _announce(self, room: Room) -> None:
        """Tell everyone what changed at ``room`` (seats, who is connected, status)."""
        message = p.TableChanged(room.info())
        for connection in list(self.connections):
            if connection.hello is not None:
                connection.send(message)

    def _soon(self, callback: Callable[..., None], *args: Any) -> None:
        assert self.loop is not None
        self.loop.call_soon_threadsafe(callback, *args)

    def lobby(self) -> list[p.TableInfo]:
        """The tables a newcomer is told of: the open and the playing (finished ones are for export)."""
        return [room.info() for room in self.rooms.values() if room.status != OVER]

    # -- requests ----------------------------------------------------------
    def create(self, connection: Connection, request: p.CreateTable) -> Refusal | str:
        waiting = sum(r.status == OPEN and r.creator == connection.identity for r in self.rooms.values())
        if waiting >= MAX_OPEN_TABLES:
            return Refusal("too-many-tables", {"count": waiting})
        if request.game not in game_ids():
            return Refusal("unknown-game", {"game": printable(request.game, 40)})
        if any(kind not in ("open", *BOT_LEVELS) for kind in request.seats):
            return Refusal("bad-seat", {"levels": list(BOT_LEVELS)})
        game = get_game(request.game)
        try:
            players = len(request.seats)
            if not game.min_players <= players <= game.max_players:
                raise OptionError("options.players", game=game.id, min=game.min_players, max=game.max_players, count=players)
            options = game.normalize_options(dict(request.options), players)
        except (ValueError, TypeError) as error:  # ``why`` for the client to word, ``reason`` in English
            return Refusal("bad-options", {"reason": printable(str(error), 200), "why": option_message(error).dump()})
        chairs = [Chair() if kind == "open" else Chair("computer", level=kind) for kind in request.seats]
        room = Room(secrets.token_hex(4), request.game, options, connection.identity, connection.name, chairs)
        if all(c.kind == "computer" for c in chairs):
            refusal = self._start(room, "table")
        else:
            refusal = self._kept(self.store.create, room.table_id, room.seating(), what="table")
        if refusal is not None:
            return refusal
        self.rooms[room.table_id] = room
        self._announce(room)
        return room.table_id

    def join(self, connection: Connection, request: p.Join) -> Refusal | tuple[int, str]:
        room = self.rooms.get(request.table)
        if room is None:
            return Refusal("no-such-table", {"table": printable(request.table, 40)})
        seat = request.seat
        if seat is None:
            seat = next((i for i, c in enumerate(room.chairs) if self._owns(connection, c, request.code)), None)
            if seat is None:
                return Refusal("no-seat-of-yours")
        if not 0 <= seat < len(room.chairs):
            return Refusal("no-such-seat", {"seat": seat})
        chair = room.chairs[seat]
        if chair.kind == "open":
            room.chairs[seat] = Chair("player", connection.identity, connection.name, code=secrets.token_hex(4))
            if room.table is None and all(c.kind != "open" for c in room.chairs):
                refusal = self._start(room, "seat")  # the last seat is stored with the game's start
            else:
                refusal = self._kept(self.store.set_seating, room.table_id, room.seating(), what="seat")
            if refusal is not None:
                room.chairs[seat] = chair
                return refusal
            chair = room.chairs[seat]
        elif not self._owns(connection, chair, request.code):
            return Refusal("seat-taken", {"seat": seat})
        elif room.table is None and all(c.kind != "open" for c in room.chairs):  # seated earlier; its start failed
            refusal = self._start(room, "seat")
            if refusal is not None:
                return refusal
        self.leave(connection)
        connection.room, connection.seat = room, seat
        connection.codes.add(chair.code)
        room.away_since.pop(seat, None)
        self._watch(room, connection)
        self._announce(room)
        return seat, chair.code

    def played(self, connection: Connection) -> list[Room]:
        """The finished tables ``connection`` sat at (by its key, or a seat code it gave)."""
        return [
            room
            for room in self.rooms.values()
            if room.status == OVER and any(self._owns(connection, c, None) or c.code in connection.codes for c in room.chairs)
        ]

    @staticmethod
    def _owns(connection: Connection, chair: Chair, code: str | None) -> bool:
        if chair.kind != "player":
            return False
        by_key = chair.identity == connection.identity  # a guest's identity is its connection's own
        return by_key or (code is not None and secrets.compare_digest(code, chair.code))

    def spectate(self, connection: Connection, request: p.Spectate) -> Refusal | None:
        room = self.rooms.get(request.table)
        if room is None:
            return Refusal("no-such-table", {"table": printable(request.table, 40)})
        self.leave(connection)
        connection.room, connection.seat = room, None
        self._watch(room, connection)
        self._announce(room)
        return None

    def give_to_computer(self, connection: Connection, request: p.GiveToComputer) -> Refusal | None:
        room = connection.room
        if room is None or not room.created_by(connection):
            return Refusal("not-creator")
        if request.level not in BOT_LEVELS or not 0 <= request.seat < len(room.chairs):
            return Refusal("no-such-seat-or-level")
        if room.table is None:  # before the game begins no seat is long away
            return Refusal("not-away", {"seat": request.seat})
        chair = room.chairs[request.seat]
        away = room.away_since.get(request.seat)
        if chair.kind != "player" or away is None or time.monotonic() - away < self.away_before_give_s:
            return Refusal("not-away", {"seat": request.seat})
        room.chairs[request.seat] = Chair("computer", name=chair.name, level=request.level)
        refusal = self._kept(self.store.set_seating, room.table_id, room.seating(), what="seat")
        if refusal is not None:
            room.chairs[request.seat] = chair
            return refusal
        room.computers[request.seat] = ComputerSeat.of_level(room.table, request.seat, request.level)
        self._announce(room)
        return None


class Connection:
    """One client: its identity, where it sits, and a bounded queue of frames to send."""

    def __init__(self, hub: Hub, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        self.hub, self.reader, self.writer = hub, reader, writer
        self.hello: p.Hello | None = None
        self.identity = self.name = ""
        self.room: Room | None = None
        self.seat: int | None = None
        self.codes: set[str] = set()  # the seats it sat at: their finished games are its replays
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue(SEND_QUEUE)
        self.closed = False

    # -- sending -------------------------------------------------------------
    def send(self, message: p.Message) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(p.frame(message))
        except asyncio.QueueFull:
            log.info("dropping %s: it does not read its updates", printable(self.name))
            self.end(None, abort=True)

    def send_update(self, table_id: str, update: Update) -> None:
        self.send(p.update_message(table_id, update))

    def end(self, reason: str | None, abort: bool = False) -> None:
        """Close this connection after a last word (if any); ``abort``: at once, unsent frames dropped."""
        if self.closed:
            return
        self.closed = True
        if abort:
            self.writer.transport.abort()
        else:
            frames = [p.frame(p.Bye(reason))] if reason is not None else []
            for data in [*frames, None]:
                try:
                    self.queue.put_nowait(data)
                except asyncio.QueueFull:
                    self.writer.transport.abort()
        self.reader.feed_eof()

    async def _write(self) -> None:
        try:
            while (data := await self.queue.get()) is not None and not self.writer.transport.is_closing():
                self.writer.write(data)
                await self.writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            self.closed = True
            self.reader.feed_eof()
            self.writer.close()

    # -- reading -------------------------------------------------------------
    async def _read(self) -> p.ClientMessage:
        prefix = await self.reader.readexactly(p.LENGTH)
        body = await self.reader.readexactly(p.frame_length(prefix, p.MAX_CLIENT_FRAME))
        return p.decode_client(body)

    async def run(self) -> None:
        writer = asyncio.create_task(self._write())
        try:
            await asyncio.wait_for(self._greet(), HELLO_TIMEOUT_S)
            while not self.closed:
                await self.answer(await self._read())
        except p.ProtocolError as error:
            log.info("ending a connection: %s", error)
            self.end(printable(str(error), 200))
        except (asyncio.IncompleteReadError, ConnectionError, TimeoutError):
            self.end(None)
        finally:
            self.end(None)
            try:
                await asyncio.wait_for(writer, 5)
            except TimeoutError:  # it stopped reading even its last word
                self.writer.transport.abort()

    async def _greet(self) -> None:
        hello = await self._read()
        if not isinstance(hello, p.Hello):
            raise p.ProtocolError("the first message must be hello")
        if hello.version != p.VERSION:
            raise p.ProtocolError(f"protocol version {hello.version} is not {p.VERSION}")
        problem = name_problem(hello.name)
        if problem is not None:
            raise p.ProtocolError(problem)
        if not (hello.identity == "guest" or hello.identity.startswith("key:SHA256:")) or len(hello.identity) > 100:
            raise p.ProtocolError("an identity is a key fingerprint or guest")
        self.hello, self.name = hello, hello.name
        self.identity = f"guest:{secrets.token_hex(8)}" if hello.identity == "guest" else hello.identity
        self.send(p.Welcome(p.VERSION, self.hub.lobby()))

    async def answer(self, message: p.ClientMessage) -> None:
        """Carry out one request; a reply for each (done, refused, or an out-of-order end)."""
        hub = self.hub
        if isinstance(message, p.Hello):
            raise p.ProtocolError("hello twice")
        if isinstance(message, p.CreateTable):
            created = hub.create(self, message)
            self._reply(
                message.id,
                created if isinstance(created, Refusal) else None,
                value=None if isinstance(created, Refusal) else created,
            )
        elif isinstance(message, p.Join):
            joined = hub.join(self, message)
            if isinstance(joined, Refusal):
                self._reply(message.id, joined)
            else:
                self._reply(message.id, None, value=joined[1], seat=joined[0])
        elif isinstance(message, p.Spectate):
            self._reply(message.id, hub.spectate(self, message))
        elif isinstance(message, p.Leave):
            hub.leave(self)
            self._reply(message.id, None)
        elif isinstance(message, p.GiveToComputer):
            self._reply(message.id, hub.give_to_computer(self, message))
        elif isinstance(message, p.ListReplays):
            self.send(p.Replays(message.id, [room.info() for room in hub.played(self)]))
        elif isinstance(message, p.GetRecord):
            await self._send_record(message)
        else:
            await self._play(message)

    async def _play(self, message: p.Submit | p.Undo | p.Redo | p.AskHint) -> None:
        """A change is made off the loop (it waits for the store); its updates go out before its answer."""
        room, seat = self.room, self.seat
        if room is None or seat is None or room.table is None:
            raise p.ProtocolError(f"{message.__struct_config__.tag} before sitting at a started table")
        table, loop = room.table, asyncio.get_running_loop()
        if isinstance(message, p.Submit):
            move, revision = dict(message.move), message.revision
            self._reply(message.id, await loop.run_in_executor(self.hub.changes, table.submit, seat, move, revision))
        elif isinstance(message, (p.Undo, p.Redo)):
            change = table.undo if isinstance(message, p.Undo) else table.redo
            self._reply(message.id, await loop.run_in_executor(self.hub.changes, change, seat))
        else:
            hint = table.hint(seat)
            if isinstance(hint, Refusal):
                self._reply(message.id, hint)
            else:
                hint.add_done_callback(lambda done, ident=message.id: self.hub._soon(self._hint_ready, ident, done))

    async def _send_record(self, message: p.GetRecord) -> None:
        if message.table not in {room.table_id for room in self.hub.played(self)}:
            self._reply(message.id, Refusal("no-seat-of-yours"))
            return
        try:
            stored = await asyncio.get_running_loop().run_in_executor(self.hub.changes, self.hub.store.load, message.table)
        except StoreUnusable as error:  # its row went bad on disk since the start
            log.warning("%s", error)
            self._reply(message.id, Refusal("hub", {"error": "the table's record does not read"}))
            return
        if stored.record is None:
            self._reply(message.id, Refusal("no-such-table", {"table": message.table}))  # set aside since
        else:
            self.send(p.RecordText(message.id, dumps(stored.record)))

    def _hint_ready(self, ident: int, done: Future[Hint]) -> None:
        if done.exception() is not None:
            self._reply(ident, Refusal("hub", {"error": "no hint could be thought out"}))
        else:
            self.send(p.HintMessage(ident, done.result().revision, done.result().move))

    def _reply(self, ident: int, refusal: Refusal | None, value: str | None = None, seat: int | None = None) -> None:
        if refusal is None:
            self.send(p.Done(ident, value, seat))
        else:
            self.send(p.Refused(ident, refusal.id, refusal.params))


async def serve(data_dir: Path, stop: asyncio.Event, **kwargs: Any) -> None:
    """Run a hub until ``stop`` is set."""
    hub = Hub(data_dir, **kwargs)
    await hub.start()
    try:
        await stop.wait()
    finally:
        await hub.close()
