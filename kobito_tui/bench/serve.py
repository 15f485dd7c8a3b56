"""`kobito bench serve`: a real hub process, 10 tables × 2 seats of protocol clients.

Each table's two clients play random legal moves as fast as they can, in a
thread per table; each submit is timed from the call to the moment both
seats' connections have decoded their update (every move is stored with
``synchronous=FULL`` first).  Moves/s counts every table together.

``--database URL --servers N``: N hub processes on that PostgreSQL database, each
table's seats on two of them (created on one, joined from the next), so every move
goes through the owner and the bus; beside it, the one-server SQLite figure of the
same run.

``--abuse``: :data:`PROBES` such tables play :data:`PROBE_MOVES` moves each in
quiet, then again while another program abuses the server: one client holds
`?` on its turn (a burst of 200 hint requests, then one per key repeat) and
another runs :data:`COMPUTER_TABLES` tables of four Hard computers.  Both
p95s come from the one run, with the server's threads and thinking processes
at their most.
"""

from __future__ import annotations

import multiprocessing
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from functools import partial
from pathlib import Path
from typing import Any

from kobito_tui.bench.serve_ssh import measure
from kobito_tui.bench.serve_ssh import report as ssh_report
from kobito_tui.serve.client import HubConnection, RemoteTable
from kobito_tui.table import Update

TABLES = 10
GAMES_PER_TABLE = 1
PROBES = 3  # tables of people timed with --abuse, quiet and abused
PROBE_MOVES = 400  # moves each probe table makes per phase
COMPUTER_TABLES = 12  # all-computer tables of Hard computers the abuser runs
SETTLE_S = 2.0  # the abuse goes on this long before the probes play
HINT_BURST, KEY_REPEAT_S = 200, 0.03  # holding `?`: a burst of requests, then one per key repeat


def _server(folder: Path, *extra: str) -> tuple[subprocess.Popen[str], Path]:
    """A `kobito serve` process with its data in ``folder``, once it listens; its hub's socket."""
    log = open(folder.with_suffix(".log"), "w")  # noqa: SIM115 - the server writes it until the end; closed with it
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "kobito_tui.cli",
            "serve",
            "--data-dir",
            str(folder),
            "--ssh-port",
            "0",
            "--bot-delay",
            "0",
            "--open-socket",
            *extra,
        ],
        stdout=subprocess.PIPE,
        stderr=log,
        text=True,
    )
    log.close()
    for _ in range(2):
        server.stdout.readline()  # type: ignore[union-attr]  # stdout=PIPE: never None
    return server, folder / "hub.sock"


def _stop(servers: list[subprocess.Popen[str]]) -> None:
    for server in servers:
        server.terminate()
    for server in servers:
        server.wait(10)
        server.stdout.close()  # type: ignore[union-attr]  # stdout=PIPE: never None


def run(args: Any) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="kbb", dir="/tmp"))
    if args.terminal:
        return measure(folder, args.game)
    caps = ["--computer-tables", str(COMPUTER_TABLES), "--computer-tables-per-address", str(COMPUTER_TABLES)]
    servers: list[subprocess.Popen[str]] = []
    try:
        server, socket_path = _server(folder / "data", *(caps if args.abuse else []))
        servers.append(server)
        if args.abuse:
            return _abused(socket_path, args.game, server.pid)
        timings, elapsed = _play([socket_path], args.game, TABLES, None)
        one = {"game": args.game, "tables": TABLES, "seconds": round(elapsed, 2), **_figures(timings, elapsed)}
        if not args.database:
            return one
        _stop(servers)
        servers = []
        sockets = []
        for n in range(max(2, args.servers)):
            server, socket_path = _server(folder / f"data{n}", "--database", args.database)
            servers.append(server)
            sockets.append(socket_path)
        timings, elapsed = _play(sockets, args.game, TABLES, None)
        several = {"servers": len(sockets), "seconds": round(elapsed, 2), **_figures(timings, elapsed)}
        return {**one, "postgresql": several}  # the one-server SQLite figure beside it
    finally:
        _stop(servers)
        shutil.rmtree(folder, ignore_errors=True)


