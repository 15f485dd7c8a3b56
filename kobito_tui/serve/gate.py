"""The door's first look at each TCP connection, before any SSH is spoken.

A connection the :class:`~kobito_tui.serve.limits.Ledger` refuses costs no key
exchange: it gets a plain line (what ``nc`` shows), a proper version line and
an SSH disconnect with the reason (what an SSH client prints: "Received
disconnect from ...: too many ..."), then a clean close: what the client sent
is read and dropped, so no reset can reach the client before the reason.  The
rest go on to asyncssh, their visit waiting for the SSH connection's owner.
asyncssh listens through :class:`Gate` (its ``tunnel`` hook: an object with
``create_server``).
"""

from __future__ import annotations

import asyncio
import logging
import os
import struct
from collections.abc import Callable
from typing import Any

from kobito_tui.serve.limits import Ledger, Visit
from kobito_tui.serve.quietlog import QuietLog

log = logging.getLogger("kobito.serve")

VERSION_LINE = b"SSH-2.0-kobito\r\n"
DISC_TOO_MANY_CONNECTIONS = 12
LINGER_S = 2.0  # how long a refused connection is read (and dropped) before it is closed
LINGERING = 64  # refused connections read at once; past that, one is closed at once (a flood holds no descriptors)


def disconnect_packet(code: int, reason: str) -> bytes:
    """SSH_MSG_DISCONNECT as the first, unencrypted binary packet (RFC 4253 §6, §11.1)."""
    text = reason.encode()
    payload = bytes([1]) + struct.pack(">I", code) + struct.pack(">I", len(text)) + text + struct.pack(">I", 2) + b"en"
    padding = 8 - (5 + len(payload)) % 8
    padding += 8 if padding < 4 else 0
    return struct.pack(">IB", 1 + len(payload) + padding, padding) + payload + os.urandom(padding)


class _Refusal(asyncio.Protocol):
    """A refused connection: the reason said, what comes in dropped until the client closes (or ``LINGER_S``)."""

    def __init__(self, gate: Gate, transport: asyncio.Transport, reason: str):
        self.gate, self.transport = gate, transport
        transport.set_protocol(self)
        transport.write(f"kobito: {reason}\r\n".encode() + VERSION_LINE + disconnect_packet(DISC_TOO_MANY_CONNECTIONS, reason))
        transport.write_eof()
        gate.lingering += 1
        self._timer = asyncio.get_running_loop().call_later(LINGER_S if gate.lingering <= LINGERING else 0, transport.abort)

    def data_received(self, data: bytes) -> None:
        pass

    def eof_received(self) -> bool:
        self.transport.close()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.gate.lingering -= 1
        self._timer.cancel()


class _Gatekeeper(asyncio.Protocol):
    """Each new connection: refused here, or handed to asyncssh's protocol with its visit."""

    def __init__(self, gate: Gate, factory: Callable[[str, int], Any]):
        self.gate, self.factory = gate, factory

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        peer = transport.get_extra_info("peername") or ("?", 0)
        address = str(peer[0])
        visit = self.gate.ledger.arrive(address)
        if isinstance(visit, str):
            self.gate.said.say(address, f"refusing {address}: {visit}")
            _Refusal(self.gate, transport, visit)
            return
        self.gate.arriving[tuple(peer[:2])] = visit
        connection = self.factory(address, peer[1])
        transport.set_protocol(connection)
        connection.connection_made(transport)


class Gate:
    """Where the door listens: what asyncssh takes for a tunnel (``create_server``)."""

    def __init__(self, ledger: Ledger):
        self.ledger = ledger
        self.arriving: dict[tuple[Any, ...], Visit] = {}  # by peer (address, port), until the SSH owner takes it
        self.lingering = 0  # refused connections being read to their end
        self.said = QuietLog(log, "ssh")  # refusals, each address's once a minute

    def take(self, peer: Any) -> Visit | None:
        return self.arriving.pop(tuple(peer[:2]), None) if peer else None

    async def create_server(self, factory: Callable[[str, int], Any], host: str, port: int) -> asyncio.AbstractServer:
        loop = asyncio.get_running_loop()
        return await loop.create_server(lambda: _Gatekeeper(self, factory), host, port)
