"""`kobito bench replay`: jumping and stepping through a 5,000-event record, and
opening a 100,000-event one and changing its perspective; with ``--against REV``,
this viewer beside commit REV's, alternating runs in fresh interpreters.

Each record is a whole random 4-player Kobito game (a replay shows everything
only of a finished game) with a gold table made for its length (a rule
option): short rainbows of 2 and 3 cards, so pots are won and their cards come
back all game long, and just enough gold cards for the game to last that many
events (the standard table ends a game after about 200).  Jumps are timed on
the cursor.  The viewer is timed headless at 120×40 with the analysis's chart
shown (a made-up report): opening, from the screen pushed to the screen laid
out and rendered; a step, as `kobito bench ui` times a key on the board, from
the key posted to the first screen update handed to the terminal driver (wall
clock and CPU time; writing to a real terminal is not included); a perspective
change, to every widget's messages handled and the screen rendered.

``steps_settled_cpu`` times the same steps to every widget's messages handled
twice and the screen rendered (the Pilot's wait, as this bench did before):
that wait costs by itself what ``settle_cpu`` says, with nothing to do.
"""

from __future__ import annotations

import asyncio
import json
import os
import pickle
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from textual import events

from kobito_tui.analysis.report import Report, TurnVerdict
from kobito_tui.app.main import files_app
from kobito_tui.app.replay import ReplayScreen
from kobito_tui.app.replay.analysing import keep
from kobito_tui.bench.waits import PaintClock
from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import Record, new_header, parse_players
from kobito_tui.core.replay import ReplayCursor
from kobito_tui.games import get_game

EVENTS = 5_000
LONG_EVENTS = 100_000
PLAYERS = "Ann,Bob,Cy,Dee"
STEPS = 200
PERSPECTIVES = 10
ROUNDS = 3  # alternating runs of each viewer with ``--against``


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


def made_up_report(record: Record, seed: int = 3) -> Report:
    """An analysis of ``record`` for the chart to show (the analyser itself is not timed
    here): a verdict per run of one seat's moves, chances on a random walk, every tenth marked."""
    rng, players = random.Random(seed), record.header.players
    row = [1 / players] * players
    chances, turns, start = [row[:]], list[TurnVerdict](), None
    for index, event in enumerate(record.events):
        if "seat" not in event:
            continue
        start = index if start is None else start
        after = record.events[index + 1] if index + 1 < len(record.events) else {}
        if after.get("seat") != event["seat"] or record.game.closes_turn(event):
            seat, before = event["seat"], row[event["seat"]]
            row[seat] = min(1.0, max(0.0, before + rng.uniform(-0.1, 0.1)))
            mark = "mistake" if len(turns) % 10 == 9 else None
            turns.append(TurnVerdict(start, index + 1, seat, (), (), before, row[seat], mark))
            chances.append(row[:])
            start = None
    return Report(record.header.game, [], turns, chances)


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


async def _settle(pilot: Any) -> None:
    """Wait (on events, not sleeps) until every message is handled, then lay out
    and render the changed widgets as the update timer would."""
    await pilot._wait_for_screen()
    await pilot._wait_for_screen()
    pilot.app.screen._on_timer_update()


def step_key(number: int) -> str:
    """Two steps on, two back, …"""
    return "right" if number % 4 < 2 else "left"


