"""Over a real SSH connection: when a table comes to wait for a player in the lobby, the bell and a
desktop notice (OSC 9 and OSC 777) reach their terminal, in the bytes of its pty stream."""

from __future__ import annotations

import asyncio
import random

import pytest

from .helpers import KEY_BOB, Server, eventually, play_until, read_until, ssh_guest


@pytest.mark.asyncio
async def test_the_bell_and_a_desktop_notice_reach_the_terminal_when_a_move_waits(data_dir):
    server = Server(data_dir / "data")
    bob = server.connect(KEY_BOB, "Bob")
    try:
        table = bob.create("treasure", ["open", "open"], {"first_player": 0})  # Bob first: the move comes to Gus
        bob_seat = bob.join(table, 0)
        conn, process = await ssh_guest(server.port)
        shown = await read_until(process, b"name")
        process.stdin.write(b"Gus\r")
        shown = await read_until(process, table.encode(), shown)
        process.stdin.write(b"j")  # the only table, highlighted: Gus takes its open seat
        await asyncio.to_thread(eventually, lambda: bob.tables[table].seats[1].name == "Gus", 20)
        first = await asyncio.to_thread(bob_seat.wait_for, lambda u: u.to_act is not None)
        await read_until(process, b"Your colour", shown[-1:])  # at the table: the board (his name is in the lobby row too)
        process.stdin.write(b"\x10")  # the palette, and back to the lobby
        shown = await read_until(process, b"for commands", shown)  # the prompt (its first letter under the cursor)
        process.stdin.write(b"Lobby")
        shown = await read_until(process, b"Back to the tables", shown)
        process.stdin.write(b"\r")
        await asyncio.to_thread(eventually, lambda: not bob.tables[table].seats[1].connected, 20)  # in the lobby: away
        assert first.to_act == 0
        tail = len(shown := await read_until(process, b"", shown))
        await asyncio.to_thread(play_until, [bob_seat], random.Random(1), lambda u: u.to_act == 1 or u.over)
        shown = await read_until(process, b"\x1b]777;", shown)
        news = shown[tail:]
        assert news.count(b"\x07") >= 3  # the bell, and the end of each notice
        assert b"\x1b]9;Your move at table " + table.encode() in news
        assert b"\x1b]777;notify;kobito;Your move at table" in news
        conn.close()
    finally:
        bob.close()
        server.stop()
