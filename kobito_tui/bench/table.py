"""`kobito bench table`: from a submit to every subscriber updated.

Random legal games at a table with 2 and 6 seats (Hide the Treasure: 2 and 4)
each watched by its seat, plus 2 spectators; each submit is timed from the
call to the last subscriber's callback, with autosave on in the background
as in the app.  Samples: about ``SUBMITS`` per seat count (whole games).
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from kobito_tui.core.games import get_game
from kobito_tui.core.record import Record, new_header, parse_players
from kobito_tui.table import PUBLIC, SeatPerspective, Table, Update

SUBMITS = 2_000
SPECTATORS = 2


def run(args) -> dict:
    game = get_game(args.game)
    seat_counts = sorted({max(game.min_players, 2), min(game.max_players, 6)})
    return {"game": args.game, "spectators": SPECTATORS, "runs": [measure(args.game, n) for n in seat_counts]}


def measure(game_id: str, players: int, submits: int = SUBMITS, seed: int = 1) -> dict:
    timings: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        while len(timings) < submits:
            header = new_header(game_id, parse_players(",".join(f"P{i + 1}" for i in range(players))), seed=seed)
            table = Table(Record(header), Path(folder) / f"{seed}.jsonl", background_save=True, bot_delay=0)
            timings += _play(table, players, random.Random(seed))
            table.flush()
            seed += 1
    timings.sort()
    return {
        "seats": players,
        "submits": len(timings),
        "median_ms": round(statistics.median(timings), 3),
        "p95_ms": round(timings[int(0.95 * (len(timings) - 1))], 3),
        "max_ms": round(timings[-1], 3),
    }


def _play(table: Table, players: int, rng: random.Random) -> list[float]:
    """Milliseconds per submit of one random game, until every subscriber had its update."""
    latest: dict[object, Update] = {}
    done = [0.0]

    def receive(update: Update) -> None:
        latest[update.perspective] = update
        done[0] = time.perf_counter()

    for perspective in [*(SeatPerspective(s) for s in range(players)), *[PUBLIC] * SPECTATORS]:
        table.subscribe(perspective, receive)
    timings = []
    while not table.over:
        update = latest[SeatPerspective(table.to_act)]
        start = time.perf_counter()
        refusal = table.submit(update.perspective.seat, rng.choice(update.legal), update.revision)
        if refusal is not None:
            raise RuntimeError(refusal.text)
        timings.append((done[0] - start) * 1000)
    return timings


def report(result: dict) -> str:
    lines = [f"{result['game']}: submit → every subscriber updated (seats + {result['spectators']} spectators)"]
    for run in result["runs"]:
        lines.append(
            f"  {run['seats']} seats  median {run['median_ms']} ms   p95 {run['p95_ms']} ms   "
            f"max {run['max_ms']} ms   ({run['submits']} submits)"
        )
    return "\n".join(lines)