async def time_viewer(
    record: Record, steps: int, perspectives: int = 0, size: tuple[int, int] = (120, 40), chart: bool = True
) -> dict[str, list[float]]:
    """Milliseconds in the replay viewer, with the analysis's chart (``chart``; the report made
    up beforehand): ``open`` (the screen made, pushed and drawn), ``steps`` from a key
    posted to the screen update after it, ``perspectives`` (a seat's number pressed) to
    the screen settled; ``open_cpu`` and ``steps_cpu`` the CPU time of this process;
    ``steps_settled_cpu`` and ``settle_cpu`` as the module says."""

    app = files_app(Path(tempfile.mkdtemp(prefix="kobito-bench-")))
    names = ("open", "open_cpu", "steps", "steps_cpu", "steps_settled_cpu", "settle_cpu", "perspectives")
    timings: dict[str, list[float]] = {name: [] for name in names}
    async with app.run_test(size=size) as pilot:
        if chart:
            keep(app, record, made_up_report(record))
        t0, c0 = time.perf_counter(), time.process_time()
        screen = ReplayScreen(record, analyse=chart)
        await app.push_screen(screen)
        await _settle(pilot)
        timings["open"].append((time.perf_counter() - t0) * 1000)
        timings["open_cpu"].append((time.process_time() - c0) * 1000)
        assert not chart or screen.query("ChanceChart"), "the chart is not shown"
        screen.action_jump(len(record.events) // 2)
        await _settle(pilot)
        clock = PaintClock(app)
        for number in range(steps):
            wall, cpu = await clock.key_to_paint(step_key(number))
            timings["steps"].append(wall)
            timings["steps_cpu"].append(cpu)
            await _settle(pilot)  # whatever the step left to do, done before the next (not timed)
        for number in range(steps):
            c0 = time.process_time()
            app.post_message(events.Key(step_key(number), None))
            await _settle(pilot)
            timings["steps_settled_cpu"].append((time.process_time() - c0) * 1000)
        for _ in range(steps):
            c0 = time.process_time()
            await _settle(pilot)
            timings["settle_cpu"].append((time.process_time() - c0) * 1000)
        for number in range(perspectives):
            t0 = time.perf_counter()
            app.post_message(events.Key(str(number % (record.header.players + 1)), None))
            await _settle(pilot)
            timings["perspectives"].append((time.perf_counter() - t0) * 1000)
    return timings


def measure(record: Record, long: Record, steps: int = STEPS, perspectives: int = PERSPECTIVES) -> dict[str, Any]:
    """Every figure of this tree's viewer, for ``record`` (jumps, ``steps`` steps) and ``long``
    (opening, ``perspectives`` changes)."""
    t0 = time.perf_counter()
    cursor = ReplayCursor(record)
    open_ms = (time.perf_counter() - t0) * 1000
    jumps = time_jumps(cursor)
    viewer = asyncio.run(time_viewer(record, steps))
    big = asyncio.run(time_viewer(long, 0, perspectives=perspectives))
    return {
        "events": len(record.events),
        "checkpoint_every": cursor.every,
        "open_ms": round(open_ms, 1),
        "jumps": len(jumps),
        "jump_ms_max": round(max(jumps), 2),
        "jump_ms_median": round(statistics.median(jumps), 2),
        "steps": len(viewer["steps"]),
        **summary("step_ms", viewer["steps"]),
        **summary("step_cpu_ms", viewer["steps_cpu"]),
        **summary("step_settled_cpu_ms", viewer["steps_settled_cpu"]),
        **summary("settle_cpu_ms", viewer["settle_cpu"]),
        "long_events": len(long.events),
        "open_100k_ms": round(big["open"][0], 1),
        "open_100k_cpu_ms": round(big["open_cpu"][0], 1),
        "perspective_changes": len(big["perspectives"]),
        "perspective_change_ms": round(statistics.median(big["perspectives"]), 1),
        "perspective_change_ms_max": round(max(big["perspectives"]), 1),
    }


def summary(name: str, values: list[float]) -> dict[str, float]:
    return {f"{name}_median": round(statistics.median(values), 2), f"{name}_p95": round(statistics.quantiles(values, n=20)[-1], 2)}


def run(args: Any = None) -> dict[str, Any]:
    record, long = long_record(), long_record(LONG_EVENTS)
    if getattr(args, "against", None):
        return compare(args.against, record, long)
    return measure(record, long)


_PROBE = """
import importlib.util, json, os, pickle, runpy, sys
# A source tree keeps its style sheets at its top (an installed package has them inside).
if os.path.exists("styles/__init__.py"):
    spec = importlib.util.spec_from_file_location("kobito_tui.styles", "styles/__init__.py", submodule_search_locations=["styles"])
    sys.modules["kobito_tui.styles"] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(sys.modules["kobito_tui.styles"])
bench = runpy.run_path(sys.argv[1])
with open(sys.argv[2], "rb") as short, open(sys.argv[3], "rb") as long:
    print(json.dumps(bench["measure"](pickle.load(short), pickle.load(long), int(sys.argv[4]), int(sys.argv[5]))))
"""


def _probe(root: Path, short: Path, long: Path, steps: int = STEPS, perspectives: int = PERSPECTIVES) -> dict[str, Any]:
    """One measurement of the viewer under ``root``, in a fresh interpreter."""
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, __file__, str(short), str(long), str(steps), str(perspectives)],
        capture_output=True,
        text=True,
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
    )
    if done.returncode:
        raise SystemExit(f"the viewer under {root} could not be measured:\n{done.stderr[-3000:]}")
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


