"""`kobito bench analyse`: seconds to analyse the example games, and the search's speed.

The example saves (``saves/``: finished games of random moves) are analysed with
``--jobs 2``, without the sidecar: a 2-player and a 4-player Kobito game and a
standard Hide the Treasure game.  From the first decision of the 2-player game:
``rollouts_per_s`` is the Kobito estimator's work (``analysis.kobito_judge``: a
line played in one world and played on one round), ``iterations_per_s`` the
Hard computer's search (``bots.kobito_ismcts.search``) for a fixed number of
iterations, which the estimator no longer runs but the Hard computers it judges do.
"""

from __future__ import annotations

import random
import time
from importlib import resources
from typing import Any

from kobito_tui.analysis import kobito_judge
from kobito_tui.analysis.analyse import analyse
from kobito_tui.analysis.decisions import decisions, position
from kobito_tui.bots.kobito_ismcts import search
from kobito_tui.bots.kobito_world import World
from kobito_tui.core.savefile import load

GAMES = {"kobito-2-players": 60.0, "kobito-4-players": 180.0, "treasure-standard": 20.0}
"""Example save: the target seconds per game."""
JOBS = 2
ITERATIONS = 2_000
ROLLOUTS = 1_000


def _example(name: str) -> Any:
    with resources.as_file(resources.files("kobito_tui.examples").joinpath(f"{name}.jsonl")) as path:
        return load(path)


def run(args: Any) -> dict[str, Any]:
    games = {}
    for name, target in GAMES.items():
        record = _example(name)
        began = time.perf_counter()
        report = analyse(record, jobs=JOBS)
        games[name] = {"seconds_per_game": time.perf_counter() - began, "target_s": target, "turns": len(report.turns)}
    record = _example("kobito-2-players")
    first = next(d for d in decisions(record) if not d.forced)
    view, history = position(record, first.start, first.seat)
    world = World(view, history)
    began = time.perf_counter()
    search(world.deal, first.seat, random.Random(0), 0.0, ITERATIONS)
    iterations_per_s = ITERATIONS / (time.perf_counter() - began)
    worlds = kobito_judge._Worlds(world, first.seat, 0, ROLLOUTS)
    began = time.perf_counter()
    worlds.values(first.events(record))
    rollouts_per_s = ROLLOUTS / (time.perf_counter() - began)
    return {"jobs": JOBS, "games": games, "iterations_per_s": iterations_per_s, "rollouts_per_s": rollouts_per_s}


def report(result: dict[str, Any]) -> str:
    lines = [f"analysis with --jobs {result['jobs']}:"]
    for name, row in result["games"].items():
        lines.append(f"  {name:<20}{row['seconds_per_game']:>8.1f} s  (target ≤ {row['target_s']:.0f} s, {row['turns']} decisions)")
    lines.append(f"Kobito estimator: {result['rollouts_per_s']:,.0f} rollouts/s (one round each)")
    lines.append(f"Kobito Hard search: {result['iterations_per_s']:,.0f} iterations/s")
    return "\n".join(lines)
