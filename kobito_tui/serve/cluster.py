"""Several servers, one set of tables: who plays which table, and sessions at tables played elsewhere.

Each live table has one owner, the server whose store holds its lock
(:meth:`~kobito_tui.serve.store_api.Store.own`); only the owner runs its rules,
computers and undo.  A session at a table another server owns is *relayed*
(:class:`Relay`): its table requests go to the owner as :class:`Call` mail, where a
:class:`ProxySession` stands for it and is answered exactly like a session of the
owner's own, so the owner's perspectives filter what it is sent; the answers and the
updates for that one perspective come back as :class:`Push` mail, and this server
hands them to its client unchanged.  :class:`Gone` ends a proxy.

The lobby: the owner publishes each table's summary (:class:`~kobito_tui.serve.protocol.TableInfo`,
public only) on the bus; every server keeps the ones it does not own in
:attr:`Cluster.elsewhere` and tells its sessions.

Failover: every :data:`POLL_S` a server looks at which servers are alive; a table
whose owner is gone is taken (``own``: exactly one server gets it, with the next
epoch) and loaded as a restart loads it; a proxy whose server is gone leaves.  When a
table moves, the sessions relayed to it (or sitting at it here, when this server lost
it) join it again at its new owner, by key or seat code; a request that was on its way
is refused as ``table-moved`` (no answer was given: nothing acknowledged is lost).

The hub is reached only through :class:`~kobito_tui.serve.peers.HubSide` (this module
never imports the hub), and every method here but :meth:`Cluster.publish` and the bus's
callbacks runs on the hub's event loop thread: each that touches the relays, the
proxies or the lobby checks so first.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from dataclasses import dataclass, field
from typing import Any, Generic

import msgspec

from kobito_tui.core.safetext import printable
from kobito_tui.serve import protocol
from kobito_tui.serve.bus import Bus
from kobito_tui.serve.lobby import Visitor
from kobito_tui.serve.peers import MOVED, REJOIN, HubSide, Relay, S
from kobito_tui.serve.store_api import ENDED, StoreError
from kobito_tui.serve.transport import INTERNAL_ERROR
from kobito_tui.table.messages import cannot_save

log = logging.getLogger("kobito.serve")

POLL_S = 0.5  # how often a server looks for tables whose owner is gone
RELAYED = (protocol.Submit, protocol.Undo, protocol.Redo, protocol.AskHint, protocol.GiveToComputer, protocol.Resign, protocol.VoteToEnd)


class Call(msgspec.Struct, tag="call", frozen=True):
    """A client message from session ``session`` of server ``sender``, and who that client is."""

    sender: str
    session: int
    identity: str
    name: str
    address: str
    settings: dict[str, Any]
    frame: bytes


class Push(msgspec.Struct, tag="push", frozen=True):
    """A message from the table's owner ``sender`` for session ``session`` of the recipient."""

    sender: str
    session: int
    frame: bytes


class Gone(msgspec.Struct, tag="gone", frozen=True):
    sender: str
    session: int


Mail = Call | Push | Gone
_decode_mail = msgspec.msgpack.Decoder(Mail).decode
_encode = msgspec.msgpack.Encoder().encode
_info_decoder = msgspec.msgpack.Decoder(protocol.TableInfo)


def _decode_info(info: bytes) -> protocol.TableInfo | None:
    """A lobby row's summary; None (logged) if it does not read (a server of another version wrote it)."""
    try:
        return _info_decoder.decode(info)
    except (msgspec.DecodeError, msgspec.ValidationError):
        log.warning("a table's summary in the shared lobby does not read; it is left out")
        return None


@dataclass
class Proxy(Generic[S]):
    """At the owner: a session of another server's (the hub's stand-in), its requests in order."""

    session: S
    inbox: asyncio.Queue[protocol.ClientMessage] = field(default_factory=asyncio.Queue)
    worker: asyncio.Task[None] | None = None


class MailConnection:
    """The owner's side of a proxy: what it sends goes to the session's own server.  ``send``
    may be called from any thread (the hub hands it a table's updates on the thread that
    changed the table, with no hop to the loop: the bus's queue is thread-safe)."""

    def __init__(self, cluster: Cluster[Any], server: str, session: int):
        self.cluster, self.server, self.session = cluster, server, session
        self.label = f"session {session} of server {server}"
        self.closed = False

    def send(self, message: protocol.WireMessage) -> None:
        if not self.closed:
            self.cluster.bus.mail(self.server, _encode(Push(self.cluster.server, self.session, protocol.frame(message)[protocol.LENGTH :])))

    def end(self, last: str | protocol.Bye | None, abort: bool = False) -> None:
        if last is not None and not self.closed:
            self.send(protocol.Bye(last) if isinstance(last, str) else last)
        self.closed = True