COMPARED = (
    "step_cpu_ms_median",
    "step_cpu_ms_p95",
    "step_ms_median",
    "step_settled_cpu_ms_median",
    "settle_cpu_ms_median",
    "open_100k_ms",
    "open_100k_cpu_ms",
    "open_ms",
    "jump_ms_median",
    "perspective_change_ms",
)


def compare(against: str, record: Record, long: Record, rounds: int = ROUNDS) -> dict[str, Any]:
    """This viewer's figures beside commit ``against``'s, in one run: the same measuring code
    (this file) and the same records (saved once) with each package, commit ``against``
    checked out in a temporary git worktree, in a fresh interpreter each time; the two
    alternate ``rounds`` times (the order swapped each round) and the medians count."""
    # Imported here, not at the top: this file is also run against older trees (the probe), which lack it.
    from kobito_tui.bench.against import alternating_runs

    with tempfile.TemporaryDirectory(prefix="kobito-bench-") as scratch:
        # The records as this process holds them (a save file refuses the long one's setup line, its gold table).
        short, big = Path(scratch) / "short.pickle", Path(scratch) / "long.pickle"
        short.write_bytes(pickle.dumps(record))
        big.write_bytes(pickle.dumps(long))
        runs = alternating_runs(against, lambda root: _probe(root, short, big), rounds)
    medians = {side: {name: statistics.median(run[name] for run in found) for name in COMPARED} for side, found in runs.items()}
    ratios = {name: round(medians["this"][name] / medians["base"][name], 2) for name in COMPARED if medians["base"][name]}
    return {
        "against": against,
        "rounds": rounds,
        "events": len(record.events),
        "long_events": len(long.events),
        "medians": medians,
        "ratios": ratios,
        "runs": runs,
    }


def report(result: dict[str, Any]) -> str:
    if "against" in result:
        lines = [
            f"replay viewer, this tree beside {result['against']} ({result['rounds']} alternating runs each, medians;"
            f" {result['events']}- and {result['long_events']}-event games)"
        ]
        base, this = result["medians"]["base"], result["medians"]["this"]
        for name in COMPARED:
            ratio = result["ratios"].get(name)
            lines.append(f"  {name:28s} {base[name]:9.2f} → {this[name]:9.2f}" + (f"  (×{ratio})" if ratio is not None else ""))
        return "\n".join(lines)
    return "\n".join(
        [
            f"replay of a {result['events']}-event Kobito game (checkpoint every {result['checkpoint_every']} events)",
            f"  open (fold + checkpoints)  {result['open_ms']} ms",
            f"  jump                       max {result['jump_ms_max']} ms, median {result['jump_ms_median']} ms"
            f" ({result['jumps']} jumps; target ≤ 50 ms)",
            f"  step, key → screen update  median {result['step_ms_median']} ms, p95 {result['step_ms_p95']} ms"
            f" ({result['steps']} steps, headless 120×40, the chart shown; target ≤ 16 ms median)",
            f"  step, CPU time             median {result['step_cpu_ms_median']} ms, p95 {result['step_cpu_ms_p95']} ms"
            " (the same steps; less sensitive to a busy machine; target ≤ 10 ms median)",
            f"  step to all settled, CPU   median {result['step_settled_cpu_ms_median']} ms, of which the wait itself"
            f" {result['settle_cpu_ms_median']} ms",
            f"replay of a {result['long_events']}-event Kobito game, headless 120×40",
            f"  open, screen drawn         {result['open_100k_ms']} ms, CPU {result['open_100k_cpu_ms']} ms (target ≤ 1000 ms)",
            f"  perspective change         median {result['perspective_change_ms']} ms,"
            f" max {result['perspective_change_ms_max']} ms ({result['perspective_changes']} changes; target ≤ 100 ms)",
        ]
    )
