"""`kobito bench serve`: a real hub process, 10 tables × 2 seats of protocol clients.

Each table's two clients play random legal moves as fast as they can, in a
thread per table; each submit is timed from the call to the moment both
seats' connections have decoded their update (every move is stored with
``synchronous=FULL`` first).  Moves/s counts every table together.
"""

from __future__ import annotations

import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from kobito_tui.serve.client import Connection, RemoteTable
from kobito_tui.table import Update

TABLES = 10
GAMES_PER_TABLE = 1


def run(args: Any) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="kbb", dir="/tmp"))
    if args.terminal:
        from kobito_tui.bench.serve_ssh import measure

        return measure(folder, args.game)
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
            "--bot-delay",
            "0",
        ],
        stdout=subprocess.PIPE,
        stderr=log,
        text=True,
    )
    try:
        for _ in range(2):
            server.stdout.readline()  # type: ignore[union-attr]
        socket_path = folder / "data" / "hub.sock"
        timings: list[list[float]] = [[] for _ in range(TABLES)]
        threads = [threading.Thread(target=_table, args=(socket_path, args.game, n, timings[n])) for n in range(TABLES)]
        started = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - started
    finally:
        server.terminate()
        server.wait(10)
        log.close()
        shutil.rmtree(folder, ignore_errors=True)
    every = sorted(t for table in timings for t in table)
    return {
        "game": args.game,
        "tables": TABLES,
        "moves": len(every),
        "seconds": round(elapsed, 2),
        "moves_per_s": round(len(every) / elapsed, 1),
        "median_ms": round(statistics.median(every), 2),
        "p95_ms": round(every[int(0.95 * (len(every) - 1))], 2),
        "max_ms": round(every[-1], 2),
    }


def _table(socket_path: Path, game: str, number: int, timings: list[float]) -> None:
    """Two clients play ``GAMES_PER_TABLE`` random games at a table of their own."""
    rng = random.Random(number)
    connections = [Connection(socket_path, "guest", f"P{number}-{seat}") for seat in range(2)]
    arrived: dict[int, list[float]] = {}

    def note(update: Update) -> None:
        arrived.setdefault(update.revision, []).append(time.perf_counter())

    for _ in range(GAMES_PER_TABLE):
        table = connections[0].create(game, ["open", "open"])
        assert isinstance(table, str)
        seats: list[RemoteTable] = []
        for seat, connection in enumerate(connections):
            remote = connection.join(table, seat)
            assert isinstance(remote, RemoteTable)
            seats.append(remote)
        for remote in seats:
            remote.wait_for(lambda u: True)
            remote.subscribe(remote.perspective, note)
        arrived.clear()
        while not seats[0].wait_for(lambda u: True).over:
            newest = max(r.revision for r in seats)
            acting = next(r for r in seats if r.wait_for(lambda u, n=newest: u.revision >= n).legal)
            update = acting.last
            assert update is not None
            started = time.perf_counter()
            refusal = acting.submit(acting.seat, rng.choice(update.legal), update.revision)  # type: ignore[arg-type]
            assert refusal is None, refusal
            for remote in seats:
                remote.wait_for(lambda u, r=update.revision: u.revision > r)
            timings.append((max(arrived[update.revision + 1]) - started) * 1000)
    for connection in connections:
        connection.close()


def report(result: dict[str, Any]) -> str:
    if "sessions" in result:
        from kobito_tui.bench.serve_ssh import report as ssh_report

        return ssh_report(result)
    return (
        f"kobito serve, {result['game']}: {result['tables']} tables × 2 seats of protocol clients, "
        f"{result['moves']} moves in {result['seconds']} s = {result['moves_per_s']} moves/s\n"
        f"submit → every seat updated: median {result['median_ms']} ms, p95 {result['p95_ms']} ms "
        f"(target ≤ 20), max {result['max_ms']} ms"
    )
