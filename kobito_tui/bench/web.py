"""`kobito bench web`: the web door in Debian's Chromium beside the SSH door in OpenSSH, one server, one run.

First screen: from asking for the page (or starting ``ssh``) to the name
prompt drawn, :data:`ALONE` times each.  At once: :data:`AT_ONCE` tabs, each
a browser context of its own, opened together, each answering its name
prompt; all must reach the lobby (seconds until the last did), and each tab's
program's resident memory is read there.

Key → screen: one tab and one SSH session in a lobby of ten tables, both of
the page's size (the same app, the same key, the same screen change), the
cursor moved down and up (:data:`ROUNDS` keys each, the doors by turns, each
first as often, so load on the machine hits both alike), each to its whole
new screen.  In the page: from the key going down to the animation frame
that drew the last frame of the key's burst, by xterm.js's write callback
(:mod:`kobito_tui.bench.webpage`; the key released only after, as a
player's is), and to that frame rendered by the browser beside.  Over SSH:
from writing the key to ``ssh``'s terminal to the last byte of the burst
back (no terminal parses or paints there: that side is not charged for
it).  Their ratio of medians is the web door's cost (target ≤ 1.5).  Beside
it, like for like with the SSH side's bytes, key → the last frame parsed
into xterm.js's buffer (drawn by no one yet), and the first frame / first
bytes, each with its ratio; and the same key sent by the page itself, no
driver's input running beside the round trip (a lower bound: the
browser's own handling of a real key is skipped too).
A third session, the web door to a websocket client of ours
(:class:`RawWebSocket`, no browser), takes its turns too: key → its last
frame, the door's own part, apart from the browser's.
The browser, its driver and the server share this machine's cores: what
the page does for a key (some 15 ms of CPU across Chromium's processes, on
two cores) slows the server's program too, which a player's own browser
would not.  Last, the tab sits at a table against a computer: its program's
memory in a game.

Needs Chromium (/usr/bin/chromium), Playwright (the test extras) and ``ssh``.
"""

from __future__ import annotations

import asyncio
import fcntl
import json
import os
import re
import select
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

import aiohttp

from kobito_tui.bench.serve_ssh import _memory_mb, _programs
from kobito_tui.bench.ui import percentile
from kobito_tui.bench.webpage import CHROMIUM, FIRST_S, QUIET_MS, KeyTiming, WebTerminal, launch
from kobito_tui.serve.client import HubConnection

