"""`kobito bench replay`: jumping and stepping through a 5,000-event record.

The record is the first 5,000 events of a random 4-player Kobito game played
with a long gold table (900 gold cards, a rule option), since a game with the
standard table ends after about 200 events (and even this one runs out of
cards after 4,000 to 5,500 events: the first seed that lasts long enough is
taken).  Jumps are timed on the cursor; steps are timed (wall clock and CPU)
from the key event posted to the headless screen laid out and rendered
(board, log, timeline, position line) in the replay viewer at 120×40;
writing to a real terminal is not included.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from kobito_tui.core.games import get_game
from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import Record, new_header, parse_players
from kobito_tui.core.replay import ReplayCursor

EVENTS = 5_000
LONG_GOLD_TABLE = {str(length): list(range(1, 151)) for length in range(3, 9)}


def long_record(events: int = EVENTS, seed: int = 1) -> Record:
    """The first ``events`` events of a long random Kobito game (a valid, unfinished record):
    the first game from ``seed`` on that lasts that long."""
    game = get_game("kobito")
    for attempt in range(seed, seed + 50):
        header = new_header("kobito", parse_players("Ann,Bob,Cy,Dee"), {"gold_table": LONG_GOLD_TABLE}, attempt)
        record, _ = random_game(game, header, random.Random(attempt))
        if len(record.events) >= events:
            return Record(header, record.events[:events])
    raise RuntimeError(f"no random game from seed {seed} on lasts {events} events")


def time_jumps(cursor: ReplayCursor, jumps: int = 500, seed: int = 2) -> list[float]:
    """Milliseconds per jump: random targets, plus each stretch's worst case (just before a checkpoint)."""
    rng = random.Random(seed)
    targets = [rng.randrange(cursor.length + 1) for _ in range(jumps)]
    targets += [k - 1 for k in range(cursor.every, cursor.length + 1, cursor.every)]
    timings = []
    for target in targets:
        t0 = time.perf_counter()
        cursor.jump(target)
        timings.append((time.perf_counter() - t0) * 1000)
    return timings


async def time_steps(record: Record, steps: int, size: tuple[int, int] = (120, 40)) -> tuple[list[float], list[float]]:
    """Milliseconds (wall clock, and CPU time of this process) from a key press
    to the screen updated, in the replay viewer."""
    from textual import events

    from kobito_tui.app.main import KobitoApp
    from kobito_tui.app.replay import ReplayScreen

    app = KobitoApp(Path(tempfile.mkdtemp(prefix="kobito-bench-")))
    wall, cpu = [], []
    async with app.run_test(size=size) as pilot:
        screen = ReplayScreen(record)
        await app.push_screen(screen)
        await pilot.pause()
        screen.action_jump(len(record.events) // 2)
        await pilot.pause()
        for number in range(steps):
            key = events.Key("right" if number % 4 < 2 else "left", None)
            t0, c0 = time.perf_counter(), time.process_time()
            app.post_message(key)
            # Wait (on events, not sleeps) until every message is handled, then
            # lay out and render the changed widgets as the update timer would.
            await pilot._wait_for_screen()
            await pilot._wait_for_screen()
            app.screen._on_timer_update()
            wall.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.process_time() - c0) * 1000)
    return wall, cpu


def run(args=None) -> dict:
    record = long_record()
    t0 = time.perf_counter()
    cursor = ReplayCursor(record)
    open_ms = (time.perf_counter() - t0) * 1000
    jumps = time_jumps(cursor)
    steps, steps_cpu = asyncio.run(time_steps(record, 200))
    return {
        "events": len(record.events),
        "checkpoint_every": cursor.every,
        "open_ms": round(open_ms, 1),
        "jumps": len(jumps),
        "jump_ms_max": round(max(jumps), 2),
        "jump_ms_median": round(statistics.median(jumps), 2),
        "steps": len(steps),
        "step_ms_median": round(statistics.median(steps), 2),
        "step_ms_p95": round(statistics.quantiles(steps, n=20)[-1], 2),
        "step_cpu_ms_median": round(statistics.median(steps_cpu), 2),
    }


def report(result: dict) -> str:
    return "\n".join(
        [
            f"replay of a {result['events']}-event Kobito record (checkpoint every {result['checkpoint_every']} events)",
            f"  open (fold + checkpoints)  {result['open_ms']} ms",
            f"  jump                       max {result['jump_ms_max']} ms, median {result['jump_ms_median']} ms"
            f" ({result['jumps']} jumps; target ≤ 50 ms)",
            f"  step, key → screen         median {result['step_ms_median']} ms, p95 {result['step_ms_p95']} ms"
            f" ({result['steps']} steps, headless 120×40; target ≤ 16 ms median)",
            f"  step, CPU time             median {result['step_cpu_ms_median']} ms (the same steps; less sensitive to a busy machine)",
        ]
    )
