"""`kobito bench engine`: random legal games per second, save-file validation speed
and how fast the strong bot searches (Kobito: iterations, Hide the Treasure: paths
per CPU second); with ``--against REV``, this engine and commit REV's side by side."""

# ``compare`` runs this file against another commit's package too, so what only one
# measure needs (a bot, the board) is imported inside it: an older package that lacks
# one can still be measured on the others.

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from kobito_tui.core.game import Game

try:
    from kobito_tui.games import get_game
except ImportError:  # ``compare`` runs this file against an older commit's package, from before games registered
    from kobito_tui.core.games import get_game
from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import Record, new_header, parse_players
from kobito_tui.core.savefile import dumps, loads


def run(args: argparse.Namespace) -> dict[str, Any]:
    if getattr(args, "against", None):
        return compare(args.against, args.game, args.players, args.games)
    return measure(args.game, args.players, args.games)


def measure(game_id: str, players: int, games: int, seed: int = 1) -> dict[str, Any]:
    game = get_game(game_id)
    seats = parse_players(",".join(f"P{i + 1}" for i in range(players)))
    records = []
    start = time.perf_counter()
    for number in range(games):
        header = new_header(game_id, seats, seed=seed + number)
        records.append(random_game(game, header, random.Random(seed + number))[0])
    elapsed = time.perf_counter() - start
    events = sum(len(r.events) for r in records)
    turns = sum(sum(1 for e in r.events if "seat" in e and game.closes_turn(e)) for r in records)

    longest = max(records, key=lambda r: len(r.events))
    text = dumps(longest)
    timings = []
    for _ in range(7):
        t0 = time.perf_counter()
        loads(text)
        timings.append(time.perf_counter() - t0)
    per_1000 = statistics.median(timings) * 1000 * 1000 / max(1, len(longest.events))
    search = (
        {"search_iterations_per_s": search_rate(game, records[:3])}
        if game_id == "kobito"
        else {"search_paths_per_s": treasure_search_rate(game, records[:8])}
    )
    return {
        "game": game_id,
        "players": players,
        "games": games,
        "games_per_s": round(games / elapsed, 1),
        "events_per_s": round(events / elapsed),
        "turns_per_s": round(turns / elapsed),
        "mean_events_per_game": round(events / games, 1),
        "load_validate_ms_per_1000_events": round(per_1000, 2),
        "load_validate_events": len(longest.events),
        **search,
    }


SEARCH_ITERATIONS = 40  # per searched position
SEARCH_EVERY = 25  # search at every 25th move of the benchmark's games


def search_rate(game: Game, records: list[Record]) -> int:
    """The strong Kobito bot's search speed: iterations per CPU second, the median
    over positions of ``records`` (each seen by the seat to act, as the bot sees it)."""
    from kobito_tui.bots.kobito_ismcts import search
    from kobito_tui.bots.kobito_world import World

    rates = []
    for record in records:
        state = game.new_state(record.header)
        for index, event in enumerate(record.events):
            seat = game.to_act(state)
            if seat is not None and index % SEARCH_EVERY == 0:
                history = [game.redact(e, seat) for e in record.events[:index]]
                world = World(game.view(state, seat), history)
                began = time.process_time()
                search(world.deal, seat, random.Random(index), 60.0, SEARCH_ITERATIONS)
                rates.append(SEARCH_ITERATIONS / max(1e-9, time.process_time() - began))
            game.apply(state, event)
    return round(statistics.median(rates)) if rates else 0


def treasure_search_rate(game: Game, records: list[Record], every: int = 3) -> int:
    """The strong Hide the Treasure bot's speed: paths searched per CPU second, the
    median over the turn starts of ``records`` (every ``every``-th, each decided as the
    bot decides it: the table rebuilt from the seat's redacted history, every path searched)."""
    from kobito_tui.bots.treasure_bots import StrongBot
    from kobito_tui.bots.treasure_model import paths, table_from_history
    from kobito_tui.treasure.board import COLOURS

    rates = []
    for record in records:
        state = game.new_state(record.header)
        starts = 0
        for index, event in enumerate(record.events):
            seat = game.to_act(state)
            view = None if seat is None else game.view(state, seat)
            if seat is not None and view is not None and view.steps_taken == 0 and event["type"] == "step":
                starts += 1
                if starts % every == 0:
                    mine = COLOURS.index(view.my_colour)
                    history = [game.redact(e, seat) for e in record.events[:index]]
                    began = time.process_time()
                    table = table_from_history(history)
                    options = paths(table.placed(seat), table.blocked(seat))
                    StrongBot(index, iterations=len(options)).pick(table, seat, mine, options)
                    rates.append(len(options) / max(1e-9, time.process_time() - began))
            game.apply(state, event)
    return round(statistics.median(rates)) if rates else 0