class Cluster(Generic[S]):
    """This server's part in a cluster of servers that share ``url`` (the hub's store's database):
    the hub's :class:`~kobito_tui.serve.peers.Peers` (sessions of type ``S``)."""

    def __init__(self, hub: HubSide[S], url: str):
        self.hub = hub
        self.server = secrets.token_hex(6)
        self.elsewhere: dict[str, tuple[str, protocol.TableInfo]] = {}  # tables other servers own: owner, summary
        self.proxies: dict[tuple[str, int], Proxy[S]] = {}
        self.numbered: dict[int, S] = {}  # our sessions that were relayed, by number
        self._numbers = iter(range(1, 1 << 62))
        self._taking: dict[str, asyncio.Task[None]] = {}  # tables being taken (or, finished, loaded to show)
        self._missing: set[str] = set()  # owners not seen at the last poll (gone only when missed twice)
        self.linked = True  # the bus reaches the database
        self._poller: asyncio.Task[None] | None = None
        self.bus = Bus(url, self.server, on_mail=self._heard_mail, on_lobby=self._heard_lobby, on_link=self._heard_link)

    # -- life --------------------------------------------------------------
    async def start(self) -> None:
        """After the hub loaded the tables it could take: publish them, learn the others', look out for owners gone."""
        loop = asyncio.get_running_loop()
        self.bus.wait_listening(10)
        for room in self.hub.lobby.rooms.values():
            if room.status not in ENDED:  # every server shows the finished ones it loaded: no owner to say
                self.publish(room.info())
        for table_id, owner, info in await loop.run_in_executor(None, self.bus.lobby):
            summary = _decode_info(info)
            if owner != self.server and table_id not in self.hub.lobby.rooms and summary is not None:
                self.elsewhere[table_id] = (owner, summary)
        self._poller = asyncio.create_task(self._poll())

    async def close(self) -> None:
        """Stop looking out, end the proxies (their servers see our tables go), then the bus (after what it has to send)."""
        tasks = [task for task in (self._poller, *self._taking.values()) if task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for key in list(self.proxies):
            self._end_proxy(key)
        await asyncio.get_running_loop().run_in_executor(None, self.bus.close)

    def listing(self) -> list[protocol.TableInfo]:
        return [info for _owner, info in self.elsewhere.values() if info.status not in ENDED]

    def publish(self, info: protocol.TableInfo) -> None:
        self.bus.publish(info.table, _encode(info))

    # -- the bus's threads to the loop -----------------------------------------
    def _heard_mail(self, bodies: list[bytes]) -> None:
        self.hub.loop_thread.soon(self._mail, bodies)

    def _heard_lobby(self, table_id: str, owner: str | None, info: bytes | None) -> None:
        self.hub.loop_thread.soon(self._lobby, table_id, owner, info)

    def _heard_link(self, up: bool) -> None:
        self.hub.loop_thread.soon(self._link, up)

    def _link(self, up: bool) -> None:
        self.hub.loop_thread.check()
        log.warning("the database is %s", "back" if up else "away: moves cannot be saved until it is back")
        self.linked = up
        if up:  # take our tables' locks again at once, before another server sees them unowned
            mine = next(iter(self.hub.live), None)
            if mine is not None:
                asyncio.get_running_loop().run_in_executor(self.hub.changes, self._relock, mine)
            self._resync()

    def _resync(self) -> None:
        """After the database was away (mail then is lost): our tables published again, our relayed
        sessions joined again at their tables' owners."""
        for room in self.hub.lobby.rooms.values():
            self.publish(room.info())
        for session in list(self.numbered.values()):
            relay = session.relay
            if relay is not None and relay.owner is not None:
                self._rejoin(session, relay, relay.owner)

    def _relock(self, table_id: str) -> None:
        """Have the store make its connection again now, with every lock it held (asking for one of its tables does)."""
        with contextlib.suppress(StoreError):
            self.hub.store.own(table_id)

    # -- a session of ours ------------------------------------------------------
    def route(self, session: S, message: protocol.ClientMessage) -> bool:
        """Send ``message`` to the owner of the table it is for, if another server owns it; whether it was."""
        self.hub.loop_thread.check()
        relay = session.relay
        if isinstance(message, (protocol.Join, protocol.Spectate)):
            owner = self.elsewhere.get(message.table, (None,))[0]
            if relay is not None and (owner is None or owner != relay.owner):
                self.unrelay(session)
                relay = None
            if owner is None:
                return False
            if session.visitor is not None and session.visitor.room is not None:
                self.hub.leave(session)
            if relay is None or relay.table != message.table:
                relay = session.relay = Relay(message.table, owner)
            self._call(session, relay, message)
            return True
        if relay is None:
            return False
        if isinstance(message, protocol.Leave):
            self.unrelay(session)
            session.reply(message.id, None)
            return True
        if isinstance(message, RELAYED):
            if not self.linked:  # the owner cannot hear it, nor save it
                session.reply(message.id, cannot_save(False, "undo" if isinstance(message, (protocol.Undo, protocol.Redo)) else "move"))
            elif relay.owner is None:
                session.reply(message.id, MOVED)
            else:
                self._call(session, relay, message)
            return True
        return False

    def _number(self, session: S) -> None:
        """Give ``session`` its number on the bus, once."""
        if not session.number:
            session.number = next(self._numbers)
            self.numbered[session.number] = session

    def _call(self, session: S, relay: Relay, message: protocol.ClientMessage) -> None:
        visitor = session.visitor
        assert visitor is not None and relay.owner is not None and not isinstance(message, protocol.Hello)
        self._number(session)
        relay.pending[message.id] = message
        body = protocol.frame(message)[protocol.LENGTH :]
        call = Call(self.server, session.number, visitor.identity, visitor.name, visitor.address, visitor.settings, body)
        self.bus.mail(relay.owner, _encode(call))

    def unrelay(self, session: S) -> None:
        """``session`` is no longer at the table it was relayed to (it left, went elsewhere, or ended)."""
        self.hub.loop_thread.check()
        relay, session.relay = session.relay, None
        if relay is not None and relay.owner is not None:
            self.bus.mail(relay.owner, _encode(Gone(self.server, session.number)))
        if relay is not None:
            for ident in relay.pending:
                if ident != REJOIN:
                    session.reply(ident, MOVED)

    def ended(self, session: S) -> None:
        self.unrelay(session)
        self.numbered.pop(session.number, None)

    def _pushed(self, push: Push) -> None:
        self.hub.loop_thread.check()
        session = self.numbered.get(push.session)
        relay = None if session is None else session.relay
        if session is None or relay is None or relay.owner != push.sender:
            return  # a session gone, or an owner it no longer plays at
        try:
            message = protocol.decode_server(push.frame)
        except protocol.ProtocolError:
            log.warning("mail from server %s does not read", push.sender)
            return
        if isinstance(message, protocol.Bye):
            session.relay = None
            session.connection.end(message)
            return
        ident = getattr(message, "id", None)
        if isinstance(message, (protocol.Done, protocol.RefusedReply, protocol.HintMessage)) and ident in relay.pending:
            asked = relay.pending.pop(ident)
            if isinstance(asked, (protocol.Join, protocol.Spectate)):
                if isinstance(message, protocol.Done):
                    relay.placed, relay.seat = True, message.seat if isinstance(asked, protocol.Join) else None
                    relay.code = message.value or None if isinstance(asked, protocol.Join) else None
                elif not relay.placed:
                    self.unrelay(session)
            if ident == REJOIN:
                return
        session.send(message)

    # -- a session of another server's --------------------------------------------
    def _called(self, call: Call) -> None:
        self.hub.loop_thread.check()
        key = (call.sender, call.session)
        proxy = self.proxies.get(key)
        if proxy is None:
            visitor = Visitor(call.identity, call.name, call.address, settings=dict(call.settings))
            stand_in = self.hub.stand_in(visitor, MailConnection(self, call.sender, call.session))
            proxy = self.proxies[key] = Proxy(stand_in)
        try:
            message = protocol.decode_client(call.frame)
        except protocol.ProtocolError as error:
            self._end_proxy(key, printable(str(error), 200))
            return
        proxy.inbox.put_nowait(message)
        if proxy.worker is None:
            proxy.worker = asyncio.create_task(self._serve_proxy(key, proxy))

    async def _serve_proxy(self, key: tuple[str, int], proxy: Proxy[S]) -> None:
        """A proxy's requests in order, each as the hub answers its own sessions'."""
        try:
            while True:
                await self.hub.handle(proxy.session, await proxy.inbox.get())
        except protocol.ProtocolError as error:
            self._end_proxy(key, printable(str(error), 200))
        except asyncio.CancelledError:
            raise
        except Exception:  # a fault of ours: that one session ends, with a word
            log.exception("ending a relayed session after an internal error")
            self._end_proxy(key, INTERNAL_ERROR)

    def _end_proxy(self, key: tuple[str, int], last: str | None = None) -> None:
        self.hub.loop_thread.check()
        proxy = self.proxies.pop(key, None)
        if proxy is None:
            return
        if proxy.worker is not None and proxy.worker is not asyncio.current_task():
            proxy.worker.cancel()
        proxy.session.connection.end(last)
        self.hub.dismiss(proxy.session)

    def _mail(self, bodies: list[bytes]) -> None:
        self.hub.loop_thread.check()
        for body in bodies:
            try:
                mail = _decode_mail(body)
            except (msgspec.DecodeError, msgspec.ValidationError):
                log.warning("mail that does not read, ignored")
                continue
            if isinstance(mail, Push):
                self._pushed(mail)
            elif isinstance(mail, Call):
                self._called(mail)
            else:
                self._end_proxy((mail.sender, mail.session))

    # -- tables moving ------------------------------------------------------------
    def _lobby(self, table_id: str, owner: str | None, info: bytes | None) -> None:
        self.hub.loop_thread.check()
        if owner is None or info is None:
            self.elsewhere.pop(table_id, None)
            return
        here = self.hub.lobby.rooms.get(table_id)
        if owner == self.server or (here is not None and here.status in ENDED):  # a finished table: anyone's to show
            return
        summary = _decode_info(info)
        if summary is None:
            return
        if summary.status in ENDED and here is None:  # finished elsewhere: shown here too, as a restart would
            self.elsewhere.pop(table_id, None)
            if table_id not in self._taking:
                task = self._taking[table_id] = asyncio.create_task(self.hub.show_finished(table_id))
                task.add_done_callback(lambda _done: self._taking.pop(table_id, None))
            return
        self.elsewhere[table_id] = (owner, summary)
        if table_id in self.hub.live or table_id in self.hub.lobby.rooms:  # another server took it from us
            self.hub.drop(table_id)
        self.hub.tell_all(protocol.TableChanged(summary))
        for session in list(self.numbered.values()):  # those that sat at it here were numbered by lost()
            relay = session.relay
            if relay is not None and relay.table == table_id and relay.owner != owner:
                self._rejoin(session, relay, owner)

    def lost(self, table_id: str, sessions: list[tuple[S, int | None, str | None]]) -> None:
        """The hub dropped ``table_id`` (another server owns it now): its sessions here wait for its new owner."""
        self.hub.loop_thread.check()
        for session, seat, code in sessions:
            session.relay = Relay(table_id, None, seat, code, placed=True)
            self._number(session)
        owner = self.elsewhere.get(table_id, (None,))[0]
        if owner is not None:
            for session, _seat, _code in sessions:
                assert session.relay is not None
                self._rejoin(session, session.relay, owner)

    def _rejoin(self, session: S, relay: Relay, owner: str) -> None:
        """``relay``'s table is ``owner``'s now: what was on its way is refused, the session joins there."""
        log.info("table %s moved to server %s: its session joins again there", relay.table, owner)
        if relay.owner is not None:
            self.bus.mail(relay.owner, _encode(Gone(self.server, session.number)))
        for ident in relay.pending:
            if ident != REJOIN:
                session.reply(ident, MOVED)
        relay.pending.clear()
        relay.owner = owner
        self._call(session, relay, relay.rejoin())

    async def _poll(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(POLL_S)
            try:
                alive = await loop.run_in_executor(None, self.bus.servers)
            except Exception as error:  # noqa: BLE001 - the database away: the next poll tries again
                log.debug("cannot see the servers: %s", error)
                continue
            missing = ({owner for owner, _info in self.elsewhere.values()} | {server for server, _n in self.proxies}) - alive
            gone, self._missing = missing & self._missing, missing  # gone: missed at the last poll too
            for key in [key for key in self.proxies if key[0] in gone]:
                self._end_proxy(key)
            for table_id, (owner, info) in list(self.elsewhere.items()):
                if owner in gone and info.status not in ENDED and table_id not in self._taking:
                    self._taking[table_id] = asyncio.create_task(self.take(table_id))

    async def take(self, table_id: str) -> None:
        """Own ``table_id`` if no server does (exactly one server gets it), load it, and seat our sessions there again."""
        try:
            stored = await self.hub.take(table_id)
            if stored is None:
                return
            self.elsewhere.pop(table_id, None)
            log.info("took table %s: its owner is gone", table_id)
            for session in list(self.numbered.values()):
                relay = session.relay
                if relay is not None and relay.table == table_id:
                    session.relay = None
                    for ident in relay.pending:
                        if ident != REJOIN:
                            session.reply(ident, MOVED)
                    again = relay.rejoin()
                    if isinstance(again, protocol.Spectate):
                        await self.hub.spectate(session, again)
                    else:
                        await self.hub.join(session, again)
        except Exception:  # a fault of ours: logged, and the next poll tries again
            log.exception("taking table %s failed", table_id)
        finally:
            self._taking.pop(table_id, None)