ALONE = 3
AT_ONCE = 10
ROUNDS = 60
NAME_PROMPT = "Your name at the tables"
LOBBY = "Kobito tables · you are"
SSH = ["ssh", "-F", "/dev/null", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR"]
TARGET_RATIO = 1.5


class SshTerminal:
    """OpenSSH as a guest on a pseudo-terminal of ours (``size``: columns, rows); its output as text (enough for a few words)."""

    def __init__(self, port: int, user: str, size: tuple[int, int] = (100, 30)) -> None:
        command = [*SSH, "-tt", "-p", str(port), "-o", "PubkeyAuthentication=no", f"{user}@127.0.0.1"]
        self.pid, self.fd = os.forkpty()
        if self.pid == 0:
            os.environ["TERM"] = "xterm-256color"
            os.execvp("ssh", command)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
        self.output = ""

    def _read(self, timeout: float) -> bool:
        if not select.select([self.fd], [], [], timeout)[0]:
            return False
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            data = b""
        if not data:
            raise RuntimeError(f"ssh ended: {self.output[-300:]!r}")
        self.output += data.decode("utf-8", "replace")
        return True

    def until(self, pattern: str, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while not re.search(pattern, self.output):
            if time.monotonic() > deadline:
                raise TimeoutError(f"{pattern!r} never came over SSH: {self.output[-300:]!r}")
            self._read(0.1)

    def key_timing(self, key: bytes) -> tuple[float, float]:
        """Milliseconds from writing ``key`` to the first bytes back, and to the last of its burst
        (until :data:`~kobito_tui.bench.webpage.QUIET_MS` pass without any)."""
        while self._read(QUIET_MS / 1000):  # the last key's screen, to its end
            pass
        started = time.perf_counter()
        os.write(self.fd, key)
        if not self._read(FIRST_S):
            raise TimeoutError(f"no answer over SSH to {key!r}")
        first = last = time.perf_counter()
        while self._read(QUIET_MS / 1000):
            last = time.perf_counter()
        return (first - started) * 1000, (last - started) * 1000

    def close(self) -> None:
        try:
            os.kill(self.pid, 9)
            os.waitpid(self.pid, 0)
        finally:
            os.close(self.fd)


T = TypeVar("T")


class RawWebSocket:
    """The web door with no browser: a websocket client of ours (aiohttp, on a loop in a thread of its own)
    as the page would be, so that the door's own part of key → screen is seen apart from the browser's."""

    def __init__(self, base: str, size: tuple[int, int]) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name="raw-websocket", daemon=True)
        self._thread.start()
        self.text = ""  # all it was sent, as text (enough for a few words)
        self.arrived: list[float] = []  # each binary frame's arrival (perf_counter)
        self.sent = 0.0  # when the last keys went
        self._frame = threading.Event()
        self._call(self._open(base, size))

    def _call(self, coroutine: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(60)

    async def _open(self, base: str, size: tuple[int, int]) -> None:
        self.session = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))  # (a cookie for 127.0.0.1)
        async with self.session.get(base + "/") as page:  # the session cookie, as the page gets it
            await page.read()
        url = f"{base.replace('http', 'ws', 1)}/ws?width={size[0]}&height={size[1]}"
        self.ws = await self.session.ws_connect(url, headers={"Origin": base})
        self._reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        async for message in self.ws:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.arrived.append(time.perf_counter())
                self.text += message.data.decode("utf-8", "replace")
                self._frame.set()

    async def _send(self, keys: str) -> None:
        self.sent = time.perf_counter()
        await self.ws.send_str(json.dumps(["stdin", keys]))

    def send(self, keys: str) -> None:
        self._call(self._send(keys))

    def until(self, pattern: str, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while not re.search(pattern, self.text):
            if time.monotonic() > deadline:
                raise TimeoutError(f"{pattern!r} never came over the raw websocket: {self.text[-300:]!r}")
            self._frame.wait(0.1)
            self._frame.clear()

    def _quiet(self) -> None:
        """Until :data:`~kobito_tui.bench.webpage.QUIET_MS` pass without a frame."""
        while True:
            self._frame.clear()
            if not self._frame.wait(QUIET_MS / 1000):
                return

    def key_timing(self, keys: str) -> tuple[float, float]:
        """Milliseconds from sending ``keys`` to the first frame back, and to the last of its burst."""
        self._quiet()  # the last key's screen, to its end
        count = len(self.arrived)
        self.send(keys)
        deadline = time.monotonic() + FIRST_S
        while len(self.arrived) == count:
            if time.monotonic() > deadline:
                raise TimeoutError(f"no answer over the raw websocket to {keys!r}")
            self._frame.wait(0.1)
        self._quiet()
        return (self.arrived[count] - self.sent) * 1000, (self.arrived[-1] - self.sent) * 1000

    def close(self) -> None:
        async def closing() -> None:
            self._reader.cancel()
            await self.ws.close()
            await self.session.close()

        try:
            self._call(closing())
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join(5)


def _server(folder: Path) -> tuple[subprocess.Popen[str], int, str]:
    """``kobito serve`` with both doors on free ports: the process, the SSH port, the page's address."""
    log = open(folder / "server.log", "w")  # noqa: SIM115 - the server writes it until the end
    caps = [str(AT_ONCE * 3)]
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "kobito_tui.cli",
            "serve",
            "--data-dir",
            str(folder / "data"),
            "--ssh-port",
            "0",
            "--open-socket",
            "--web-port",
            "0",
            "--per-address",
            *caps,
            "--startups-per-address",
            *caps,
            "--max-startups",
            caps[0],
        ],  # fmt: skip  # a table: one row a line
        stdout=subprocess.PIPE,
        stderr=log,
        text=True,
    )
    lines = [server.stdout.readline() for _ in range(3)]  # type: ignore[union-attr]  # stdout=PIPE above: never None
    if not lines[2].startswith("kobito serve: web "):
        server.kill()
        raise RuntimeError(f"kobito serve did not start its web door: {lines} {(folder / 'server.log').read_text()[-500:]}")
    return server, int(lines[0].split()[4]), lines[2].split()[3].rstrip("/")


