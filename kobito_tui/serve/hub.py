"""The hub: one asyncio process that owns every table, the computers and the store.

Clients (each SSH session's program, tests, the benchmark) connect over a Unix
socket in the data dir that only the server's user can open.  A connection
says hello, then creates tables, sits down, watches, and plays; it receives
only its perspective's updates.  Three parts: :mod:`~kobito_tui.serve.lobby`
(the seating rules, pure), :mod:`~kobito_tui.serve.transport` (frames and the
bounded send queue) and this glue: :data:`HANDLERS`, from request type to
handler, and the live tables the lobby's rooms play at.  A change the store
cannot keep (a full disk) is refused as ``cannot-save`` and undone: in the
table, in the lobby, or (a new table) not made at all.

One thread boundary.  The event loop's thread owns the lobby, the sessions and
the live tables' bookkeeping.  Off it run only: in :attr:`Hub.changes`, table
changes (submit, undo, redo: they wait for the store), record loads, the
store's part of a sign-in and of keeping settings, and the folds of finished
tables into the history and ratings (:meth:`Hub.fold_history`); and the thinking of
computers (:class:`~kobito_tui.table.ComputerSeat`) and hints, in
:attr:`Hub.workers`' processes, answered on its threads.  What they do to a
:class:`~kobito_tui.table.Table` calls back on their own thread; those
callbacks touch only the store (thread-safe) and come back to the loop with
:meth:`~kobito_tui.serve.loopthread.LoopThread.soon` for anything else.  The
rule is checked: each method that touches what the loop owns begins with
``self.loop_thread.check()``, which raises on any other thread.

Other servers: the hub reaches them only through its :attr:`Hub.peers`
(:class:`~kobito_tui.serve.peers.Peers`: nobody, or the PostgreSQL cluster), and they
reach it only through what :class:`~kobito_tui.serve.peers.HubSide` lists.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import zlib
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from kobito_tui.analysis.checked import checked_report, parsed
from kobito_tui.analysis.sidecar import seat_key
from kobito_tui.core.game import Event, Seat
from kobito_tui.core.leaving import STAND_IN
from kobito_tui.core.record import Record, new_header
from kobito_tui.core.safetext import name_fault, printable
from kobito_tui.core.savefile import dumps
from kobito_tui.i18n.messages import english
from kobito_tui.serve import protocol
from kobito_tui.serve.client import ENV_ADDRESS, ENV_IDENTITY
from kobito_tui.serve.history import Change
from kobito_tui.serve.invites import Invites
from kobito_tui.serve.lobby import (
    GUEST,
    IDENTITY,
    Lobby,
    Room,
    Visitor,
    claim,
    first_player,
    name_refusal,
    settings_refusal,
)
from kobito_tui.serve.lock import DataDirLock
from kobito_tui.serve.loopthread import LoopThread
from kobito_tui.serve.pace import HOUR_S
from kobito_tui.serve.peers import MOVED, Endpoint, NoPeers, Peers, Relay
from kobito_tui.serve.ratings import change_shown, shown
from kobito_tui.serve.store import ENDED, OVER, PLAYING, SET_ASIDE, UNFINISHED, Store, StoredTable, StoreError, StoreUnusable, TableLost
from kobito_tui.serve.store_open import open_store
from kobito_tui.serve.table_limits import Limits
from kobito_tui.serve.transport import FramedStream
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
from kobito_tui.table.workers import Workers

log = logging.getLogger("kobito.serve")

SOCKET_NAME = "hub.sock"
STORE_NAME = "tables.sqlite"
MAX_ADDRESS_CHARS = 100
MAX_GUEST_NAMES = 4096  # guests' names remembered while the server runs (the oldest unused goes first)


STORE_AWAY = Refusal("store-away")  # a read the database could not answer (it is away)


def bye(refusal: Refusal) -> protocol.Bye:
    """A last word the client can say in its player's language."""
    return protocol.Bye(str(refusal), refusal.id, refusal.params)


@dataclass
class Live:
    """The game a room plays once it has begun, and its computers."""

    table: Table
    computers: dict[int, ComputerSeat] = field(default_factory=dict)


class HubSession:
    """One connection at the hub: its transport, its visitor (after hello), what it watches;
    with several servers, the table elsewhere it is relayed to (see :mod:`~kobito_tui.serve.cluster`)."""

    def __init__(self, hub: Hub, connection: Endpoint, remote: bool = False):
        self.hub, self.connection = hub, connection
        self.remote = remote  # a session of another server's, at a table of ours (its mail may be sent from any thread)
        self.visitor: Visitor | None = None
        self.subscription: Subscription | None = None
        self.relay: Relay | None = None
        self.number = 0  # its number on the bus, once relayed

    def send(self, message: protocol.WireMessage) -> None:
        if not self.remote:  # a client's connection is the loop's; another server's mail goes from any thread
            self.hub.loop_thread.check()
        self.connection.send(message)

    def reply(self, ident: int, refusal: Refusal | None, value: str | None = None, seat: int | None = None) -> None:
        if refusal is None:
            self.send(protocol.Done(ident, value, seat))
        else:
            self.send(protocol.RefusedReply(ident, refusal.id, refusal.params))

    async def greet(self, connection: FramedStream, hello: protocol.ClientMessage) -> None:
        if not isinstance(hello, protocol.Hello):
            raise protocol.ProtocolError("the first message must be hello")
        if hello.version != protocol.VERSION:
            raise protocol.ProtocolError(f"protocol version {hello.version} is not {protocol.VERSION}")
        fault = name_fault(hello.name)
        if fault is not None:
            raise protocol.ProtocolError(english(fault))
        if IDENTITY.fullmatch(hello.identity) is None:
            raise protocol.ProtocolError("an identity is a key fingerprint, web:, guest or guest:")
        if len(hello.address) > MAX_ADDRESS_CHARS:
            raise protocol.ProtocolError("an address is at most 100 characters")
        if (doubt := self.hub.doubt(connection, hello)) is not None:
            log.warning("a client of the hub's socket refused: %s", doubt)
            raise protocol.ProtocolError(doubt)
        identity = self.hub.lobby.guest_identity() if hello.identity == "guest" else hello.identity
        loop = asyncio.get_running_loop()
        known = await loop.run_in_executor(self.hub.changes, self.hub.sign_in, identity, hello.name)
        if isinstance(known, Refusal):
            log.info("%s from %s refused: %s", printable(hello.name), printable(hello.address), english(known))
            connection.end(bye(known))
            return
        name, settings = known
        held = self.hub.lobby.guest_name_held(identity, name)
        if held is not None:
            connection.end(bye(held))
            return
        self.visitor = Visitor(identity, name, hello.address, settings=settings)
        connection.label = name
        self.hub.sessions[self.visitor] = self
        if hello.identity.startswith(GUEST):  # a browser's guest (an SSH guest is someone new each time)
            self.hub.remember_guest(identity, name)
        self.send(protocol.Welcome(protocol.VERSION, self.hub.listing(), name, settings, self.hub.back_to(self.visitor)))

    async def answer(self, connection: FramedStream, message: protocol.ClientMessage) -> None:
        """Carry out one request; a reply for each (done, refused, or an out-of-order end)."""
        visitor = self.visitor
        was = None if visitor is None or visitor.room is None else visitor.room.table_id
        if not self.hub.peers.route(self, message):
            await self.hub.handle(self, message)
        now = None if visitor is None or visitor.room is None else visitor.room.table_id
        if now != was and visitor is not None and self.hub.on_place is not None:
            self.hub.on_place(visitor.identity, now)


