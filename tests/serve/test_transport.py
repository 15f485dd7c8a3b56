"""The transport alone, in-process: frames in order to a handler, a fault of the handler's, a client that stops reading."""

from __future__ import annotations

import asyncio

from kobito_tui.serve import protocol as p
from kobito_tui.serve.transport import INTERNAL_ERROR, SEND_QUEUE, FramedStream

from .helpers import remove, short_dir


class Handler:
    def __init__(self, answer) -> None:
        self.seen: list[p.ClientMessage] = []
        self._answer = answer

    async def greet(self, connection: FramedStream, hello: p.ClientMessage) -> None:
        self.seen.append(hello)
        connection.send(p.Welcome(p.VERSION, []))

    async def answer(self, connection: FramedStream, message: p.ClientMessage) -> None:
        self.seen.append(message)
        await self._answer(connection, message)


async def talk(answer, messages: list[p.WireMessage | bytes], read: bool = True) -> tuple[Handler, list[p.ServerMessage]]:
    """A server with ``answer`` as its handler's, a client that sends ``messages``; what came back."""
    folder = short_dir()
    handler, ended = Handler(answer), asyncio.Event()

    async def connected(reader, writer) -> None:
        try:
            await FramedStream(reader, writer).run(handler)
        finally:
            ended.set()

    server = await asyncio.start_unix_server(connected, path=str(folder / "t.sock"))
    reader, writer = await asyncio.open_unix_connection(str(folder / "t.sock"))
    for message in [p.Hello(p.VERSION, "guest", "T"), *messages]:
        writer.write(message if isinstance(message, bytes) else p.frame(message))
    await writer.drain()
    got: list[p.ServerMessage] = []
    if read:
        while prefix := await reader.read(p.LENGTH):
            got.append(p.decode_server(await reader.readexactly(int.from_bytes(prefix, "big"))))
    await asyncio.wait_for(ended.wait(), 10)
    writer.close()
    server.close()
    remove(folder)
    return handler, got


async def test_a_fault_while_answering_ends_that_connection_with_a_word():
    async def answer(connection, message):
        if isinstance(message, p.Leave):
            raise RuntimeError("a bug")
        connection.send(p.Done(message.id))

    handler, got = await talk(answer, [p.Undo(1), p.Leave(2), p.Redo(3)])
    assert [type(m) for m in handler.seen] == [p.Hello, p.Undo, p.Leave]  # in order, none after the fault
    assert got == [p.Welcome(p.VERSION, []), p.Done(1), p.Bye(INTERNAL_ERROR)]


async def test_a_client_that_does_not_read_is_dropped_once_its_queue_is_full():
    async def answer(connection, message):
        for n in range(SEND_QUEUE * 40):  # far more than the socket and the queue hold
            connection.send(p.RecordText(n, "x" * 4096))
            if connection.closed:
                return
        raise AssertionError("never dropped")

    handler, _ = await talk(answer, [p.ListReplays(1)], read=False)
    assert [type(m) for m in handler.seen] == [p.Hello, p.ListReplays]


async def test_a_frame_that_is_no_message_ends_the_connection_saying_why():
    async def answer(connection, message):
        connection.send(p.Done(message.id))

    handler, got = await talk(answer, [p.Undo(1), b"\x00\x00\x00\x03abc", p.Redo(2)])
    assert [type(m) for m in handler.seen] == [p.Hello, p.Undo]
    assert got[:2] == [p.Welcome(p.VERSION, []), p.Done(1)]
    assert isinstance(got[2], p.Bye) and got[2].text.startswith("not a message") and len(got) == 3
