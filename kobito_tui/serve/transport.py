"""One client's connection to the hub: frames in, frames out through a bounded queue.

A connection reads one frame at a time and hands each message to its
:class:`Handler` (the hub), in order; what it sends waits in a queue of
:data:`SEND_QUEUE` frames.  A client that lets the queue fill (it does not
read its updates) is dropped rather than allowed to slow the others.  A
frame that is not a client message, too long, or out of order ends the
connection with a :class:`~kobito_tui.serve.protocol.Bye` that says why; so
does a fault of the hub's while answering (logged with its traceback).
Everything here runs on the hub's event loop.
"""

from __future__ import annotations

import asyncio
import logging
import socket
import struct
from typing import Protocol

from kobito_tui.core.safetext import printable
from kobito_tui.serve import protocol

log = logging.getLogger("kobito.serve")

SEND_QUEUE = 256  # frames waiting for one client; past this it is dropped as too slow
HELLO_TIMEOUT_S = 10.0
INTERNAL_ERROR = "the table server had an internal error"
LAST_WORD_S = 5.0  # how long a closing connection may take to read its last frames


class Handler(Protocol):
    async def greet(self, connection: FramedStream, hello: protocol.ClientMessage) -> None:
        """The first message; raise :class:`~kobito_tui.serve.protocol.ProtocolError` to refuse it."""

    async def answer(self, connection: FramedStream, message: protocol.ClientMessage) -> None: ...


class FramedStream:
    """One client: a reader, a writer, and a bounded queue of frames to send."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        self.reader, self.writer = reader, writer
        self.label = "a client"  # for the log, once it says who it is
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue(SEND_QUEUE)
        self.closed = False

    def peer_pid(self) -> int | None:
        """The process at the other end, as the kernel says (SO_PEERCRED: it cannot be made up), or None."""
        sock = self.writer.get_extra_info("socket")
        try:
            pid, _uid, _gid = struct.unpack("3i", sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i")))
        except (AttributeError, OSError):  # not a Unix socket, or not on Linux
            return None
        return int(pid)

    # -- sending -------------------------------------------------------------
    def send(self, message: protocol.WireMessage) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(protocol.frame(message))
        except asyncio.QueueFull:
            log.info("dropping %s: it does not read its updates", printable(self.label))
            self.end(None, abort=True)

    def end(self, last: str | protocol.Bye | None, abort: bool = False) -> None:
        """Close this connection after a last word (if any); ``abort``: at once, unsent frames dropped."""
        if self.closed:
            return
        self.closed = True
        if abort:
            self.writer.transport.abort()
        else:
            frames = [] if last is None else [protocol.frame(protocol.Bye(last) if isinstance(last, str) else last)]
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
    async def _read(self) -> protocol.ClientMessage:
        prefix = await self.reader.readexactly(protocol.LENGTH)
        body = await self.reader.readexactly(protocol.frame_length(prefix, protocol.MAX_CLIENT_FRAME))
        return protocol.decode_client(body)

    async def _greet(self, handler: Handler) -> None:
        await handler.greet(self, await self._read())

    async def run(self, handler: Handler) -> None:
        """Greet, then answer each message until the client or the hub ends it."""
        writer = asyncio.create_task(self._write())
        try:
            await asyncio.wait_for(self._greet(handler), HELLO_TIMEOUT_S)
            while not self.closed:
                await handler.answer(self, await self._read())
        except protocol.ProtocolError as error:
            log.info("ending a connection: %s", error)
            self.end(printable(str(error), 200))
        except (asyncio.IncompleteReadError, ConnectionError, TimeoutError):
            self.end(None)
        except Exception:  # a fault of ours: that one connection ends, with a word; the others go on
            log.exception("ending a connection after an internal error")
            self.end(INTERNAL_ERROR)
        finally:
            self.end(None)
            try:
                await asyncio.wait_for(writer, LAST_WORD_S)
            except TimeoutError:  # it stopped reading even its last word
                self.writer.transport.abort()
