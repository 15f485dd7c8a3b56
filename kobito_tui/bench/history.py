"""`kobito bench history`: a store of ``--games`` finished tables (default 10,000 with the command's
own default raised: see :data:`TABLES`), then the time of a full rebuild of the history and ratings
(``kobito serve ratings --rebuild``'s work), and of a player's sign-in to a real ``kobito serve`` on
that store (hello to the lobby's listing, the median of :data:`SIGN_INS`), and the server's start.

The tables: random games of Kobito and Hide the Treasure, 2 to 4 seats, each a person of
:data:`PEOPLE` keyed players or a computer at a level; a tenth of them have a guest (not rated).
They are written straight into a new SQLite store (its own rows, as the hub writes them), in
batches, each finished as the hub finishes one.
"""

from __future__ import annotations

import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from kobito_tui.core.game import Seat
from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import new_header
from kobito_tui.core.savefile import header_line
from kobito_tui.games import get_game
from kobito_tui.serve.client import HubConnection
from kobito_tui.serve.hub import STORE_NAME
from kobito_tui.serve.store import SqliteStore
from kobito_tui.serve.store_rows import Statement, finish_statement, now_utc

TABLES = 10_000  # when --games is left at the command's default (200)
PEOPLE = 40
LEVELS = ("easy", "medium", "hard")
SIGN_INS = 9
WRITE_BATCH = 500


def _tables(count: int, seed: int) -> list[tuple[str, list[dict[str, Any]], str, list[str]]]:
    """``count`` finished tables as rows: id, seating, header line, events (JSON)."""
    import json

    rng = random.Random(seed)
    games = {}
    made = []
    for n in range(count):
        game = rng.choice(["kobito", "treasure"])
        players = rng.randint(2, 4)
        chairs: list[dict[str, Any]] = []
        people = rng.sample(range(PEOPLE), players)
        for seat in range(players):
            if seat and rng.random() < 0.3:
                chairs.append({"kind": "computer", "identity": "", "name": "", "level": rng.choice(LEVELS), "code": ""})
            elif seat and rng.random() < 0.04:
                chairs.append({"kind": "player", "identity": f"guest:{n:016x}", "name": f"Guest{n}", "level": None, "code": "x"})
            else:
                person = people[seat]
                chairs.append(
                    {"kind": "player", "identity": f"key:SHA256:player{person:03d}", "name": f"P{person}", "level": None, "code": ""}
                )
        key = (game, tuple(c["kind"] for c in chairs), n % 50)  # 50 games per seating of kinds: enough variety, quick to make
        if key not in games:
            seats = tuple(Seat("", "bot", c["level"]) if c["kind"] == "computer" else Seat(c["name"]) for c in chairs)
            header = new_header(game, seats, seed=rng.randrange(2**31))
            record = random_game(get_game(game), header, random.Random(n))[0]
            games[key] = (header_line(record.header), [json.dumps(e, separators=(",", ":")) for e in record.events])
        line, events = games[key]
        meta = {"game": game, "options": {}, "creator": chairs[0]["identity"], "creator_name": chairs[0]["name"], "address": ""}
        made.append((f"b{n:05d}", [{"meta": meta}, *chairs], line, events))
    return made


def fill(path: Path, count: int, seed: int = 1) -> None:
    """A new store at ``path`` with ``count`` finished tables (not yet folded)."""
    import json

    store = SqliteStore(path)
    try:
        tables = _tables(count, seed)
        for start in range(0, len(tables), WRITE_BATCH):
            statements: list[Statement] = []
            for table_id, seating, header, events in tables[start : start + WRITE_BATCH]:
                statements.append(
                    (
                        "INSERT INTO tables (id, status, seating, header, revision) VALUES (?, 'playing', ?, ?, 0)",
                        (table_id, json.dumps(seating), header),
                    )
                )
                statements.append(
                    ("INSERT INTO events (table_id, seq, event) VALUES (?, ?, ?)", [(table_id, i, e) for i, e in enumerate(events)])
                )
                statements.append(finish_statement(table_id, now_utc()))
            store._write(*statements)
    finally:
        store.close()


def run(args: Any) -> dict[str, Any]:
    count = TABLES if args.games == 200 else args.games
    folder = Path(tempfile.mkdtemp(prefix="kbh", dir="/tmp"))
    data = folder / "data"
    data.mkdir()
    try:
        began = time.perf_counter()
        fill(data / STORE_NAME, count)
        filled = time.perf_counter() - began
        store = SqliteStore(data / STORE_NAME)
        try:
            began = time.perf_counter()
            first = store.catch_up()  # as a server's start after an upgrade does
            caught = time.perf_counter() - began
            began = time.perf_counter()
            rebuilt = store.rebuild()
            rebuild = time.perf_counter() - began
            stats = store.stats()
        finally:
            store.close()
        began = time.perf_counter()
        server = subprocess.Popen(
            [sys.executable, "-m", "kobito_tui.cli", "serve", "--data-dir", str(data), "--ssh-port", "0", "--open-socket"],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        try:
            server.stdout.readline()  # type: ignore[union-attr]  # stdout=PIPE: never None
            started = time.perf_counter() - began
            sign_ins = []
            for n in range(SIGN_INS):
                began = time.perf_counter()
                client = HubConnection(data / "hub.sock", f"key:SHA256:player{n:03d}", f"P{n}", timeout=60)
                sign_ins.append(time.perf_counter() - began)
                listed = len(client.tables)
                client.close()
        finally:
            server.terminate()
            server.wait(30)
            server.stdout.close()  # type: ignore[union-attr]  # stdout=PIPE: never None
        return {
            "tables": count,
            "fill_s": round(filled, 2),
            "first_fold_s": round(caught, 2),
            "folded": first,
            "rebuild_s": round(rebuild, 2),
            "rebuilt": rebuilt,
            "ratings": len(stats["ratings"]),
            "history_rows": len(stats["history"]),
            "server_start_s": round(started, 2),
            "sign_in_ms_median": round(1000 * statistics.median(sign_ins), 1),
            "sign_in_ms_max": round(1000 * max(sign_ins), 1),
            "tables_listed": listed,
        }
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def report(result: dict[str, Any]) -> str:
    return "\n".join(
        [
            f"history: {result['tables']} finished tables ({result['history_rows']} history rows, {result['ratings']} ratings)",
            f"  first fold (a start after the upgrade): {result['first_fold_s']} s; full rebuild: {result['rebuild_s']} s",
            f"  kobito serve on them: started in {result['server_start_s']} s; sign-in (hello to the lobby's listing of "
            f"{result['tables_listed']} tables): median {result['sign_in_ms_median']} ms, max {result['sign_in_ms_max']} ms",
        ]
    )
