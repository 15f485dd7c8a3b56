"""The seam between the hub and the other servers: two narrow interfaces, one each way.

:class:`Peers` is what the hub (:mod:`~kobito_tui.serve.hub`) asks of the other servers,
injected into it: :class:`NoPeers` for a server alone (every table is its own), the
PostgreSQL cluster (:class:`~kobito_tui.serve.cluster.Cluster`) for several.  :class:`HubSide`
is what the other servers' side may ask of the hub, exactly that and nothing private, and
:class:`PeerSession` what it may touch of a session.  So the cluster imports this module
and never the hub; the hub knows the cluster only as its :class:`Peers`.

Every method of both, but :meth:`Peers.publish`, runs on the hub's event loop thread
(:class:`~kobito_tui.serve.loopthread.LoopThread`); :meth:`HubSide.soon` is the way there.
"""

from __future__ import annotations

from collections.abc import Mapping
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from kobito_tui.serve import protocol
from kobito_tui.serve.lobby import Lobby, Room, Visitor
from kobito_tui.serve.loopthread import LoopThread
from kobito_tui.serve.store_api import Store
from kobito_tui.table import Refusal

REJOIN = 0  # the request id of a join a server makes for its session (the client ignores its answer)
MOVED = Refusal("table-moved")  # a change at a table another server plays now: not made here


@dataclass
class Relay:
    """A session at ``table``, which server ``owner`` plays (None: it moved, to whom not yet known)."""

    table: str
    owner: str | None
    seat: int | None = None
    code: str | None = None  # a guest's seat code, to join again with
    placed: bool = False  # the owner seated it (or let it watch)
    pending: dict[int, protocol.ClientMessage] = field(default_factory=dict)  # sent, not yet answered

    def rejoin(self) -> protocol.Join | protocol.Spectate:
        if self.placed and self.seat is None:
            return protocol.Spectate(REJOIN, self.table)
        return protocol.Join(REJOIN, self.table, None, self.code)


class Endpoint(Protocol):
    """Where a session's messages go: a client's connection, or another server's mail."""

    def send(self, message: protocol.WireMessage) -> None: ...

    def end(self, last: str | protocol.Bye | None, abort: bool = False) -> None: ...


class PeerSession(Protocol):
    """A session of the hub, as the other servers' side sees it."""

    visitor: Visitor | None
    relay: Relay | None  # the table elsewhere it is relayed to
    number: int  # its number on the bus, once relayed (0: not yet)

    @property
    def connection(self) -> Endpoint: ...

    def send(self, message: protocol.WireMessage) -> None: ...

    def reply(self, ident: int, refusal: Refusal | None, value: str | None = None, seat: int | None = None) -> None: ...


S = TypeVar("S", bound=PeerSession)


class HubSide(Protocol[S]):
    """What the other servers' side asks of the hub (sessions of type ``S``)."""

    @property
    def loop_thread(self) -> LoopThread: ...

    @property
    def lobby(self) -> Lobby: ...

    @property
    def live(self) -> Mapping[str, object]: ...  # the tables playing here, by id

    @property
    def store(self) -> Store: ...

    @property
    def changes(self) -> Executor: ...  # where what waits for the store runs

    def tell_all(self, message: protocol.WireMessage) -> None: ...

    def drop(self, table_id: str) -> None: ...

    async def take(self, table_id: str) -> Room | None: ...

    async def show_finished(self, table_id: str) -> None: ...

    def leave(self, session: S) -> None: ...

    async def join(self, session: S, request: protocol.Join) -> None: ...

    async def spectate(self, session: S, request: protocol.Spectate) -> None: ...

    def stand_in(self, visitor: Visitor, connection: Endpoint) -> S:
        """A session of this hub's for another server's ``visitor`` (remote: its updates go to ``connection`` from any thread)."""
        ...

    def dismiss(self, session: S) -> None:
        """A stand-in session ends: it leaves its table and the hub."""
        ...

    async def handle(self, session: S, message: protocol.ClientMessage) -> None:
        """Answer ``message`` as the hub answers its own sessions (never sent on to another server)."""
        ...


class Peers(Protocol[S]):
    """The other servers, as the hub sees them."""

    async def start(self) -> None:
        """After the hub loaded its tables: tell the others, learn theirs."""
        ...

    async def close(self) -> None: ...

    def listing(self) -> list[protocol.TableInfo]:
        """The tables the other servers play, as a lobby shows them."""
        ...

    def publish(self, info: protocol.TableInfo) -> None:
        """Tell the others what changed at a table of ours (from any thread)."""
        ...

    def route(self, session: S, message: protocol.ClientMessage) -> bool:
        """Send ``message`` to another server, if the table it is for is played there; whether it was."""
        ...

    def ended(self, session: S) -> None:
        """``session``'s connection ended."""
        ...

    def lost(self, table_id: str, sessions: list[tuple[S, int | None, str | None]]) -> None:
        """The hub dropped ``table_id`` (another server plays it now); ``sessions`` (each with its seat
        and seat code) sat at it here and follow it there."""
        ...


class NoPeers(Generic[S]):
    """A server alone: no other server, every table is this one's."""

    async def start(self) -> None:
        pass

    async def close(self) -> None:
        pass

    def listing(self) -> list[protocol.TableInfo]:
        return []

    def publish(self, info: protocol.TableInfo) -> None:
        pass

    def route(self, session: S, message: protocol.ClientMessage) -> bool:
        return False

    def ended(self, session: S) -> None:
        pass

    def lost(self, table_id: str, sessions: list[tuple[S, int | None, str | None]]) -> None:
        pass
