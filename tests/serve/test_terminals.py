"""SSH sessions through asyncssh with a PTY, each the Textual app, their screens read by a terminal emulator (pyte)."""

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
            "127.0.0.1",
            port,
            username=user,
            known_hosts=None,
            client_keys=[key] if key else [],
            agent_path=None,
            kbdint_auth=True,
            password="",
        )
        process = await conn.create_process(term_type="xterm-256color", term_size=(100, 30), encoding="utf-8")
        return cls(process, conn)

    async def wait(self, pattern: str, timeout: float = 20.0) -> re.Match[str]:
        deadline = time.monotonic() + timeout
        while not (match := re.search(pattern, self.shown())):
            if time.monotonic() > deadline:
                raise AssertionError(f"{pattern!r} never showed:\n" + self.shown())
            try:
                data = await asyncio.wait_for(self.process.stdout.read(65536), 0.5)
            except TimeoutError:
                continue
            self.stream.feed(data)
            self.text += data  # everything ever drawn, scrolled away or not
        return match

    def shown(self) -> str:
        return "\n".join(self.screen.display)

    def type(self, keys: str) -> None:
        self.process.stdin.write(keys)

    def close(self) -> None:
        self.conn.close()


async def test_hostile_names_reach_the_other_screen_as_plain_visible_text(server):
    ann = await Screen.open(server.port, "ann", asyncssh.generate_private_key("ssh-ed25519"))
    bob = await Screen.open(server.port, "[red]Bob[/red]", asyncssh.generate_private_key("ssh-ed25519"))
    eve = await Screen.open(server.port, "eve", None)
    try:
        await ann.wait(r"Kobito tables · you are ann")
        await bob.wait(r"you are \[red\]Bob\[/red\]")  # his user name, as it is
        await eve.wait(r"Your name at the tables")  # a guest is asked
        eve.type("eve[/]\r")  # (the name offered is replaced) a closing tag with nothing open: no markup parses it
        await eve.wait(r"you are eve\[/\]")
        for player in (bob, eve):
            player.type("n")
            await player.wait(r"New table")
            player.type("\x13")  # ctrl+s: seat 1 open (theirs), seat 2 a computer
        await ann.wait(r"\[red\]Bob\[/red\], computer")  # drawn as it is, not as markup
        await ann.wait(r"eve\[/\], computer")
        assert "\x1b[31m" not in ann.text  # no red: the name was never markup
    finally:
        for screen in (ann, bob, eve):
            screen.close()


async def test_a_spectator_sees_the_table_and_no_hand(server):
    ann = await Screen.open(server.port, "ann", asyncssh.generate_private_key("ssh-ed25519"))
    sam = await Screen.open(server.port, "sam", None)
    try:
        await ann.wait(r"Kobito tables · you are ann")
        ann.type("n")
        await ann.wait(r"New table")
        ann.type("\x13")  # ctrl+s: seat 1 open (hers), seat 2 a computer: the game begins
        hand = (await ann.wait(r"Hand ((?:\d+:\S+ ?)+)")).group(1).strip()
        await sam.wait(r"Your name at the tables")
        sam.type("\r")
        await sam.wait(r"ann, computer \(Medium\)")
        sam.type("w")
        await sam.wait(r"Computer 2 drew 5 cards")
        assert hand not in sam.text and "Hand 1:" not in sam.shown()  # her cards never reach his terminal
        assert re.search(r"ann\s+hand 5 ", sam.shown())  # only how many she holds
        assert "(you)" not in sam.shown()  # a spectator sits at no seat
        assert not any(word in sam.shown() for word in ("Undo", "Redo", "Hint", "Tips"))  # nor has a seat's keys
        assert "Undo" in ann.shown()
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
            await screens[-1].wait("Your name at the tables")
        with pytest.raises((asyncssh.Error, OSError)):
            await Screen.open(server.port, "c", None)
        screens.pop().close()
        await asyncio.sleep(0.3)
        screens.append(await Screen.open(server.port, "d", None))  # a place came free
        await screens[-1].wait("Your name at the tables")
    finally:
        for screen in screens:
            screen.close()
        server.stop()


@pytest.mark.parametrize("user", ["-h", "--socket=x"])
async def test_a_user_name_that_reads_as_an_option_is_only_a_name(server, user):
    """OpenSSH will not send such a name; other clients do. It reaches the app, never its argv."""
    player = await Screen.open(server.port, user, asyncssh.generate_private_key("ssh-ed25519"))
    try:
        await player.wait(r"Kobito tables · you are|Your name at the tables")
        assert "usage" not in player.text
    finally:
        player.close()


async def test_a_spectator_stays_past_the_idle_timeout_while_the_game_goes_on_and_an_idle_lobby_is_closed(data_dir):
    """Idle is no keys and nothing new on the screen: a live game shown is not idle, a still screen is."""
    from .helpers import Server

    server = Server(data_dir / "data", "--idle-timeout", "2", "--bot-delay", "0.4")
    server.connect("guest", "Host").create("kobito", ["easy", "easy"])  # computers only: it plays on by itself
    sam = await Screen.open(server.port, "sam", None)
    eve = await Screen.open(server.port, "eve", None)
    try:
        await sam.wait(r"Your name at the tables")
        sam.type("\r")
        await sam.wait(r"computer \(Easy\), computer \(Easy\)")
        sam.type("w")
        await sam.wait(r"Computer \d is thinking")
        watched = time.monotonic()
        await eve.wait(r"closed after being idle", timeout=10)  # left at the name prompt: nothing drawn, no blinking
        with pytest.raises(AssertionError):
            await sam.wait(r"closed after being idle", timeout=max(0.5, watched + 5 - time.monotonic()))
        assert sam.process.exit_status is None  # still in: the table kept drawing
    finally:
        sam.close()
        eve.close()
        server.stop()
