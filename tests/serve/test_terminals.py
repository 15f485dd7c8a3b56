"""SSH sessions through asyncssh with a PTY, their screens read by a terminal emulator (pyte)."""

from __future__ import annotations

import asyncio
import re
import time

import asyncssh
import pyte
import pytest

pytestmark = pytest.mark.asyncio


class Screen:
    """One SSH session and the 100×30 screen it draws."""

    def __init__(self, process: asyncssh.SSHClientProcess, conn: asyncssh.SSHClientConnection):
        self.process, self.conn = process, conn
        self.screen = pyte.Screen(100, 30)
        self.stream = pyte.Stream(self.screen)
        self.text = ""

    @classmethod
    async def open(cls, port: int, user: str, key: asyncssh.SSHKey | None) -> Screen:
        conn = await asyncssh.connect(
            "127.0.0.1", port, username=user, known_hosts=None, client_keys=[key] if key else [], agent_path=None, kbdint_auth=True, password=""
        )
        process = await conn.create_process(term_type="xterm-256color", term_size=(100, 30), encoding="utf-8")
        return cls(process, conn)

    async def wait(self, pattern: str, timeout: float = 10.0) -> re.Match[str]:
        deadline = time.monotonic() + timeout
        while not (match := re.search(pattern, self.text)):
            if time.monotonic() > deadline:
                raise AssertionError(f"{pattern!r} never showed:\n" + "\n".join(self.screen.display))
            try:
                data = await asyncio.wait_for(self.process.stdout.read(65536), 0.5)
            except TimeoutError:
                continue
            self.stream.feed(data)
            self.text += data  # everything ever drawn, scrolled away or not
        return match

    def type(self, line: str) -> None:
        self.process.stdin.write(line + "\r")

    def close(self) -> None:
        self.conn.close()


async def test_a_player_and_a_spectator_each_see_what_they_may(server):
    ann_key = asyncssh.generate_private_key("ssh-ed25519")
    ann = await Screen.open(server.port, "ann", ann_key)
    sam = await Screen.open(server.port, "sam", None)
    try:
        await ann.wait(r"signed in with your key")
        await sam.wait(r"signed in with a guest")
        ann.type("new kobito open greedy")
        table = (await ann.wait(r"Table ([0-9a-f]{8}) created")).group(1)
        ann.type(f"join {table} 1")
        hand = (await ann.wait(r"ann drew ([^\n.]+)\.")).group(1)
        sam.type(f"watch {table}")
        await sam.wait(r"At table \w+, watching\.")
        await sam.wait(r"ann drew 5 cards\.")
        assert hand not in sam.text and "Your move" not in sam.text
        assert any("watching" in line for line in sam.screen.display)  # on the emulated screen, not only in the bytes
    finally:
        ann.close()
        sam.close()


async def test_connections_past_the_per_address_limit_are_closed(data_dir):
    from .helpers import Server

    server = Server(data_dir / "data", "--per-address", "2")
    screens = []
    try:
        for user in ("a", "b"):
            screens.append(await Screen.open(server.port, user, None))
            await screens[-1].wait("Welcome to kobito")
        with pytest.raises((asyncssh.Error, OSError)):
            await Screen.open(server.port, "c", None)
        screens.pop().close()
        await asyncio.sleep(0.3)
        screens.append(await Screen.open(server.port, "d", None))  # a place came free
        await screens[-1].wait("Welcome to kobito")
    finally:
        for screen in screens:
            screen.close()
        server.stop()