def _first_screens(browser: Any, base: str, port: int) -> tuple[list[float], list[float]]:
    web, ssh = [], []
    for n in range(ALONE):
        context = browser.new_context(viewport={"width": 1280, "height": 720})
        started = time.perf_counter()
        tab = WebTerminal(context, base).open()
        tab.wait(NAME_PROMPT, timeout=60)
        web.append(time.perf_counter() - started)
        size = (tab.screen.columns, tab.screen.lines)
        context.close()
        started = time.perf_counter()
        terminal = SshTerminal(port, f"first{n}", size)
        terminal.until(NAME_PROMPT)
        ssh.append(time.perf_counter() - started)
        terminal.close()
        time.sleep(0.5)  # their programs gone before the next
    return web, ssh


def _at_once(browser: Any, base: str, server_pid: int) -> dict[str, Any]:
    contexts = [browser.new_context(viewport={"width": 1280, "height": 720}) for _ in range(AT_ONCE)]
    started = time.perf_counter()
    tabs = [WebTerminal(context, base, emulate=False).open(wait=False) for context in contexts]
    opened = time.perf_counter() - started  # every page asked for
    reached: dict[int, float] = {}
    named: set[int] = set()
    deadline = time.monotonic() + 120
    while len(reached) < AT_ONCE and time.monotonic() < deadline:
        for n, tab in enumerate(tabs):
            shown = tab.shown()
            if n not in named and NAME_PROMPT in shown:
                tab.focus()
                tab.type(f"Tab{n}")
                tab.press("Enter")
                named.add(n)
            elif n not in reached and LOBBY in shown:
                reached[n] = time.perf_counter() - started
        tabs[0].page.wait_for_timeout(20)
    time.sleep(1)  # every lobby settled
    memory = [_memory_mb(pid) for pid in _programs(server_pid)]
    outside = sorted({url for tab in tabs for url in tab.outside()})
    for context in contexts:
        context.close()
    return {
        "tabs": AT_ONCE,
        "tabs_in_lobby": len(reached),
        "all_in_lobby_s": round(max(reached.values()), 2) if reached else None,
        "in_lobby_median_s": round(statistics.median(reached.values()), 2) if reached else None,
        "opened_s": round(opened, 2),
        "lobby_tab_mb_median": round(statistics.median(memory), 1) if memory else None,
        "lobby_tab_mb_max": round(max(memory), 1) if memory else None,
        "requests_elsewhere": outside,
    }


