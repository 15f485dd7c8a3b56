"""`kobito bench serve --terminal`: real SSH sessions of a real server, from ``ssh`` to the lobby and in it.

To the lobby: from the connection to the lobby drawn at the client, one
player alone (the median of a few), then :data:`AT_ONCE` at once (each with a
key of its own: no name asked).  Then 20 sessions at 10 tables, each a guest
with a PTY that takes the name offered; the lobbies list ten tables.  Key →
screen: from a key (down or up: the lobby's cursor) to the first bytes of
the new screen back at the SSH client (the path of a key press: door,
pseudo-terminal, the app and back).  Memory: resident set of the server and
of each session's program.
"""

from __future__ import annotations

import asyncio
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import asyncssh

from kobito_tui.serve.client import HubConnection

SESSIONS = 20
ROUNDS = 15
ALONE = 3  # logins one after another
AT_ONCE = 30
LOBBY = "Kobito tables · you are"
BEFORE = {"lobby_alone_s": 3.0, "lobby_at_once_median_s": 13.0, "session_mb": 41.0}  # issue 21's figures, before


def _memory_mb(pid: int, field: str = "Rss") -> float:
    """A process's resident memory (``Rss``), or its share of the pages it shares (``Pss``)."""
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _children(pid: int) -> list[int]:
    done = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True, check=False)
    return [int(p) for p in done.stdout.split()]


def _programs(server_pid: int) -> list[int]:
    """Each session's program: forked by the server's session template."""
    return [program for template in _children(server_pid) for program in _children(template)]


class SshScreen:
    def __init__(self, process: asyncssh.SSHClientProcess[str]):
        self.process, self.screen = process, ""

    async def until(self, pattern: str, timeout: float = 20.0) -> re.Match[str]:
        deadline = time.monotonic() + timeout
        while not (match := re.search(pattern, self.screen)):
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{pattern!r} never came: {self.screen[-300:]!r}")
            self.screen += await asyncio.wait_for(self.process.stdout.read(65536), left)
        return match

    async def ask(self, keys: str, pattern: str) -> float:
        while True:  # what the last key drew, to its end: what comes next is this key's
            try:
                await asyncio.wait_for(self.process.stdout.read(65536), 0.03)
            except TimeoutError:
                break
        self.screen = ""
        started = time.perf_counter()
        self.process.stdin.write(keys)
        await self.until(pattern)
        return (time.perf_counter() - started) * 1000


async def _to_lobby(port: int, n: int) -> tuple[float, asyncssh.SSHClientConnection]:
    """Seconds from connecting to the lobby drawn, for a player with a key of their own."""
    key = asyncssh.generate_private_key("ssh-ed25519")  # the player's own, made before the clock starts
    started = time.perf_counter()
    conn = await asyncssh.connect("127.0.0.1", port, username=f"k{n}", known_hosts=None, agent_path=None, client_keys=[key])
    process = await conn.create_process(term_type="xterm-256color", term_size=(100, 30))
    await SshScreen(process).until(LOBBY, timeout=120)
    return time.perf_counter() - started, conn


async def _logins(port: int, server_pid: int) -> dict[str, Any]:
    alone = []
    for n in range(ALONE):
        seconds, conn = await _to_lobby(port, n)
        alone.append(seconds)
        conn.close()
        await asyncio.sleep(0.5)  # its program gone before the next
    logins = await asyncio.gather(*(_to_lobby(port, 100 + n) for n in range(AT_ONCE)))
    await asyncio.sleep(2)  # every lobby settled
    programs = _programs(server_pid)
    session_mb, session_pss = [_memory_mb(pid) for pid in programs], [_memory_mb(pid, "Pss") for pid in programs]
    for _, conn in logins:
        conn.close()
    at_once = sorted(seconds for seconds, _ in logins)
    return {
        "lobby_alone_s": round(statistics.median(alone), 2),
        "lobby_at_once_median_s": round(statistics.median(at_once), 2),
        "lobby_at_once_p95_s": round(at_once[int(0.95 * (len(at_once) - 1))], 2),
        "lobby_session_mb_median": round(statistics.median(session_mb), 1) if session_mb else None,
        "lobby_session_mb_max": round(max(session_mb), 1) if session_mb else None,
        "lobby_session_pss_mb_median": round(statistics.median(session_pss), 1) if session_pss else None,
        "template_mb": round(sum(_memory_mb(pid) for pid in _children(server_pid)), 1),
    }