def _figures(timings: list[float], elapsed: float) -> dict[str, Any]:
    every = sorted(timings)
    return {
        "moves": len(every),
        "moves_per_s": round(len(every) / elapsed, 1),
        "median_ms": round(statistics.median(every), 2),
        "p95_ms": round(every[int(0.95 * (len(every) - 1))], 2),
        "max_ms": round(every[-1], 2),
    }


def _play(sockets: list[Path], game: str, tables: int, moves: int | None) -> tuple[list[float], float]:
    """``tables`` pairs of clients play at once (``moves`` each, or a whole game); the timings and the seconds.
    With several hubs' ``sockets``, table n is made on hub n and its second seat joined from the next."""
    timings: list[list[float]] = [[] for _ in range(tables)]
    pairs = [[sockets[n % len(sockets)], sockets[(n + 1) % len(sockets)]] for n in range(tables)]
    threads = [threading.Thread(target=_table, args=(pairs[n], game, n, timings[n], moves)) for n in range(tables)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return [t for table in timings for t in table], time.perf_counter() - started


def _abused(socket_path: Path, game: str, server: int) -> dict[str, Any]:
    """The probe tables in quiet, then while an abuser runs in a program of its own."""
    quiet, quiet_s = _play([socket_path], game, PROBES, PROBE_MOVES)
    context = multiprocessing.get_context("spawn")
    ready, stop = context.Event(), context.Event()
    abuser = context.Process(target=_abuse, args=(socket_path, game, ready, stop), daemon=True)
    abuser.start()
    try:
        if not ready.wait(60):
            raise RuntimeError("the abuser did not get going")
        time.sleep(SETTLE_S)
        peak = _Peak(server)
        abused, abused_s = _play([socket_path], game, PROBES, PROBE_MOVES)
        peak.stop()
    finally:
        stop.set()
        abuser.join(30)
    return {
        "game": game,
        "probes": PROBES,
        "computer_tables": COMPUTER_TABLES,
        "quiet": _figures(quiet, quiet_s),
        "abused": _figures(abused, abused_s),
        "server_threads": peak.threads,
        "child_processes": peak.children,
    }


class _Peak:
    """The most threads the server process had, and the most child processes, sampled until :meth:`stop`."""

    def __init__(self, pid: int):
        self.pid, self.threads, self.children = pid, 0, 0
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._thread.start()

    def _sample(self) -> None:
        while not self._done.wait(0.05):
            status = Path(f"/proc/{self.pid}/status").read_text()
            self.threads = max(self.threads, int(status.split("Threads:")[1].split()[0]))
            tasks = Path(f"/proc/{self.pid}/task").glob("*/children")  # each thread's own children
            self.children = max(self.children, sum(len(task.read_text().split()) for task in tasks))

    def stop(self) -> None:
        self._done.set()
        self._thread.join()


def _abuse(socket_path: Path, game: str, ready: Any, stop: Any) -> None:
    """In a program of its own: tables of Hard computers, and `?` held on a turn, until ``stop``."""
    owner = HubConnection(socket_path, "guest", "Abuser", address="192.0.2.66")
    for _ in range(COMPUTER_TABLES):
        created = owner.create(game, ["hard"] * 4)
        assert isinstance(created, str), created
    holder = HubConnection(socket_path, "guest", "Holder", address="192.0.2.66")
    table = holder.create(game, ["open", "hard"])
    assert isinstance(table, str), table
    remote = holder.join(table, 0)
    assert isinstance(remote, RemoteTable), remote
    remote.wait_for(lambda u: bool(u.legal))  # its turn: hold `?` (it never moves)
    for _ in range(HINT_BURST):
        remote.hint(0)
    ready.set()
    while not stop.wait(KEY_REPEAT_S):
        remote.hint(0)
    owner.close()
    holder.close()


def _at_least(revision: int, update: Update) -> bool:
    return update.revision >= revision


def _table(sockets: list[Path], game: str, number: int, timings: list[float], moves: int | None = None) -> None:
    """Two clients (on the hubs of ``sockets``) play ``GAMES_PER_TABLE`` random games at a table of their own
    (or ``moves`` moves, in as many games as that takes)."""
    rng = random.Random(number)
    connections = [HubConnection(path, "guest", f"P{number}-{seat}") for seat, path in enumerate(sockets)]
    arrived: dict[int, list[float]] = {}

    def note(update: Update) -> None:
        arrived.setdefault(update.revision, []).append(time.perf_counter())

    games = 0
    while (games < GAMES_PER_TABLE) if moves is None else (len(timings) < moves):
        games += 1
        table = connections[0].create(game, ["open", "open"])
        assert isinstance(table, str)
        heard_by = time.monotonic() + 10
        while table not in connections[1].tables and time.monotonic() < heard_by:  # another hub's lobby hears of it
            time.sleep(0.002)
        seats: list[RemoteTable] = []
        for seat, connection in enumerate(connections):
            remote = connection.join(table, seat)
            assert isinstance(remote, RemoteTable)
            seats.append(remote)
        for remote in seats:
            remote.wait_for(lambda u: True)
            remote.subscribe(remote.perspective, note)
        arrived.clear()
        while not seats[0].wait_for(lambda u: True).over and (moves is None or len(timings) < moves):
            newest = max(r.revision for r in seats)
            acting = next(r for r in seats if r.wait_for(partial(_at_least, newest)).legal)
            update = acting.last
            assert update is not None
            started = time.perf_counter()
            refusal = acting.submit(acting.seat, rng.choice(update.legal), update.revision)  # type: ignore[arg-type]  # these remotes are seated: a seat number, never None
            assert refusal is None, refusal
            for remote in seats:
                remote.wait_for(partial(_at_least, update.revision + 1))
            timings.append((max(arrived[update.revision + 1]) - started) * 1000)
    for connection in connections:
        connection.close()


def report(result: dict[str, Any]) -> str:
    if "sessions" in result:
        return ssh_report(result)
    if "abused" in result:
        quiet, abused = result["quiet"], result["abused"]
        return (
            f"kobito serve, {result['game']}: {result['probes']} probe tables × 2 seats, {quiet['moves']} moves quiet, "
            f"{abused['moves']} while one client holds ? and another runs {result['computer_tables']} tables of 4 Hard computers\n"
            f"submit → every seat updated, quiet: median {quiet['median_ms']} ms, p95 {quiet['p95_ms']} ms, max {quiet['max_ms']} ms\n"
            f"submit → every seat updated, abused: median {abused['median_ms']} ms, p95 {abused['p95_ms']} ms "
            f"(target ≤ 50), max {abused['max_ms']} ms\n"
            f"server at most: {result['server_threads']} threads, {result['child_processes']} child processes "
            "(the thinkers and multiprocessing's resource tracker)"
        )
    several = ""
    if "postgresql" in result:
        pg = result["postgresql"]
        several = (
            f"\n{pg['servers']} servers on PostgreSQL, each table's seats on two of them: {pg['moves']} moves in {pg['seconds']} s\n"
            f"submit → every seat updated across servers: median {pg['median_ms']} ms, p95 {pg['p95_ms']} ms "
            f"(target ≤ 30), max {pg['max_ms']} ms"
        )
    return (
        f"kobito serve, {result['game']}: {result['tables']} tables × 2 seats of protocol clients, "
        f"{result['moves']} moves in {result['seconds']} s = {result['moves_per_s']} moves/s\n"
        f"submit → every seat updated: median {result['median_ms']} ms, p95 {result['p95_ms']} ms "
        f"(target ≤ 20), max {result['max_ms']} ms{several}"
    )