def _keys(browser: Any, base: str, port: int, socket_path: Path, server_pid: int) -> dict[str, Any]:
    host = HubConnection(socket_path, "guest", "Host")
    for _ in range(10):  # a lobby of ten tables: the cursor has rows to move over
        host.create("kobito", ["open", "open"])
    host.close()
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    tab = WebTerminal(context, base).open()
    tab.name("Keys")
    size = (tab.screen.columns, tab.screen.lines)  # the same screen change both ways: the page's size over SSH too
    terminal = SshTerminal(port, "keys", size)
    raw = RawWebSocket(base, size)
    web: list[KeyTiming] = []
    dispatched: list[KeyTiming] = []
    ssh: list[tuple[float, float]] = []
    bare: list[tuple[float, float]] = []
    try:
        terminal.until(NAME_PROMPT)
        os.write(terminal.fd, b"\r")
        raw.until(NAME_PROMPT)
        raw.send("Raw\r")
        terminal.until(LOBBY)
        raw.until(LOBBY)
        tab.page.wait_for_timeout(1500)  # the lobbies settled
        tab.hold()  # (our emulator of the page's screen waits: the SSH side has none)
        doors = ("web", "ssh", "raw", "dispatched")
        for n in range(ROUNDS):
            for door in doors[n % len(doors) :] + doors[: n % len(doors)]:  # each first as often
                if door == "web":
                    web.append(tab.timed_key(("ArrowDown", "ArrowUp")[n % 2]))  # (it waits out the key's whole burst)
                elif door == "dispatched":
                    dispatched.append(tab.dispatched_key_timing(("ArrowDown", "ArrowUp")[n % 2]))
                elif door == "ssh":
                    ssh.append(terminal.key_timing((b"\x1b[B", b"\x1b[A")[n % 2]))
                else:
                    bare.append(raw.key_timing(("\x1b[B", "\x1b[A")[n % 2]))
        tab.release()
        terminal.close()
        raw.close()
        time.sleep(0.5)
        tab.press("n")
        tab.wait("New table")
        tab.press("Control+s")  # seat 1 the tab's, seat 2 a computer: a game
        tab.wait(r"Hand \d+:")
        tab.page.wait_for_timeout(1000)
        game_mb = [_memory_mb(pid) for pid in _programs(server_pid)]
    finally:
        context.close()
    web_first, web_painted = [key.first for key in web], [key.painted for key in web]
    in_page = [key.painted - key.last for key in web]
    web_parsed, web_rendered = [key.parsed for key in web], [key.rendered for key in web]
    dispatched_painted = [key.painted for key in dispatched]
    ssh_first, ssh_screen = [first for first, _ in ssh], [last for _, last in ssh]
    return {
        "key_samples": ROUNDS,
        "screen": f"{size[0]}×{size[1]}",
        "web_key_first_frame_ms_median": round(statistics.median(web_first), 1),
        "web_key_painted_ms_median": round(statistics.median(web_painted), 1),
        "web_key_painted_ms_p95": round(percentile(web_painted, 0.95), 1),
        "web_key_in_page_ms_median": round(statistics.median(in_page), 1),
        "web_key_parsed_ms_median": round(statistics.median(web_parsed), 1),
        "web_key_parsed_ms_p95": round(percentile(web_parsed, 0.95), 1),
        "web_key_dispatched_painted_ms_median": round(statistics.median(dispatched_painted), 1),
        "web_key_dispatched_painted_ms_p95": round(percentile(dispatched_painted, 0.95), 1),
        "web_key_rendered_ms_median": round(statistics.median(web_rendered), 1),
        "web_key_rendered_ms_p95": round(percentile(web_rendered, 0.95), 1),
        "ssh_key_first_bytes_ms_median": round(statistics.median(ssh_first), 1),
        "ssh_key_screen_ms_median": round(statistics.median(ssh_screen), 1),
        "ssh_key_screen_ms_p95": round(percentile(ssh_screen, 0.95), 1),
        "ratio": round(statistics.median(web_painted) / statistics.median(ssh_screen), 2),
        "first_ratio": round(statistics.median(web_first) / statistics.median(ssh_first), 2),
        "rendered_ratio": round(statistics.median(web_rendered) / statistics.median(ssh_screen), 2),
        "parsed_ratio": round(statistics.median(web_parsed) / statistics.median(ssh_screen), 2),
        "dispatched_ratio": round(statistics.median(dispatched_painted) / statistics.median(ssh_screen), 2),
        "raw_key_screen_ms_median": round(statistics.median(last for _, last in bare), 1),
        "raw_key_screen_ms_p95": round(percentile([last for _, last in bare], 0.95), 1),
        "game_tab_mb": round(max(game_mb), 1) if game_mb else None,
    }


