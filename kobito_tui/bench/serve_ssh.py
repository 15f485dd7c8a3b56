"""`kobito bench serve --terminal`: 20 real SSH sessions at 10 tables of a real server.

Each session comes in as a guest with a PTY, to the Textual app in remote
mode, and takes the name offered; the lobbies list ten tables.  Key →
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

from kobito_tui.serve.client import Connection

SESSIONS = 20
ROUNDS = 15


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _children(pid: int) -> list[int]:
    done = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True, check=False)
    return [int(p) for p in done.stdout.split()]


class Session:
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


async def _run(port: int, socket_path: Path, game: str) -> tuple[list[float], list[asyncssh.SSHClientConnection]]:
    async def open_session(n: int) -> Session:
        conn = await asyncssh.connect(
            "127.0.0.1", port, username=f"p{n}", known_hosts=None, client_keys=[], agent_path=None, kbdint_auth=True, password=""
        )
        connections.append(conn)
        process = await conn.create_process(term_type="xterm-256color", term_size=(100, 30))
        session = Session(process)
        await session.until("Your name at the tables", timeout=60)
        await session.ask("\r", "Kobito tables")  # the name offered (the user name)
        return session

    host = Connection(socket_path, "guest", "Host")
    for _ in range(SESSIONS // 2):  # a table for each pair: every lobby lists ten
        host.create(game, ["open", "open"])
    connections: list[asyncssh.SSHClientConnection] = []
    sessions = await asyncio.gather(*(open_session(n) for n in range(SESSIONS)))
    await asyncio.sleep(2)  # every app has settled (the last lobbies drawn)
    timings: list[float] = []

    async def keys(session: Session) -> None:
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
        [sys.executable, "-m", "kobito_tui.cli", "serve", "--data-dir", str(folder / "data"), "--ssh-port", "0", "--per-address", str(SESSIONS)],
        stdout=subprocess.PIPE,
        stderr=log,
        text=True,
    )
    try:
        port = int(server.stdout.readline().split()[4])  # type: ignore[union-attr]
        server.stdout.readline()  # type: ignore[union-attr]

        async def main() -> tuple[list[float], float, list[float]]:
            timings, connections = await _run(port, folder / "data" / "hub.sock", game)
            children = [c for pid in _children(server.pid) for c in [pid]]
            memory = _rss_mb(server.pid), [_rss_mb(pid) for pid in children]
            for conn in connections:
                conn.close()
            return timings, memory[0], memory[1]

        timings, server_mb, session_mb = asyncio.run(main())
    finally:
        server.terminate()
        server.wait(20)
        log.close()
        shutil.rmtree(folder, ignore_errors=True)
    timings.sort()
    return {
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
        f"kobito serve over SSH: {result['sessions']} sessions at {result['sessions'] // 2} tables, "
        f"{result['samples']} keys\n"
        f"key → screen at the client: median {result['median_ms']} ms, p95 {result['p95_ms']} ms (target ≤ 100)\n"
        f"memory: server {result['server_mb']} MB, each session's program median {result['session_mb_median']} MB, "
        f"max {result['session_mb_max']} MB ({result['session_processes']} processes; target ≤ 100)"
    )