class Hub:
    """Every table, the store and the connections; run it with :meth:`start`."""

    def __init__(
        self,
        data_dir: Path,
        *,
        bot_delay: float = 0.6,
        away_before_give_s: float = 60.0,
        hour_s: float = HOUR_S,
        store: Store | None = None,
        thinkers: int | None = None,
        limits: Limits = Limits(),
        database: str | None = None,
        peers: Callable[[Hub], Peers[HubSession]] | None = None,
    ):
        """``peers`` makes this hub's link to the other servers (given the hub); without it, a hub
        with a ``database`` and no ``store`` given is one of a PostgreSQL cluster, any other alone."""
        self.data_dir = Path(data_dir)
        self.data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        os.chmod(self.data_dir, 0o700)
        self.dir_lock = DataDirLock(self.data_dir)  # before the store, the host key and the socket
        self.socket_path = self.data_dir / SOCKET_NAME
        self._socket_inode: int | None = None
        try:
            self.store: Store = store or open_store(self.data_dir / STORE_NAME, database)
        except BaseException:
            self.dir_lock.release()
            raise
        self.bot_delay = bot_delay
        self.lobby = Lobby(away_before_give_s=away_before_give_s, limits=limits, hour_s=hour_s)
        self.live: dict[str, Live] = {}
        self.connections: set[FramedStream] = set()
        self.sessions: dict[Visitor, HubSession] = {}  # those that said hello
        self.changes = ThreadPoolExecutor(8, "table change")  # moves wait for the store here, not on the loop
        self.workers = Workers(thinkers, processes=True)  # every table's computers and hints think here, in turn
        self._server: asyncio.AbstractServer | None = None
        self.web: tuple[str, Invites] | None = None  # the web door's address and its invites, while it runs
        self.on_place: Callable[[str, str | None], None] | None = None  # an identity sat at a table (its id) or left (None)
        self.on_turn: Callable[[str], None] | None = None  # a table's turn passed to or from an identity
        # With doors: the environment a door started the program of this pid with (None: no door did).
        # A client is then believed only if it is such a program and says who it was started as.
        self.vouch: Callable[[int], Mapping[str, str] | None] | None = None
        self.guest_names: OrderedDict[str, str] = OrderedDict()  # a browser guest's name, for when it comes back
        self.dropped: OrderedDict[str, str] = OrderedDict()  # the table an identity sat at when its connection ended
        self.loop_thread = LoopThread()  # the loop this hub runs on, once started; the one-thread rule's check
        self.closing = False  # set when close() begins
        self.peers: Peers[HubSession] = NoPeers()
        if peers is not None:
            self.peers = peers(self)
        elif database is not None and store is None:
            from kobito_tui.serve.cluster import Cluster  # the default wiring; psycopg only with --database

            self.peers = Cluster(self, database)

    @property
    def loop(self) -> asyncio.AbstractEventLoop | None:
        """The event loop this hub runs on (None before :meth:`start`)."""
        return self.loop_thread.loop

    # -- life --------------------------------------------------------------
    async def start(self) -> None:
        self.loop_thread.bind()
        for stored in self.store.list():  # a finished table is only shown: it needs no owner
            if stored.status in ENDED or (stored.status != SET_ASIDE and self.store.own(stored.table_id) is not None):
                self._load(stored)  # not owned (None): another server plays it
        self._bind_seated_names()
        self.changes.submit(self.fold_history)  # what finished while no server ran, or before an upgrade
        await self.peers.start()
        self.socket_path.unlink(missing_ok=True)  # we hold the dir's lock: a socket there is a dead server's
        mask = os.umask(0o177)  # the socket is born 0600
        try:
            self._server = await asyncio.start_unix_server(self._connected, path=str(self.socket_path))
        finally:
            os.umask(mask)
        os.chmod(self.socket_path, 0o600)
        self._socket_inode = os.stat(self.socket_path).st_ino
        log.info("hub listening on %s with %d tables", self.socket_path, len(self.lobby.rooms))

    def _load(self, stored: StoredTable) -> Room | None:
        """The room of ``stored`` (a table this server now owns), in the lobby and playing as it was; None if it cannot be."""
        self.loop_thread.check()
        try:
            room = Room.from_seating(stored.table_id, stored.seating)
        except (KeyError, TypeError, IndexError) as error:
            log.warning("table %s set aside: its seating does not read (%s)", stored.table_id, error)
            self._kept(self.store.set_status, stored.table_id, SET_ASIDE)
            return None
        if stored.status == UNFINISHED:  # only shown: its players' replays
            room.status = UNFINISHED
        elif stored.record is not None:
            revision = stored.resumed_revision()  # past every revision told of it before (see there why)

            def keep(kept: int, dealt: list[Event], table_id: str = room.table_id) -> None:
                if dealt:  # chance deals what an older store lacks
                    self.store.append(table_id, kept, dealt, revision=revision)

            if self._open_table(room, stored.record, keep, "move", revision) is not None:  # the next start tries again
                log.warning("table %s not opened: it cannot be saved", stored.table_id)
                self.store.release(stored.table_id)
                return None
        self.lobby.rooms[room.table_id] = room
        if room.status == OVER and stored.status != OVER:  # it ended before its status was kept
            self._kept(self.store.set_status, stored.table_id, OVER)
            self.changes.submit(self.fold_history)
        return room

    async def take(self, table_id: str) -> Room | None:
        """Own and load ``table_id``, whose owner is gone, as a start would; None if another server has it."""
        self.loop_thread.check()
        loop = asyncio.get_running_loop()

        def own_and_load() -> StoredTable | None:
            if self.store.own(table_id) is None:
                return None
            stored = self.store.load(table_id)
            if stored.status == SET_ASIDE:
                self.store.release(table_id)
                return None
            return stored

        try:
            stored = await loop.run_in_executor(self.changes, own_and_load)
        except (StoreError, KeyError, StoreUnusable) as error:
            log.warning("table %s not taken: %s", table_id, error)
            return None
        if stored is None or table_id in self.lobby.rooms:
            return None
        room = self._load(stored)
        if room is not None:
            self._announce(room)
        return room

    async def show_finished(self, table_id: str) -> None:
        """Show ``table_id``, which another server finished, in this server's lobby (it needs no owner)."""
        try:
            stored = await asyncio.get_running_loop().run_in_executor(self.changes, self.store.load, table_id)
        except (StoreError, KeyError, StoreUnusable) as error:
            log.warning("finished table %s not shown: %s", table_id, error)
            return
        if stored.status in ENDED and table_id not in self.lobby.rooms:
            room = self._load(stored)
            if room is not None:
                self.tell_all(protocol.TableChanged(room.info()))

    def drop(self, table_id: str) -> None:
        """Stop playing ``table_id``: another server owns it now.  Its sessions here follow it there."""
        self.loop_thread.check()
        live = self.live.pop(table_id, None)
        if live is not None:
            for computer in live.computers.values():
                computer.close()
        room = self.lobby.rooms.pop(table_id, None)
        self.changes.submit(self.store.release, table_id)  # it may wait for the database: off the loop
        if room is None:
            return
        log.warning("table %s dropped: another server plays it now", table_id)
        followers = []
        for visitor in list(room.visitors):
            session = self.sessions.get(visitor)
            seat = visitor.seat
            room.visitors.discard(visitor)
            visitor.room = visitor.seat = None
            if session is None:
                continue
            self._unwatch(session)
            if not session.remote:  # a proxy's own server sees the table move and follows it itself
                code = room.chairs[seat].code or None if seat is not None else None
                followers.append((session, seat, code))
        self.peers.lost(table_id, followers)

    def listing(self) -> list[protocol.TableInfo]:
        """Every table a newcomer is told of: this server's, and (with several) the others'."""
        return self.lobby.listing() + self.peers.listing()

    def tell_all(self, message: protocol.WireMessage) -> None:
        """A lobby change, to every session of this server's own."""
        self.loop_thread.check()
        for session in list(self.sessions.values()):
            if not session.remote:
                session.send(message)

    def _bind_seated_names(self) -> None:
        """A name a key sat under before names were bound (an older data dir) stays that key's
        (the oldest table first, as tables are listed)."""
        seen: set[str] = set()
        for room in self.lobby.rooms.values():
            for chair in room.chairs:
                if chair.kind == "player" and not chair.identity.startswith(GUEST) and chair.identity not in seen:
                    seen.add(chair.identity)
                    if self.store.identity(chair.identity) is None:  # one that cannot be kept: the next start
                        self._kept(self.store.bind_name, chair.identity, chair.name, claim(chair.name))

    async def close(self) -> None:
        self.closing = True
        await self.peers.close()
        if self._server is not None:
            self._server.close()
        for connection in list(self.connections):
            connection.end(protocol.STOPPING)
        for live in self.live.values():
            for computer in live.computers.values():
                computer.close()
        if self._server is not None:
            await self._server.wait_closed()
        self.workers.close()
        self.changes.shutdown()
        self.store.close()
        try:
            if os.stat(self.socket_path).st_ino == self._socket_inode:  # only the socket we bound
                self.socket_path.unlink()
        except FileNotFoundError:
            pass
        self.dir_lock.release()

    async def _connected(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        connection = FramedStream(reader, writer)
        session = HubSession(self, connection)
        self.connections.add(connection)
        try:
            await connection.run(session)
        finally:
            self.connections.discard(connection)
            self.peers.ended(session)
            if session.visitor is not None:
                self._remember_seat(session.visitor)
                self.leave(session)
                del self.sessions[session.visitor]

    def _remember_seat(self, visitor: Visitor) -> None:
        """``visitor``'s connection ended while seated: it comes back to that table (its identity's, if it keeps one)."""
        if visitor.room is not None and visitor.seat is not None:
            self.dropped[visitor.identity] = visitor.room.table_id
            self.dropped.move_to_end(visitor.identity)
            while len(self.dropped) > MAX_GUEST_NAMES:
                self.dropped.popitem(last=False)

    def back_to(self, visitor: Visitor) -> str:
        """The live table ``visitor`` is to land at: the one it was seated at when its last connection ended; for a
        browser's guest (its cookie's identity), also one it is seated at still: a reloaded page comes before the
        old page's end is noticed.  (A key seated from another terminal stays there: this one opens the lobby.)"""
        identity = visitor.identity
        table = self.dropped.pop(identity, "")
        if not table and identity.startswith(GUEST) and identity != GUEST:
            seated = (
                room for room in self.lobby.rooms.values() if any(v.identity == identity and v.seat is not None for v in room.visitors)
            )
            table = next((room.table_id for room in seated), "")
        room = self.lobby.rooms.get(table)
        if room is None or room.status != PLAYING or room.pace.clocks is not None:  # turn-based: the lobby, marked
            return ""
        return table if any(chair.identity == identity and not chair.left for chair in room.chairs) else ""

    def doubt(self, connection: FramedStream, hello: protocol.Hello) -> str | None:
        """Why ``hello`` is not believed: with doors (:attr:`vouch`), only a program a door started may
        say hello, as the identity and from the address the door gave it (a process that can open the
        socket cannot claim another player's identity, nor another address's share of the caps)."""
        if self.vouch is None:
            return None
        pid = connection.peer_pid()
        env = None if pid is None else self.vouch(pid)
        if env is None:
            return f"process {pid} is not a program a door started"
        if hello.identity != env.get(ENV_IDENTITY) or hello.address != env.get(ENV_ADDRESS, ""):
            return f"process {pid} says it is someone its door did not start it as"
        return None

    def remember_guest(self, identity: str, name: str) -> None:
        """A guest that keeps its identity (a browser's cookie) keeps its name too, while the server runs."""
        self.guest_names[identity] = name
        self.guest_names.move_to_end(identity)
        while len(self.guest_names) > MAX_GUEST_NAMES:
            self.guest_names.popitem(last=False)

    def guest_name(self, identity: str) -> str:
        """The name guest ``identity`` last signed in by here, or ""."""
        return self.guest_names.get(identity, "")

    def sign_in(self, identity: str, name: str) -> Refusal | tuple[str, dict[str, Any]]:
        """The name and settings ``identity`` goes by, binding a key's ``name`` on first use;
        or why not (also when the store cannot be read just now).  Off the loop: it reads and writes the store."""
        try:
            known = None if identity.startswith(GUEST) else self.store.identity(identity)
            if known is not None:
                return known.name, known.settings
            refusal = name_refusal(identity, name, self.store.name_owner(claim(name)))
            bound = refusal is None and not identity.startswith(GUEST)
            if bound and self._kept(self.store.bind_name, identity, name, claim(name)) is None:  # not kept: bound at a later sign-in
                refusal = name_refusal(identity, name, self.store.name_owner(claim(name)))  # another key just took it
        except StoreError as error:
            log.warning("sign-in of %s not read: %s", printable(name), error)
            return STORE_AWAY
        return refusal or (name, {})

    # -- sessions of other servers' (see :class:`~kobito_tui.serve.peers.HubSide`) --
    def stand_in(self, visitor: Visitor, connection: Endpoint) -> HubSession:
        """A session for another server's ``visitor``, answered as one of our own; what it is sent goes to ``connection``."""
        self.loop_thread.check()
        session = HubSession(self, connection, remote=True)
        session.visitor = visitor
        self.sessions[visitor] = session
        return session

    def dismiss(self, session: HubSession) -> None:
        """A stand-in session ends: it leaves its table and the hub."""
        self.loop_thread.check()
        assert session.visitor is not None
        self.leave(session)
        self.sessions.pop(session.visitor, None)

    async def handle(self, session: HubSession, message: protocol.ClientMessage) -> None:
        """Answer ``message`` of ``session`` here (hello is answered once, by the session itself)."""
        self.loop_thread.check()
        handler = HANDLERS.get(type(message))
        if handler is None:
            raise protocol.ProtocolError(f"{message.__struct_config__.tag} twice")  # hello: the only one not handled
        await handler(self, session, message)

    # -- tables -------------------------------------------------------------
    def _open_table(
        self, room: Room, record: Record, keep: Callable[[int, list[Event]], None], what: str, revision: int = 0
    ) -> Refusal | None:
        """Build the live table of ``room`` from ``record`` (new, or reloaded: at ``revision``) and its
        computers, once ``keep(kept, dealt)`` has stored the events chance adds now (a new game's deal);
        if it cannot, nothing is built and the refusal says ``what`` was not done."""
        stored = len(record.events)

        def on_events(kept: int, added: list[Event], now: int) -> Refusal | None:  # on the thread that changed the table
            refusal = self._kept(
                self.store.append, room.table_id, kept, added, now, what="move" if added else "undo"
            )  # on disk before anyone hears
            if refusal is None and table.over:
                self.loop_thread.soon(self._over, room)
            elif refusal is None and table.to_act != room.to_act:
                self.loop_thread.soon(self._turn_passed, room, table.to_act)
            return refusal

        table = Table(record, None, bot_delay=self.bot_delay, on_events=on_events, workers=self.workers, revision=revision)
        clocks = room.pace.clocks
        if clocks is not None and clocks.turn_began is None:  # a turn-based game begins: the first clock starts
            self.lobby.turn_passed(room, None, table.to_act)
        refusal = self._kept(keep, stored, record.events[stored:], what=what)
        if refusal is not None:
            return refusal
        live = self.live[room.table_id] = Live(table)
        room.status, room.started, room.to_act = (OVER if table.over else PLAYING), table.header.created, table.to_act
        room.first = first_player(record.events)
        self._watch_deadline(room)
        for seat, chair in enumerate(room.chairs):
            if chair.kind == "player":
                table.bind(seat, Occupant.REMOTE)
            elif chair.kind == "computer" and not table.over:  # a finished game needs no thinking threads
                live.computers[seat] = ComputerSeat.of_level(table, seat, chair.level or "random")
        for visitor in room.visitors:
            self._watch(room, self.sessions[visitor])
        return None

    def _over(self, room: Room) -> None:
        self.loop_thread.check()
        if room.status != OVER:
            room.status = OVER
            self._kept(self.store.set_status, room.table_id, OVER)  # only logged: a restart sees it is over all the same
            self._announce(room)
            if not self.closing:  # (closing: the next start folds it)
                self.changes.submit(self.fold_history)

    def fold_history(self) -> int:
        """Bring the history and the ratings up to the tables finished now (off the loop: it waits for the
        store); how many tables it folded.  One it cannot is folded by the next, or at the next start."""
        try:
            return self.store.catch_up(stop=lambda: self.closing)  # a long one (an upgraded store) does not hold up a stop
        except StoreError as error:
            log.warning("history and ratings not brought up to date: %s", error)
            return 0

    def _turn_passed(self, room: Room, to_act: int | None) -> None:
        """It is seat ``to_act``'s turn at ``room`` now: everyone is told (whose turn it is is public),
        unless the turn went from a computer to a computer (nobody waits for that)."""
        self.loop_thread.check()
        before = room.to_act
        if self.lobby.turn_passed(room, before, to_act):  # turn-based: the clocks are kept with the seating
            self._kept(self.store.set_seating, room.table_id, room.seating(), what="seat")  # only logged if not kept
            self._watch_deadline(room)  # restarts the clock of the seat to act
        people = {seat for seat, chair in enumerate(room.chairs) if chair.kind == "player"}
        if room.status == PLAYING and before != to_act and {before, to_act} & people:
            self._announce(room)
            for seat in people & {before, to_act}:
                if self.on_turn is not None:
                    self.on_turn(room.chairs[seat].identity)

    def _watch_deadline(self, room: Room) -> None:
        """At a turn-based table, tell everyone when the time of the seat to act runs out (it may be handed on then)."""
        clocks = room.pace.clocks
        deadline = None if clocks is None or room.status != PLAYING else clocks.deadline(room.to_act)
        if deadline is not None and self.loop is not None:
            self.loop.call_later(max(0.0, deadline - self.lobby.wall()) + 0.05, self._deadline_passed, room, deadline)

    def _deadline_passed(self, room: Room, deadline: float) -> None:
        clocks = room.pace.clocks
        if room.status == PLAYING and clocks is not None and clocks.deadline(room.to_act) == deadline:  # not moved since
            self._announce(room)

    def _start(self, room: Room, what: str) -> Refusal | None:
        """Every seat is taken: the game begins, stored with its seating and deal in one write (or not at all)."""
        seats = tuple(Seat("", "bot", c.level) if c.kind == "computer" else Seat(c.name) for c in room.chairs)
        header = new_header(room.game, seats, room.options)
        return self._open_table(
            room, Record(header), lambda _kept, dealt: self.store.start(room.table_id, room.seating(), header, dealt), what
        )

    def _kept(self, write: Callable[..., None], *args: Any, what: str = "move") -> Refusal | None:
        """Run a store write; if it could not be kept, the refusal that says so (``what`` was not done).
        A write to a table another server took (``args[0]``) drops that table here."""
        try:
            write(*args)
        except TableLost as error:
            log.warning("%s", error)
            if args and isinstance(args[0], str):
                self.loop_thread.soon(self.drop, args[0])
            return MOVED
        except StoreError as error:
            log.warning("cannot save: %s", error)
            return cannot_save(error.full, what)
        return None

    def _watch(self, room: Room, session: HubSession) -> None:
        """Subscribe ``session`` to its perspective's updates (once the game has begun), instead of what it watched."""
        self.loop_thread.check()
        self._unwatch(session)
        live = self.live.get(room.table_id)
        visitor = session.visitor
        if live is None or visitor is None:
            return
        perspective: Perspective = PUBLIC if visitor.seat is None else SeatPerspective(visitor.seat)
        here, soon, table_id, connection = self.loop_thread.here, self.loop_thread.soon, room.table_id, session.connection

        def send(update: Update) -> None:
            connection.send(protocol.update_message(table_id, update))

        def deliver(update: Update) -> None:  # on whichever thread changed the table
            if session.remote or here():  # a proxy's mail: from any thread; on the loop: before the answer
                send(update)
            else:
                soon(send, update)

        session.subscription = live.table.subscribe(perspective, deliver)

    def _unwatch(self, session: HubSession) -> None:
        self.loop_thread.check()
        if session.subscription is not None:
            session.subscription.cancel()
            session.subscription = None

    def leave(self, session: HubSession) -> None:
        """``session`` stops watching its table; a player's seat stays theirs (away)."""
        self.loop_thread.check()
        assert session.visitor is not None
        self._unwatch(session)
        room = self.lobby.leave(session.visitor)
        if room is not None:
            self._announce(room)

    def _announce(self, room: Room) -> None:
        """Tell everyone what changed at ``room`` (seats, who is connected, status)."""
        self.loop_thread.check()
        info = room.info()
        self.tell_all(protocol.TableChanged(info))
        self.peers.publish(info)

    # -- requests ----------------------------------------------------------
    async def create(self, session: HubSession, request: protocol.CreateTable) -> None:
        assert session.visitor is not None
        room = self.lobby.create(session.visitor, request)
        if isinstance(room, Refusal):
            session.reply(request.id, room)
            return
        if room.computers_only:  # it begins at once: stored with its start, in one write
            refusal = self._start(room, "table")
        else:
            refusal = self._kept(self.store.create, room.table_id, room.seating(), what="table")
        if refusal is not None:
            self.lobby.withdraw(room)
            session.reply(request.id, refusal)
            return
        self._announce(room)
        session.reply(request.id, None, value=room.table_id)

    async def join(self, session: HubSession, request: protocol.Join) -> None:
        visitor = session.visitor
        assert visitor is not None
        was = visitor.room
        seated = self.lobby.join(visitor, request)
        if isinstance(seated, Refusal):
            if seated.id in ("wrong-code", "too-many-codes"):
                log.warning(
                    "seat code refused (%s) at table %s: %s from %s",
                    seated.id, printable(request.table, 40), printable(visitor.name), printable(visitor.address) or "here",
                )  # fmt: skip  # arguments grouped a few a line by meaning
            session.reply(request.id, seated)
            return
        room, refusal = seated.room, None
        if seated.full:  # the last seat is stored with the game's start (which watches for every visitor)
            refusal = self._start(room, "seat")
        elif seated.took_open or seated.took_back:
            refusal = self._kept(self.store.set_seating, room.table_id, room.seating(), what="seat")
        if refusal is not None:  # not kept: the lobby as it was, the session still watching what it watched
            self.lobby.unseat(visitor, seated)
            session.reply(request.id, refusal)
            return
        if seated.took_back:
            await self._back(room, seated.seat)
        if seated.displaced is not None:
            self._displace(room, seated.displaced, seated.seat)
        if was is not None and was is not room:
            self._announce(was)
        if not seated.full:
            self._watch(room, session)
        self._announce(room)
        session.reply(request.id, None, value=seated.code, seat=seated.seat)

    async def find_seat(self, session: HubSession, request: protocol.FindSeat) -> None:
        assert session.visitor is not None
        found = self.lobby.find_seat(session.visitor, request)
        if isinstance(found, Refusal):
            log.warning(
                "seat code refused (%s): %s from %s",
                found.id,
                printable(session.visitor.name),
                printable(session.visitor.address) or "here",
            )
            session.reply(request.id, found)
        else:
            session.reply(request.id, None, value=found.table_id)

    def _displace(self, room: Room, visitor: Visitor, seat: int) -> None:
        """A seat code took ``visitor``'s seat: it hears so, and its connection ends."""
        self.loop_thread.check()
        log.warning("seat %d at table %s taken by its code from %s", seat + 1, room.table_id, printable(visitor.name))
        session = self.sessions[visitor]
        self._unwatch(session)
        session.connection.end(bye(Refusal("seat-taken-by-code", {"table": room.table_id, "seat": seat})))

    async def spectate(self, session: HubSession, request: protocol.Spectate) -> None:
        assert session.visitor is not None
        was = session.visitor.room
        room = self.lobby.spectate(session.visitor, request)
        if isinstance(room, Refusal):
            session.reply(request.id, room)
            return
        if was is not None and was is not room:
            self._announce(was)
        self._watch(room, session)
        self._announce(room)
        session.reply(request.id, None)

    async def leave_table(self, session: HubSession, request: protocol.Leave) -> None:
        self.leave(session)
        session.reply(request.id, None)

    async def give_to_computer(self, session: HubSession, request: protocol.GiveToComputer) -> None:
        assert session.visitor is not None
        given = self.lobby.give_to_computer(session.visitor, request)
        if isinstance(given, Refusal):
            session.reply(request.id, given)
            return
        room = given.room
        refusal = self._kept(self.store.set_seating, room.table_id, room.seating(), what="seat")
        if refusal is not None:
            self.lobby.take_back(given)
            session.reply(request.id, refusal)
            return
        live = self.live[room.table_id]
        live.table.bind(request.seat, Occupant.COMPUTER)
        live.computers[request.seat] = ComputerSeat.of_level(live.table, request.seat, request.level)
        await self._told(live.table.stand_in, request.seat)
        self._announce(room)
        session.reply(request.id, None)

    async def vote_to_end(self, session: HubSession, request: protocol.VoteToEnd) -> None:
        """A vote to end the game as it stands, a seat holding it up; the last vote needed ends it (stored first)."""
        visitor = session.visitor
        assert visitor is not None
        held_by, room = self.lobby.vote_to_end(visitor, request.accept), visitor.room
        if isinstance(held_by, Refusal) or room is None:
            session.reply(request.id, held_by if isinstance(held_by, Refusal) else Refusal("not-seated"))
            return
        if held_by is not None:
            table = self.live[room.table_id].table
            refusal = await asyncio.get_running_loop().run_in_executor(self.changes, table.call_off, held_by)
            room.votes.clear()
            if refusal is not None:
                session.reply(request.id, refusal)
                return
        self._announce(room)
        session.reply(request.id, None)

    async def _back(self, room: Room, seat: int) -> None:
        """The player a computer stood in for is back in ``seat``: the computer stops, the record tells it."""
        live = self.live[room.table_id]
        computer = live.computers.pop(seat, None)
        if computer is not None:
            computer.close()
        live.table.bind(seat, Occupant.REMOTE)
        await self._told(live.table.back, seat)

    async def _told(self, change: Callable[[int], Refusal | None], seat: int) -> None:
        """Tell in the record who plays ``seat`` now (off the loop: it is stored); only logged if it cannot be."""
        refusal = await asyncio.get_running_loop().run_in_executor(self.changes, change, seat)
        if refusal is not None:
            log.warning("seat %d: who plays it is not in the record (%s)", seat + 1, refusal.id)

    async def resign(self, session: HubSession, request: protocol.Resign) -> None:
        """The player leaves the game for good (stored as an event first: :meth:`Table.leave`): with one other
        player left, the game is over; else a computer stand-in plays on in the seat and the leaver is back in the lobby.
        A game no player is left in is closed, kept unfinished."""
        visitor = session.visitor
        assert visitor is not None
        seat, room = self.lobby.resigning(visitor), visitor.room
        live = None if room is None else self.live.get(room.table_id)
        if isinstance(seat, Refusal) or room is None or live is None:
            session.reply(request.id, seat if isinstance(seat, Refusal) else Refusal("not-seated"))
            return
        table = live.table
        refusal = await asyncio.get_running_loop().run_in_executor(self.changes, table.leave, seat)
        if refusal is not None:
            session.reply(request.id, refusal)
            return
        self.lobby.resigned(visitor, table.over)
        self._kept(self.store.set_seating, room.table_id, room.seating(), what="seat")  # only logged: the record says who left
        if not table.over:
            table.bind(seat, Occupant.COMPUTER)
            live.computers[seat] = ComputerSeat.of_level(table, seat, STAND_IN)
            self.leave(session)  # back to the lobby: the seat is the stand-in's
        if room.deserted:
            self._close_deserted(room)
        self._announce(room)
        session.reply(request.id, None)

    def _close_deserted(self, room: Room) -> None:
        """Stop ``room``'s game, which no player is left in: kept unfinished, no longer listed as playing."""
        live = self.live.pop(room.table_id, None)
        for computer in live.computers.values() if live is not None else ():
            computer.close()
        room.status = UNFINISHED
        self._kept(self.store.set_status, room.table_id, UNFINISHED)

    async def rematch(self, session: HubSession, request: protocol.Rematch) -> None:
        """A player of a finished table accepts or declines its rematch; once every player has, it begins
        (stored with its start, in one write) and each player's lobby sees its id in the finished table's news."""
        assert session.visitor is not None
        answered = self.lobby.answer_rematch(session.visitor, request)
        if isinstance(answered, Refusal):
            session.reply(request.id, answered)
            return
        room, new = answered.room, answered.new
        if new is not None:
            refusal = self._start(new, "table")
            if refusal is not None:
                self.lobby.unmatch(answered)
                session.reply(request.id, refusal)
                return
            self._announce(new)
        elif new is None and not answered.off and len(room.rematch) == 1 and self.loop is not None:
            self.loop.call_later(self.lobby.rematch_s + 0.1, self._expire_rematches)
        self._announce(room)
        session.reply(request.id, None, value=room.next or None)

    def _expire_rematches(self) -> None:
        """Rematches whose wait is over: their players are told."""
        self.loop_thread.check()
        for room in self.lobby.expire_rematches():
            self._announce(room)

    async def set_settings(self, session: HubSession, request: protocol.SetSettings) -> None:
        """A key's settings are kept in the store; a guest's, for its connection."""
        visitor = session.visitor
        assert visitor is not None
        refusal = settings_refusal(request.settings)
        if refusal is None:
            visitor.settings = {**visitor.settings, **request.settings}
            if not visitor.guest:
                keep = partial(self.store.set_settings, visitor.identity, visitor.settings)
                try:
                    await asyncio.get_running_loop().run_in_executor(self.changes, keep)
                except StoreError as error:
                    log.warning("settings of %s not kept: %s", printable(visitor.name), error)
                    refusal = Refusal("settings-not-kept")
        session.reply(request.id, refusal)

    async def list_replays(self, session: HubSession, request: protocol.ListReplays) -> None:
        assert session.visitor is not None
        session.send(protocol.Replays(request.id, [room.info() for room in self.lobby.played(session.visitor)]))

    async def send_record(self, session: HubSession, request: protocol.GetRecord) -> None:
        refusal = self._played(session, request.table, None)
        if refusal is not None:
            session.reply(request.id, refusal)
            return
        try:
            stored = await asyncio.get_running_loop().run_in_executor(self.changes, self.store.load, request.table)
        except StoreUnusable as error:  # its row went bad on disk since the start
            log.warning("%s", error)
            session.reply(request.id, Refusal("hub", {"error": "the table's record does not read"}))
            return
        except StoreError as error:  # the database is away
            log.warning("record of %s not read: %s", request.table, error)
            session.reply(request.id, STORE_AWAY)
            return
        if stored.record is None:
            session.reply(request.id, Refusal("no-such-table", {"table": request.table}))  # set aside since
        else:
            session.send(protocol.RecordText(request.id, dumps(stored.record)))

    async def send_ratings(self, session: HubSession, request: protocol.GetRatings) -> None:
        """The rating changes of a finished table the session's player played (read off the loop; none until the
        projection has folded it, or for a table not rated): numbers and seats only, never who is behind them."""
        refusal = self._played(session, request.table, None)
        if refusal is not None:
            session.reply(request.id, refusal)
            return
        try:
            rows = await asyncio.get_running_loop().run_in_executor(self.changes, self.store.table_history, request.table)
        except StoreError as error:
            log.warning("ratings of %s not read: %s", request.table, error)
            session.reply(request.id, STORE_AWAY)
            return
        session.send(protocol.RatingChanges(request.id, rating_changes(rows)))

    def _played(self, session: HubSession, table: str, seat: int | None) -> Refusal | None:
        """Why ``session`` may not have ``table``'s record or keep or read an analysis of its ``seat``
        (None: every seat): only a finished table it played."""
        assert session.visitor is not None
        room = next((room for room in self.lobby.played(session.visitor) if room.table_id == table), None)
        if room is None:
            return Refusal("no-seat-of-yours")
        if seat is not None and not 0 <= seat < len(room.chairs):
            return Refusal("no-such-seat")
        return None

    async def keep_analysis(self, session: HubSession, request: protocol.KeepAnalysis) -> None:
        """Keep a player's analysis of a finished table of theirs, once it reads as one of that game
        (it is checked off the loop: inflated within its cap, parsed, fitted to the record), for that
        player only: its chances and marks are their word, so no other player is shown them as the server's."""
        refusal = self._played(session, request.table, request.seat)
        if refusal is None:
            assert session.visitor is not None
            keep = partial(self._keep_analysis, request, session.visitor.identity)
            refusal = await asyncio.get_running_loop().run_in_executor(self.changes, keep)
        session.reply(request.id, refusal)

    def _keep_analysis(self, request: protocol.KeepAnalysis, keeper: str) -> Refusal | None:
        """On a thread of :attr:`changes`: check the report against the stored game, then keep it as ``keeper``'s."""
        try:
            text = inflated(request.report, protocol.MAX_ANALYSIS_BYTES).decode("utf-8")  # JSON's own encoding, no other
        except AnalysisTooBig:
            return Refusal("analysis-too-big", {"limit": protocol.MAX_ANALYSIS_BYTES // 1024})
        except ValueError as error:
            return Refusal("not-an-analysis", {"reason": printable(error, 160)})
        try:
            stored = self.store.load(request.table)
        except (StoreError, StoreUnusable, KeyError) as error:
            log.warning("analysis of %s not checked: %s", printable(request.table, 40), error)
            return STORE_AWAY
        if stored.record is None:
            return Refusal("no-such-table", {"table": request.table})  # set aside since
        try:
            checked_report(parsed(text), stored.record, request.seat)
        except ValueError as error:
            return Refusal("not-an-analysis", {"reason": printable(error, 160)})
        try:
            self.store.keep_analysis(request.table, analysis_row(request.seat, request.key, keeper), text)
        except StoreError as error:
            log.warning("analysis of %s not kept: %s", printable(request.table, 40), error)
            return cannot_save(error.full, "analysis")
        return None

    async def send_analysis(self, session: HubSession, request: protocol.GetAnalysis) -> None:
        refusal = self._played(session, request.table, request.seat)
        if refusal is not None:
            session.reply(request.id, refusal)
            return
        assert session.visitor is not None
        read = partial(self.store.analysis, request.table, analysis_row(request.seat, request.key, session.visitor.identity))
        try:
            text = await asyncio.get_running_loop().run_in_executor(self.changes, read)
        except StoreError as error:
            log.warning("analysis of %s not read: %s", printable(request.table, 40), error)
            session.reply(request.id, STORE_AWAY)
            return
        session.send(protocol.AnalysisText(request.id, text))

    async def send_link(self, session: HubSession, request: protocol.AskLink) -> None:
        """A one-time link to the web door for this identity; a guest has no name to keep (its seat code is its way back)."""
        visitor = session.visitor
        assert visitor is not None
        if visitor.guest:
            session.reply(request.id, Refusal("link-for-guests"))
        elif self.web is None:
            session.reply(request.id, Refusal("no-web-door"))
        else:
            url, invites = self.web
            made = partial(invites.invite, visitor.name, identity=visitor.identity)
            try:
                token, _ = await asyncio.get_running_loop().run_in_executor(self.changes, made)
            except sqlite3.Error as error:
                log.warning("no link for %s: %s", printable(visitor.name), error)
                session.reply(request.id, Refusal("hub", {"error": "the link could not be kept"}))
                return
            log.info("a web link made for %s", printable(visitor.name))
            session.reply(request.id, None, f"{url.rstrip('/')}/invite/{token}")

    async def play(self, session: HubSession, message: protocol.Submit | protocol.Undo | protocol.Redo | protocol.AskHint) -> None:
        """A change is made off the loop (it waits for the store); its updates go out before its answer."""
        visitor = session.visitor
        assert visitor is not None
        room, seat = visitor.room, visitor.seat
        live = None if room is None else self.live.get(room.table_id)
        if seat is None or live is None:  # watching, in the lobby, or just left the game: nothing to play
            session.reply(message.id, Refusal("not-seated"))
            return
        table, loop = live.table, asyncio.get_running_loop()
        if isinstance(message, protocol.Submit):
            move, revision = dict(message.move), message.revision
            session.reply(message.id, await loop.run_in_executor(self.changes, table.submit, seat, move, revision))
        elif isinstance(message, (protocol.Undo, protocol.Redo)):
            change = table.undo if isinstance(message, protocol.Undo) else table.redo
            session.reply(message.id, await loop.run_in_executor(self.changes, change, seat))
        else:
            hint = table.hint(seat)
            if isinstance(hint, Refusal):
                session.reply(message.id, hint)
            else:
                ident = message.id
                hint.add_done_callback(lambda done: self.loop_thread.soon(_hint_ready, session, ident, done))


class AnalysisTooBig(Exception):
    """A compressed analysis that inflates past its cap."""


def inflated(data: bytes, limit: int) -> bytes:
    """``data`` (zlib) inflated, never past ``limit`` bytes (:class:`AnalysisTooBig`); ValueError if it is not zlib."""
    inflater = zlib.decompressobj()
    try:
        text = inflater.decompress(data, limit + 1)
    except zlib.error as error:
        raise ValueError(f"not compressed with zlib ({error})") from None
    if len(text) > limit or inflater.unconsumed_tail:
        raise AnalysisTooBig()
    if not inflater.eof:
        raise ValueError("cut short")
    return text


def analysis_row(seat: int | None, key: str, keeper: str) -> str:
    """The store's key of a table's analysis: the seat analysed ("all"), which estimate, and who kept
    it (its numbers are the keeper's word: a player reads only those they kept)."""
    return f"{seat_key(seat)}:{key}@{keeper}"


def rating_changes(rows: list[dict[str, Any]]) -> list[protocol.RatingChange]:
    """What a final screen shows of a table's history rows: each rated seat's rating before and after."""
    changes = []
    for row in rows:
        rating = row.get("rating")
        if isinstance(rating, dict) and type(row.get("seat")) is int:
            change = Change(tuple(rating["before"]), tuple(rating["after"]))  # (mu, sigma) pairs, as stored
            changes.append(protocol.RatingChange(row["seat"], shown(*change.before), shown(*change.after), change_shown(change)))
    return changes


def _hint_ready(session: HubSession, ident: int, done: Future[Hint]) -> None:
    if done.exception() is not None:
        session.reply(ident, Refusal("hub", {"error": "no hint could be thought out"}))
    else:
        session.send(protocol.HintMessage(ident, done.result().revision, done.result().move))


Handler = Callable[[Hub, HubSession, Any], Awaitable[None]]
HANDLERS: dict[type, Handler] = {
    protocol.CreateTable: Hub.create,
    protocol.Join: Hub.join,
    protocol.Spectate: Hub.spectate,
    protocol.FindSeat: Hub.find_seat,
    protocol.Leave: Hub.leave_table,
    protocol.GiveToComputer: Hub.give_to_computer,
    protocol.Resign: Hub.resign,
    protocol.VoteToEnd: Hub.vote_to_end,
    protocol.SetSettings: Hub.set_settings,
    protocol.ListReplays: Hub.list_replays,
    protocol.GetRecord: Hub.send_record,
    protocol.AskLink: Hub.send_link,
    protocol.KeepAnalysis: Hub.keep_analysis,
    protocol.GetAnalysis: Hub.send_analysis,
    protocol.Submit: Hub.play,
    protocol.Undo: Hub.play,
    protocol.Redo: Hub.play,
    protocol.AskHint: Hub.play,
    protocol.Rematch: Hub.rematch,
    protocol.GetRatings: Hub.send_ratings,
}


async def serve(data_dir: Path, stop: asyncio.Event, **kwargs: Any) -> None:
    """Run a hub until ``stop`` is set."""
    hub = Hub(data_dir, **kwargs)
    await hub.start()
    try:
        await stop.wait()
    finally:
        await hub.close()