def random_games_rate(game_id: str, players: int, games: int, seed: int = 1) -> float:
    """Random legal games per CPU second (headers made outside the clock): on a busy
    machine the CPU clock is steadier than the wall clock."""
    game = get_game(game_id)
    seats = parse_players(",".join(f"P{i + 1}" for i in range(players)))
    headers = [new_header(game_id, seats, seed=seed + number) for number in range(games)]
    start = time.process_time()
    for number, header in enumerate(headers):
        random_game(game, header, random.Random(seed + number))
    return games / (time.process_time() - start)


ROUNDS = 7  # alternating runs of each engine in ``compare``

_PROBE = """
import json, random, runpy, sys
bench = runpy.run_path(sys.argv[1])
game_id, players, games = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rate = bench["random_games_rate"](game_id, players, games)
search = {}
if game_id == "treasure":
    get_game = bench["get_game"]
    from kobito_tui.core.randomplay import random_game
    from kobito_tui.core.record import new_header, parse_players
    seats = parse_players(",".join(f"P{i + 1}" for i in range(players)))
    records = [random_game(get_game(game_id), new_header(game_id, seats, seed=s), random.Random(s))[0] for s in range(1, 9)]
    search = {"search_paths_per_s": bench["treasure_search_rate"](get_game(game_id), records)}
print(json.dumps({"games_per_s": rate, **search}))
"""


def compare(against: str, game_id: str, players: int, games: int, rounds: int = ROUNDS) -> dict[str, Any]:
    """This engine's random games/s (and Treasure's strong bot's paths/s) beside commit
    ``against``'s, in one run: the same measuring code (this file) imports each package in
    a fresh interpreter, commit ``against`` checked out in a temporary git worktree; the
    two alternate ``rounds`` times (the order swapped each round) and the medians count."""
    # Imported here, not at the top: this file is also run against older trees (the probe), which lack it.
    from kobito_tui.bench.against import alternating_runs

    runs = alternating_runs(against, lambda root: _probe(root, game_id, players, games), rounds)
    medians = {side: {name: statistics.median(run[name] for run in found) for name in found[0]} for side, found in runs.items()}
    result = {"game": game_id, "players": players, "games": games, "against": against, "rounds": rounds, "runs": runs, "medians": medians}
    result["ratios"] = {name: round(medians["this"][name] / medians["base"][name], 2) for name in medians["this"]}
    return result


def _probe(root: Path, game_id: str, players: int, games: int) -> dict[str, float]:
    """One measurement of the package under ``root``, in a fresh interpreter."""
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, __file__, game_id, str(players), str(games)],
        capture_output=True,
        text=True,
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        check=True,
    )
    measured: dict[str, float] = json.loads(done.stdout)
    return measured


def report(result: dict[str, Any]) -> str:
    if "against" in result:
        return _report_comparison(result)
    return "\n".join(
        [
            f"{result['game']}: {result['games']} random {result['players']}-player games",
            f"  games/s               {result['games_per_s']}",
            f"  events/s              {result['events_per_s']}",
            f"  turns/s               {result['turns_per_s']}",
            f"  events per game       {result['mean_events_per_game']}",
            f"  load+validate         {result['load_validate_ms_per_1000_events']} ms per 1,000 events"
            f" (median of 7 loads of a {result['load_validate_events']}-event record)",
        ]
        + (
            [f"  strong bot search     {result['search_iterations_per_s']} iterations per CPU second"]
            if "search_iterations_per_s" in result
            else [f"  strong bot search     {result['search_paths_per_s']} paths per CPU second"]
        )
    )


def _report_comparison(result: dict[str, Any]) -> str:
    base, this = result["medians"]["base"], result["medians"]["this"]
    lines = [
        f"{result['game']}: {result['games']} random {result['players']}-player games, {result['rounds']} alternating runs each; medians"
    ]
    for name, label in (("games_per_s", "games/CPU s"), ("search_paths_per_s", "strong bot paths/CPU s")):
        if name in base:
            runs = " ".join(f"{run[name]:.0f}" for run in result["runs"]["this"])
            runs_base = " ".join(f"{run[name]:.0f}" for run in result["runs"]["base"])
            lines += [
                f"  {label:<24} {result['against']}: {base[name]:.0f}   this: {this[name]:.0f}   ratio {result['ratios'][name]}",
                f"    runs {result['against']}: {runs_base}",
                f"    runs this: {runs}",
            ]
    return "\n".join(lines)
