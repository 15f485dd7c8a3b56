"""`kobito bench table`: from a submit to every subscriber updated.

Random legal games at a table with 2 and 6 seats (Hide the Treasure: 2 and 4)
each watched by its seat, plus 2 spectators; each submit is timed from the
call to the last subscriber's callback, with autosave on in the background
as in the app.  Samples: about ``SUBMITS`` per seat count (whole games).
Wall-clock figures are what a player waits; the CPU figures (the submitting
thread's own time) are what the table costs, apart from a busy machine's
scheduling and the autosave thread.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from kobito_tui.core.record import Record, new_header, parse_players
from kobito_tui.games import get_game
from kobito_tui.table import PUBLIC, Perspective, SeatPerspective, Table, Update

SUBMITS = 2_000
SPECTATORS = 2


def run(args: Any) -> dict[str, Any]:
    game = get_game(args.game)
    seat_counts = sorted({max(game.min_players, 2), min(game.max_players, 6)})
    return {"game": args.game, "spectators": SPECTATORS, "runs": [measure(args.game, n) for n in seat_counts]}


def measure(game_id: str, players: int, submits: int = SUBMITS, seed: int = 1) -> dict[str, Any]:
    wall: list[float] = []
    cpu: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        while len(wall) < submits:
            header = new_header(game_id, parse_players(",".join(f"P{i + 1}" for i in range(players))), seed=seed)
            table = Table(Record(header), Path(folder) / f"{seed}.jsonl", background_save=True, bot_delay=0)
            _play(table, players, random.Random(seed), wall, cpu)
            table.flush()
            seed += 1
    return {"seats": players, "submits": len(wall), **_figures("", wall), **_figures("cpu_", cpu)}


def _figures(prefix: str, timings: list[float]) -> dict[str, float]:
    timings = sorted(timings)
    return {
        f"{prefix}median_ms": round(statistics.median(timings), 3),
        f"{prefix}p95_ms": round(timings[int(0.95 * (len(timings) - 1))], 3),
        f"{prefix}max_ms": round(timings[-1], 3),
    }


def _play(table: Table, players: int, rng: random.Random, wall: list[float], cpu: list[float]) -> None:
    """Milliseconds (wall clock and CPU) per submit of one random game, until every
    subscriber had its update."""
    latest: dict[Perspective, Update] = {}
    done = [0.0, 0.0]

    def receive(update: Update) -> None:
        latest[update.perspective] = update
        done[:] = time.perf_counter(), time.thread_time()

    perspectives: list[Perspective] = [*(SeatPerspective(s) for s in range(players)), *[PUBLIC] * SPECTATORS]
    for perspective in perspectives:
        table.subscribe(perspective, receive)
    while (seat := table.to_act) is not None:
        update = latest[SeatPerspective(seat)]
        start, start_cpu = time.perf_counter(), time.thread_time()
        refusal = table.submit(seat, rng.choice(update.legal), update.revision)
        if refusal is not None:
            raise RuntimeError(str(refusal))
        wall.append((done[0] - start) * 1000)
        cpu.append((done[1] - start_cpu) * 1000)


def report(result: dict[str, Any]) -> str:
    lines = [f"{result['game']}: submit → every subscriber updated (seats + {result['spectators']} spectators)"]
    for run in result["runs"]:
        lines.append(
            f"  {run['seats']} seats  median {run['median_ms']} ms   p95 {run['p95_ms']} ms   max {run['max_ms']} ms"
            f"   (CPU: median {run['cpu_median_ms']} ms, p95 {run['cpu_p95_ms']} ms; {run['submits']} submits)"
        )
    return "\n".join(lines)