async def _run(port: int, socket_path: Path, game: str) -> tuple[list[float], list[asyncssh.SSHClientConnection]]:
    async def open_session(n: int) -> SshScreen:
        conn = await asyncssh.connect(
            "127.0.0.1", port, username=f"p{n}", known_hosts=None, client_keys=[], agent_path=None, kbdint_auth=True, password=""
        )
        connections.append(conn)
        process = await conn.create_process(term_type="xterm-256color", term_size=(100, 30))
        session = SshScreen(process)
        await session.until("Your name at the tables", timeout=60)
        await session.ask("\r", "Kobito tables")  # the name offered (the user name)
        return session

    host = HubConnection(socket_path, "guest", "Host")
    for _ in range(SESSIONS // 2):  # a table for each pair: every lobby lists ten
        host.create(game, ["open", "open"])
    connections: list[asyncssh.SSHClientConnection] = []
    sessions = await asyncio.gather(*(open_session(n) for n in range(SESSIONS)))
    await asyncio.sleep(2)  # every app has settled (the last lobbies drawn)
    timings: list[float] = []

    async def keys(session: SshScreen) -> None:
        for _ in range(ROUNDS):
            for key in ("\x1b[B", "\x1b[A"):  # down, up: the lobby's cursor moves a row
                timings.append(await session.ask(key, r"\S"))  # the first bytes of the new screen
                await asyncio.sleep(0.05)

    host.close()

    await asyncio.gather(*(keys(s) for s in sessions))
    return timings, connections


def measure(folder: Path, game: str) -> dict[str, Any]:
    log = open(folder / "server.log", "w")  # noqa: SIM115 - the server writes it until the end
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
            "--per-address",
            str(AT_ONCE),
            "--startups-per-address",
            str(AT_ONCE),
            "--max-startups",
            str(AT_ONCE + 1),
        ],  # fmt: skip  # a table: one row a line
        stdout=subprocess.PIPE,
        stderr=log,
        text=True,
    )
    try:
        assert server.stdout is not None  # stdout=PIPE
        port = int(server.stdout.readline().split()[4])
        server.stdout.readline()

        async def main() -> tuple[dict[str, Any], list[float], float, list[float]]:
            logins = await _logins(port, server.pid)
            await asyncio.sleep(1)  # the login sessions' programs gone
            timings, connections = await _run(port, folder / "data" / "hub.sock", game)
            memory = _memory_mb(server.pid), [_memory_mb(pid) for pid in _programs(server.pid)]
            for conn in connections:
                conn.close()
            return logins, timings, memory[0], memory[1]

        logins, timings, server_mb, session_mb = asyncio.run(main())
    finally:
        server.terminate()
        server.wait(20)
        log.close()
        shutil.rmtree(folder, ignore_errors=True)
    timings.sort()
    return {
        **logins,
        "game": game,
        "sessions": SESSIONS,
        "samples": len(timings),
        "median_ms": round(statistics.median(timings), 1),
        "p95_ms": round(timings[int(0.95 * (len(timings) - 1))], 1),
        "server_mb": round(server_mb, 1),
        "session_mb_median": round(statistics.median(session_mb), 1) if session_mb else None,
        "session_mb_max": round(max(session_mb), 1) if session_mb else None,
        "session_processes": len(session_mb),
    }


def report(result: dict[str, Any]) -> str:
    return (
        f"ssh → lobby drawn: alone {result['lobby_alone_s']} s (before {BEFORE['lobby_alone_s']} s; target ≤ 1), "
        f"{AT_ONCE} at once median {result['lobby_at_once_median_s']} s (before {BEFORE['lobby_at_once_median_s']} s), "
        f"p95 {result['lobby_at_once_p95_s']} s (target ≤ 5)\n"
        f"each lobby's program: resident median {result['lobby_session_mb_median']} MB, max {result['lobby_session_mb_max']} MB "
        f"(before {BEFORE['session_mb']} MB; target ≤ 35), its own share (PSS) {result['lobby_session_pss_mb_median']} MB; "
        f"the session template {result['template_mb']} MB once\n"
        f"kobito serve over SSH: {result['sessions']} sessions at {result['sessions'] // 2} tables, "
        f"{result['samples']} keys\n"
        f"key → screen at the client: median {result['median_ms']} ms, p95 {result['p95_ms']} ms (target ≤ 100)\n"
        f"memory: server {result['server_mb']} MB, each session's program median {result['session_mb_median']} MB, "
        f"max {result['session_mb_max']} MB ({result['session_processes']} processes; target ≤ 100)"
    )
