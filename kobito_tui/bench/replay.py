"""`kobito bench replay`: jumping and stepping through a 5,000-event record, and
opening a 100,000-event one and changing its perspective.

Each record is a whole random 4-player Kobito game (a replay shows everything
only of a finished game) with a gold table made for its length (a rule
option): short rainbows of 2 and 3 cards, so pots are won and their cards come
back all game long, and just enough gold cards for the game to last that many
events (the standard table ends a game after about 200).  Jumps are timed on
the cursor; steps, opening and perspective changes (wall clock, and CPU time
for steps) from the key event posted, or the screen pushed, to the headless
screen laid out and rendered (board, log, timeline, position line) at 120×40;
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
LONG_EVENTS = 100_000
PLAYERS = "Ann,Bob,Cy,Dee"


def gold_table(cards: int) -> dict[str, list[int]]:
    """About ``cards`` gold cards, half for rainbows of 2, half for rainbows of 3."""
    half = list(range(1, cards // 2 + 2))
    return {"2": half, "3": half}


def long_record(events: int = EVENTS, seed: int = 1) -> Record:
    """A whole random Kobito game of at least ``events`` events (a little more):
    the gold table grows until the game from ``seed`` lasts that long."""
    game = get_game("kobito")
    cards = events // 7
    for _ in range(20):
        header = new_header("kobito", parse_players(PLAYERS), {"gold_table": gold_table(cards)}, seed)
        record, _ = random_game(game, header, random.Random(seed), max_events=4 * events)
        if len(record.events) >= events:
            return record
        cards = int(cards * 1.05 * events / len(record.events)) + 1
    raise RuntimeError(f"no random game from seed {seed} lasts {events} events")


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


async def _settle(pilot) -> None:
    """Wait (on events, not sleeps) until every message is handled, then lay out
    and render the changed widgets as the update timer would."""
    await pilot._wait_for_screen()
    await pilot._wait_for_screen()
    pilot.app.screen._on_timer_update()


async def time_viewer(record: Record, steps: int, perspectives: int = 0,
                      size: tuple[int, int] = (120, 40)) -> dict[str, list[float]]:
    """Milliseconds in the replay viewer: ``open`` (the screen made, pushed and drawn),
    ``steps`` from a key press to the screen updated, and ``perspectives`` (a seat's
    number pressed); ``open_cpu`` and ``steps_cpu`` the CPU time of this process."""
    from textual import events

    from kobito_tui.app.main import KobitoApp
    from kobito_tui.app.replay import ReplayScreen

    app = KobitoApp(Path(tempfile.mkdtemp(prefix="kobito-bench-")))
    timings: dict[str, list[float]] = {"open": [], "open_cpu": [], "steps": [], "steps_cpu": [], "perspectives": []}
    async with app.run_test(size=size) as pilot:
        t0, c0 = time.perf_counter(), time.process_time()
        screen = ReplayScreen(record)
        await app.push_screen(screen)
        await _settle(pilot)
        timings["open"].append((time.perf_counter() - t0) * 1000)
        timings["open_cpu"].append((time.process_time() - c0) * 1000)
        screen.action_jump(len(record.events) // 2)
        await pilot.pause()
        for number in range(steps):
            key = events.Key("right" if number % 4 < 2 else "left", None)
            t0, c0 = time.perf_counter(), time.process_time()
            app.post_message(key)
            await _settle(pilot)
            timings["steps"].append((time.perf_counter() - t0) * 1000)
            timings["steps_cpu"].append((time.process_time() - c0) * 1000)
        for number in range(perspectives):
            t0 = time.perf_counter()
            app.post_message(events.Key(str(number % (record.header.players + 1)), None))
            await _settle(pilot)
            timings["perspectives"].append((time.perf_counter() - t0) * 1000)
    return timings


def run(args=None) -> dict:
    record = long_record()
    t0 = time.perf_counter()
    cursor = ReplayCursor(record)
    open_ms = (time.perf_counter() - t0) * 1000
    jumps = time_jumps(cursor)
    viewer = asyncio.run(time_viewer(record, 200))
    steps = viewer["steps"]
    long = long_record(LONG_EVENTS)
    big = asyncio.run(time_viewer(long, 0, perspectives=10))
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
        "step_cpu_ms_median": round(statistics.median(viewer["steps_cpu"]), 2),
        "long_events": len(long.events),
        "open_100k_ms": round(big["open"][0], 1),
        "open_100k_cpu_ms": round(big["open_cpu"][0], 1),
        "perspective_changes": len(big["perspectives"]),
        "perspective_change_ms": round(statistics.median(big["perspectives"]), 1),
        "perspective_change_ms_max": round(max(big["perspectives"]), 1),
    }


def report(result: dict) -> str:
    return "\n".join(
        [
            f"replay of a {result['events']}-event Kobito game (checkpoint every {result['checkpoint_every']} events)",
            f"  open (fold + checkpoints)  {result['open_ms']} ms",
            f"  jump                       max {result['jump_ms_max']} ms, median {result['jump_ms_median']} ms"
            f" ({result['jumps']} jumps; target ≤ 50 ms)",
            f"  step, key → screen         median {result['step_ms_median']} ms, p95 {result['step_ms_p95']} ms"
            f" ({result['steps']} steps, headless 120×40; target ≤ 16 ms median)",
            f"  step, CPU time             median {result['step_cpu_ms_median']} ms (the same steps; less sensitive to a busy machine)",
            f"replay of a {result['long_events']}-event Kobito game, headless 120×40",
            f"  open, screen drawn         {result['open_100k_ms']} ms, CPU {result['open_100k_cpu_ms']} ms"
            " (target ≤ 1000 ms)",
            f"  perspective change         median {result['perspective_change_ms']} ms,"
            f" max {result['perspective_change_ms_max']} ms ({result['perspective_changes']} changes; target ≤ 100 ms)",
        ]
    )
