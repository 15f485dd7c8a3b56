"""A flood of keys cannot grow a session program: the program reads keys at the pace it handles
them (kobito_tui/app/paced_driver.py), the door holds at most 64 kB for it and drops the rest
(kobito_tui/serve/keys.py), each program has a memory ceiling, and a program whose player left
is gone within 5 s, however far behind its keys it was."""

from __future__ import annotations

import asyncio
import fcntl
import os
import time
from pathlib import Path

import asyncssh
import pytest

from kobito_tui.serve.keys import PASTE_END, KeyQueue

from .helpers import Server, eventually, ssh_guest

F_SETPIPE_SZ = 1031
CURSOR_KEYS = b"\x1b[C\x1b[D" * 2730  # 16 kB of right and left


def children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def programs(server: Server) -> list[int]:
    return [program for template in children(server.process.pid) for program in children(template)]


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError(f"no VmRSS for {pid}")


async def drain(process: asyncssh.SSHClientProcess[bytes], into: bytearray) -> None:
    while data := await process.stdout.read(65536):
        into += data


@pytest.mark.asyncio
async def test_a_key_flood_is_dropped_at_the_door_and_the_program_ends_with_its_connection(data_dir):
    server = Server(data_dir / "data")
    try:
        conn, process = await ssh_guest(server.port)
        shown = bytearray()
        reader = asyncio.create_task(drain(process, shown))
        await asyncio.to_thread(eventually, lambda: b"name" in shown and programs(server), 20)
        [program] = programs(server)
        before = rss_mb(program)
        for _ in range(128):  # 2 MB, as fast as the connection takes it
            process.stdin.write(CURSOR_KEYS)
            await process.stdin.drain()
        most = before
        for _ in range(10):
            await asyncio.sleep(0.5)
            most = max(most, rss_mb(program))
        assert most - before < 30, f"the program grew from {before:.0f} to {most:.0f} MB"
        conn.close()
        closed = time.monotonic()
        await asyncio.to_thread(eventually, lambda: program not in programs(server), 5)
        reader.cancel()
        assert time.monotonic() - closed < 5
        assert "fell behind its keys" in server.read_log()
    finally:
        server.stop()


@pytest.mark.asyncio
async def test_a_program_past_its_memory_ceiling_ends_alone_and_says_so(data_dir):
    server = Server(data_dir / "data", "--session-memory", "20")  # below what a program needs
    try:
        conn, process = await ssh_guest(server.port)
        shown = bytearray()
        await asyncio.wait_for(drain(process, shown), 20)  # the program ends; the door says why
        conn.close()
        assert b"the game program stopped unexpectedly" in shown
        assert "session program" in server.read_log()  # what ended it (a MemoryError, or a thread it could not start)
        assert server.process.poll() is None  # the server goes on
    finally:
        server.stop()


def test_the_door_holds_a_bounded_queue_and_keeps_a_paste_s_end():
    async def scenario() -> None:
        read, write = os.pipe()
        os.set_blocking(write, False)
        fcntl.fcntl(write, F_SETPIPE_SZ, 4096)  # a terminal that takes 4 kB until it is read
        keys = KeyQueue(write, held_max=8192)
        keys.put(b"x" * 4096)  # taken by the terminal
        keys.put(b"y" * 8000)  # held
        keys.put(b"z" * 1000 + PASTE_END)  # dropped, but for the paste's end
        assert (bytes(keys.held), keys.dropped) == (b"y" * 8000 + PASTE_END, 1006)
        os.read(read, 65536)
        await asyncio.sleep(0.05)  # the terminal took more: the queue wrote on by itself
        assert len(keys.held) == 8006 - 4096
        keys.close()
        os.close(read)
        os.close(write)

    asyncio.run(scenario())