def run(args: Any) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright  # a test dependency: only this bench needs it

    if not Path(CHROMIUM).exists() or shutil.which("ssh") is None:
        raise SystemExit(f"kobito bench web needs Chromium at {CHROMIUM} and OpenSSH's ssh")
    folder = Path(tempfile.mkdtemp(prefix="kbw", dir="/tmp"))
    server, port, base = _server(folder)
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            try:
                web_first, ssh_first = _first_screens(browser, base, port)
                at_once = _at_once(browser, base, server.pid)
                time.sleep(1)  # their programs gone
                keys = _keys(browser, base, port, folder / "data" / "hub.sock", server.pid)
            finally:
                browser.close()
    finally:
        server.terminate()
        server.wait(20)
        shutil.rmtree(folder, ignore_errors=True)
    return {
        "web_first_screen_s": round(statistics.median(web_first), 2),
        "ssh_first_screen_s": round(statistics.median(ssh_first), 2),
        **at_once,
        **keys,
    }


def report(result: dict[str, Any]) -> str:
    return "\n".join(
        [
            f"web door (Chromium) beside the SSH door (OpenSSH), one server, {result['key_samples']} keys each in a lobby of 10 tables, "
            f"both {result['screen']}",
            f"  key → painted in the page  median {result['web_key_painted_ms_median']} ms, p95 {result['web_key_painted_ms_p95']} ms "
            f"(its first frame in {result['web_key_first_frame_ms_median']} ms; last frame → painted {result['web_key_in_page_ms_median']} ms)",
            f"  key → in xterm's buffer    median {result['web_key_parsed_ms_median']} ms, p95 {result['web_key_parsed_ms_p95']} ms "
            "(its bytes parsed into the terminal, not yet drawn: like for like with the SSH side's bytes)",
            f"  … that frame rendered      median {result['web_key_rendered_ms_median']} ms, p95 {result['web_key_rendered_ms_p95']} ms "
            "(the browser's own style, layout and paint after xterm.js drew)",
            f"  key → screen over SSH      median {result['ssh_key_screen_ms_median']} ms, p95 {result['ssh_key_screen_ms_p95']} ms "
            f"(its first bytes in {result['ssh_key_first_bytes_ms_median']} ms)",
            f"  key → frames, no browser   median {result['raw_key_screen_ms_median']} ms, p95 {result['raw_key_screen_ms_p95']} ms "
            "(the web door to a websocket client of ours: the door's own part)",
            f"  key sent by the page       painted median {result['web_key_dispatched_painted_ms_median']} ms, "
            f"p95 {result['web_key_dispatched_painted_ms_p95']} ms (no driver's input beside it: a lower bound)",
            f"  ratio of the medians       {result['ratio']}  (target ≤ {TARGET_RATIO}); of the first frame / bytes {result['first_ratio']}; "
            f"in the buffer / screen {result['parsed_ratio']}; rendered / screen {result['rendered_ratio']}; "
            f"sent by the page / screen {result['dispatched_ratio']}",
            f"  first screen               page {result['web_first_screen_s']} s, ssh {result['ssh_first_screen_s']} s",
            f"  {result['tabs']} tabs at once          {result['tabs_in_lobby']} reached the lobby, median {result['in_lobby_median_s']} s, "
            f"the last after {result['all_in_lobby_s']} s (all asked for within {result['opened_s']} s)",
            f"  memory per tab (RSS)       lobby median {result['lobby_tab_mb_median']} MB, max {result['lobby_tab_mb_max']} MB; "
            f"in a game {result['game_tab_mb']} MB",
            f"  requests to other hosts    {len(result['requests_elsewhere'])}",
        ]
    )
