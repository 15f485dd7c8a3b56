"""How good the analysis is, measured on self-play (``kobito analyse --calibrate``).

* **Calibrated.**  Hard against Medium, seats rotated, ``games`` games; in each a
  few decisions are drawn at random (``SAMPLE`` per game, forced ones left out) and
  judged as ``analyse`` judges them.  The calibration map (``marks``) is fitted by
  isotonic regression (from blocks of ``POOL`` decisions in order of raw chance)
  from the raw chance of the move played to whether its mover went on to win (a
  shared win counts its share); a decided game's raw 0 or 1 is left out, as the
  analysis does not map it (``analyse.chance``).  The table bins the calibrated
  chances by 10 points: each decision is mapped by the map fitted on the *other*
  half of the games (cross-fitting), so the table does not grade the map on the
  games it was fitted on.  With ``held_out`` the table grades the shipped map
  (``calibration.json``) instead, on games it was not fitted on (another seed).
  That pooled map is the one a person's seat is judged by.  A computer's seat is
  judged by its level's map (``LEVEL_RUNS``: Hard's and Medium's fitted on their own
  turns of these games, Easy's on its turns of the Easy v Hard games below), fitted,
  cross-fitted and held out the same way on that level's turns alone, with blocks of
  at most ``LEVEL_POOL`` and a tenth of them; the table is drawn for each level through its own map.
* **Discriminating.**  Easy against Hard (``games // DISCRIMINATION_SHARE`` games, at
  least ``DISCRIMINATION_MIN``; ``SAMPLE_PER_SEAT`` decisions per seat): the share of
  each one's sampled decisions marked mistake or blunder, and their ratio.
* **Stable.**  Those decisions judged again with another seed: the share given
  the same mark.

The Hard computers do a fixed amount of work per decision, whatever the machine's load
(``HARD_ITERATIONS``), so a seed gives the same games on any machine.  Every proportion
carries its 95% Wilson interval, the Easy/Hard ratio its log-method interval; they
treat the decisions as independent, though those drawn from one game share its
outcome, so the intervals are somewhat narrower than they should be.
"""

from __future__ import annotations

import json
import math
import random
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from kobito_tui.bots.base import DEFAULT_BUDGET_S
from kobito_tui.bots.kobito_greedy import greedy_move
from kobito_tui.bots.kobito_ismcts import final, random_move, settle, slipping_move, value
from kobito_tui.bots.registry import selfplay_options
from kobito_tui.bots.selfplay import play_game, wilson
from kobito_tui.core.game import Seat
from kobito_tui.core.record import new_header
from kobito_tui.core.savefile import load
from kobito_tui.games import get_game
from kobito_tui.kobito.moves import legal_moves
from kobito_tui.kobito.rules import apply

from .analyse import _judge, chance
from .decisions import decisions
from .kobito_judge import pots_left
from .marks import calibration_map, mark

SAMPLE = {"kobito": 6, "treasure": 6}
"""Decisions judged per calibration game."""
SAMPLE_PER_SEAT = {"kobito": 8, "treasure": 4}
"""Decisions judged per seat in a discrimination game."""
DISCRIMINATION_SHARE = {"kobito": 5, "treasure": 10}
"""One discrimination game per this many calibration games (at least ``DISCRIMINATION_MIN``)."""
DISCRIMINATION_MIN = 20
POOL = {"kobito": 100, "treasure": 300}
"""The isotonic fit starts from blocks of this many decisions (a block of a few 0/1 outcomes is noise)."""
LEVEL_POOL = {"kobito": 100, "treasure": 200}
"""Blocks of at most this many decisions for one level's map (at most a tenth of its turns, at least 20):
chosen on the cross-fitted tables of the fitting runs (Treasure: 300, 200, 100, 50 missed 3, 2, 3, 4 bins
of the three levels; Kobito: 100, 50 missed 3 and 3), before the held-out runs were graded."""
LEVEL_RUNS = {"hard": "calibration", "medium": "calibration", "easy": "discrimination"}
"""The run whose turns fit and grade each computer level's own map (Easy plays only against Hard)."""
HARD_ITERATIONS = 20
"""The Hard computers' fixed work per decision, never the clock: Kobito's search iterations
(Hide the Treasure's Hard then searches every path, as it does in play; ``make_bot``)."""
MAP_FILE = Path(__file__).with_name("calibration.json")


def _game(job: tuple[str, list[str], int, int, bool]) -> list[dict[str, Any]]:
    """One self-play game and the rows of its sampled decisions."""
    game_id, levels, seed, sample, twice = job
    with tempfile.TemporaryDirectory() as folder:
        keep = Path(folder) / "game.jsonl"
        outcome = play_game(game_id, levels, seed, DEFAULT_BUDGET_S, selfplay_options(game_id), keep, HARD_ITERATIONS)
        record = load(keep)
    pick = random.Random(seed)
    rows = []
    for seat in range(len(levels)) if twice else [None]:
        open_ = [d for d in decisions(record) if not d.forced and (seat is None or d.seat == seat)]
        for decision in pick.sample(open_, min(sample, len(open_))):
            first = _judge((record, decision, 0))
            if first is None:
                continue
            row = {
                "game": seed,
                "level": levels[decision.seat],
                "best": first.best,
                "played": first.played,
                "won": outcome["credit"][decision.seat],
            }
            if twice:
                again = _judge((record, decision, 1))
                row["best_b"], row["played_b"] = (first.best, first.played) if again is None else (again.best, again.played)
            rows.append(row)
    return rows


def collect(game_id: str, games: int, jobs: int, seed: int = 0) -> list[dict[str, Any]]:
    """The rows of both runs: ``"run"`` is "calibration" (Hard, Medium) or "discrimination" (Easy, Hard)."""
    seeds = random.Random(seed)
    work = []
    for i in range(games):
        levels = ["hard", "medium"] if i % 2 == 0 else ["medium", "hard"]
        work.append(("calibration", (game_id, levels, seeds.randrange(2**31), SAMPLE.get(game_id, 1), False)))
    for i in range(max(DISCRIMINATION_MIN, games // DISCRIMINATION_SHARE.get(game_id, 10))):
        levels = ["easy", "hard"] if i % 2 == 0 else ["hard", "easy"]
        work.append(("discrimination", (game_id, levels, seeds.randrange(2**31), SAMPLE_PER_SEAT.get(game_id, 1), True)))
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            found = list(pool.map(_game, [job for _, job in work]))
    else:
        found = [_game(job) for _, job in work]
    return [row | {"run": run} for (run, _), rows in zip(work, found) for row in rows]


def isotonic(points: list[tuple[float, float]], pool: int = 1) -> list[list[float]]:
    """Knots of the monotone least-squares fit of y on x (pool adjacent violators), starting
    from blocks of at least ``pool`` points in order of x (a block of a few 0/1 outcomes is
    noise), points of equal x in one block (the map gives them one value: their mean)."""
    blocks: list[list[float]] = []  # [sum x, sum y, count]
    ordered = sorted(points)
    start = 0
    for i, (x, _) in enumerate(ordered):
        if i + 1 < len(ordered) and (i + 1 - start < pool or ordered[i + 1][0] == x):
            continue
        chunk, start = ordered[start : i + 1], i + 1
        blocks.append([sum(x for x, _ in chunk), sum(y for _, y in chunk), len(chunk)])
        while len(blocks) > 1 and blocks[-2][1] / blocks[-2][2] >= blocks[-1][1] / blocks[-1][2]:
            last = blocks.pop()
            for k in range(3):
                blocks[-1][k] += last[k]
    return [[round(sx / n, 4), round(sy / n, 4)] for sx, sy, n in blocks]


def calibrate(game_id: str, games: int, jobs: int, seed: int = 0, write: bool = False, held_out: bool = False) -> dict[str, Any]:
    return summarise(game_id, games, collect(game_id, games, jobs, seed), seed, write, held_out)


def summarise(
    game_id: str, games: int, rows: list[dict[str, Any]], seed: int = 0, write: bool = False, held_out: bool = False
) -> dict[str, Any]:
    """The table, the map (written to ``calibration.json`` with ``write``), discrimination and
    stability from the rows of :func:`collect`; with ``held_out`` all three through the shipped
    map rather than one fitted on these rows."""
    if held_out and write:
        raise ValueError("a held-out check grades the shipped map; it writes none")
    fit = [r for r in rows if r["run"] == "calibration"]
    pool = POOL.get(game_id, 1)
    shipped = [list(knot) for knot in calibration_map(game_id)]
    graded = _graded(fit, pool, None if not held_out else shipped)
    knots = shipped if held_out else _fit(fit, pool)
    levels, level_maps = {}, {}
    for level, run in LEVEL_RUNS.items():
        mine = [r for r in rows if r["run"] == run and r["level"] == level]
        if not mine:
            continue
        level_pool = _level_pool(LEVEL_POOL.get(game_id, pool), mine)
        own = [list(knot) for knot in calibration_map(game_id, level)] if held_out else None
        levels[level] = _bins(_graded(mine, level_pool, own))
        level_maps[level] = own if own is not None else _fit(mine, level_pool)
    if write:
        data = json.loads(MAP_FILE.read_text(encoding="utf-8"))
        data["maps"][game_id] = knots
        data.setdefault("levels", {})[game_id] = level_maps
        data.setdefault("made_by", {})[game_id] = f"kobito analyse --calibrate --write --game {game_id} --games {games} --seed {seed}"
        data.setdefault("levels_made_by", {})[game_id] = data["made_by"][game_id]
        MAP_FILE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return {
        "game": game_id,
        "games": games,
        "turns": len(fit),
        "held_out": held_out,
        "bins": _bins(graded),
        "levels": levels,
        "map": knots,
        "level_maps": level_maps,
        "rows": rows,
        **_discrimination([r for r in rows if r["run"] == "discrimination"], knots),
    }


def _level_pool(pool: int, rows: list[dict[str, Any]]) -> int:
    """The blocks for one level's fit: at most ``pool`` and a tenth of its turns, at least 20."""
    return min(pool, max(20, len(rows) // 10))


def _graded(rows: list[dict[str, Any]], pool: int, shipped: list[list[float]] | None) -> list[tuple[float, float]]:
    """(calibrated chance, credit) of each row: through ``shipped``, or cross-fitted (each half of
    the games through the map fitted on the other half)."""
    halves = [[r for r in rows if r["game"] % 2 == h] for h in (0, 1)]
    maps = [shipped, shipped] if shipped is not None else [_fit(half, pool) for half in halves]
    return [(chance(maps[1 - h], r["played"]), r["won"]) for h, half in enumerate(halves) for r in half]


def _fit(rows: list[dict[str, Any]], pool: int) -> list[list[float]]:
    """The map fitted on ``rows``, leaving out decided games (``analyse.chance`` does not map them)."""
    return isotonic([(r["played"], r["won"]) for r in rows if 0.0 < r["played"] < 1.0], pool) or [[0, 0], [1, 1]]


def _bins(graded: list[tuple[float, float]]) -> list[dict[str, Any]]:
    """The table of (calibrated chance, credit) pairs: by 10 points of chance, the turns, the
    mean chance, the share won with its 95% interval, and whether they agree within 6 points
    (None below 50 turns)."""
    table = [[0, 0.0, 0.0] for _ in range(10)]  # turns, sum of chances, won
    for p, won in graded:
        cell = table[min(9, int(p * 10))]
        cell[0] += 1
        cell[1] += p
        cell[2] += won
    bins = []
    for b, (n, sum_p, won) in enumerate(table):
        lo, hi = wilson(won, int(n))
        mean, rate = (sum_p / n, won / n) if n else (0.0, 0.0)
        within = abs(mean - rate) <= 0.06 if n >= 50 else None
        bins.append(
            {
                "bin": f"{b / 10:.0%}-{(b + 1) / 10:.0%}",
                "turns": int(n),
                "estimated": mean,
                "observed": rate,
                "ci95": [lo, hi],
                "within_6": within,
            }
        )
    return bins


def _marked(knots: list[list[float]], best: float, played: float) -> str | None:
    before = chance(knots, best)
    return mark(before - min(before, chance(knots, played)))


def _discrimination(rows: list[dict[str, Any]], knots: list[list[float]]) -> dict[str, Any]:
    bad = {"easy": [0, 0], "hard": [0, 0]}
    same = 0
    for r in rows:
        first = _marked(knots, r["best"], r["played"])
        bad[r["level"]][0] += first in ("mistake", "blunder")
        bad[r["level"]][1] += 1
        same += first == _marked(knots, r["best_b"], r["played_b"])
    rates: dict[str, Any] = {level: {"turns": n, "rate": k / n if n else 0.0, "ci95": list(wilson(k, n))} for level, (k, n) in bad.items()}
    rates["ratio"] = _ratio(bad["easy"], bad["hard"])
    return {
        "discrimination": rates,
        "stability": {"turns": len(rows), "same": same / len(rows) if rows else 0.0, "ci95": list(wilson(same, len(rows)))},
    }


def _share_positions(seed: int, players: int) -> list[tuple[list[float], int, list[float]]]:
    """One quick self-play game (each seat Medium, slipping or Easy-like): at each turn's start
    the seats' values (``bots.kobito_ismcts.value``), the pots still to be won, and the credits."""
    header = new_header("kobito", tuple(Seat("", "bot", "medium") for _ in range(players)), selfplay_options("kobito"), seed=seed)
    state = get_game("kobito").new_state(header)
    luck = random.Random(seed)
    policies = [luck.choice([greedy_move, slipping_move, random_move]) for _ in range(players)]
    rows: list[tuple[list[float], int]] = []
    last = None
    while True:
        settle(state, luck)
        if state.over:
            break
        if state.turn != last and state.played == 0:
            rows.append(([value(state, s) for s in range(players)], pots_left(state)))
        last = state.turn
        apply(state, policies[state.turn](state, legal_moves(state), luck))
    credit = [final(state, s) for s in range(players)]
    return [(values, left, credit) for values, left in rows]


def fit_share(games: int = 2000) -> dict[str, float]:
    """The constants of ``kobito_judge.share`` by maximum likelihood (a grid) on the turn starts
    of ``games`` quick self-play games at 2, 2, 3 and 4 players; made ``SHARPNESS, HORIZON,
    POWER = 0.8, 2, 0.75`` (600 games: the mean log-likelihood per position -0.724; equal shares
    score -0.98)."""
    positions = [row for i in range(games) for row in _share_positions(i, (2, 2, 3, 4)[i % 4])]

    def likelihood(sharpness: float, horizon: float, power: float) -> float:
        total = 0.0
        for values, left, credit in positions:
            beta = sharpness / (left + horizon) ** power
            top = max(values)
            weights = [math.exp(beta * (v - top)) for v in values]
            whole = sum(weights)
            total += sum(c * math.log(max(1e-12, w / whole)) for c, w in zip(credit, weights))
        return total / len(positions)

    grid = [
        (likelihood(s, h, p), s, h, p)
        for p in (0.5, 0.75, 1.0)
        for h in (1.0, 2.0, 4.0, 8.0)
        for s in (0.1, 0.2, 0.3, 0.5, 0.8, 1.2, 2.0, 3.0)
    ]
    best = max(grid)
    return {"log_likelihood": best[0], "sharpness": best[1], "horizon": best[2], "power": best[3]}


def _ratio(easy: list[int], hard: list[int]) -> dict[str, Any]:
    """Easy's rate over Hard's, with its 95% interval (the log method; half a count added to
    each cell when one is empty)."""
    a, n1, b, n2 = float(easy[0]), float(easy[1]), float(hard[0]), float(hard[1])
    if not (n1 and n2):
        return {"ratio": None, "ci95": [None, None]}
    if a == 0 or b == 0:
        a, b, n1, n2 = a + 0.5, b + 0.5, n1 + 0.5, n2 + 0.5
    ratio = (a / n1) / (b / n2)
    spread = 1.96 * math.sqrt(max(0.0, 1 / a - 1 / n1 + 1 / b - 1 / n2))
    return {"ratio": ratio, "ci95": [ratio * math.exp(-spread), ratio * math.exp(spread)]}


def _table(bins: list[dict[str, Any]]) -> list[str]:
    lines = [f"{'bin':<10}{'turns':>7}{'estimated':>11}{'observed':>10}{'95% CI':>18}  within ±6"]
    for b in bins:
        lo, hi = b["ci95"]
        ok = "-" if b["within_6"] is None else "yes" if b["within_6"] else "NO"
        lines.append(f"{b['bin']:<10}{b['turns']:>7}{b['estimated']:>11.1%}{b['observed']:>10.1%}{f'[{lo:.1%}, {hi:.1%}]':>18}  {ok}")
    return lines


def report(result: dict[str, Any]) -> str:
    graded = "the shipped map, held out" if result.get("held_out") else "cross-fitted by halves"
    lines = [f"{result['game']}: {result['games']} games Hard v Medium, seats rotated, {result['turns']} sampled turns, {graded}"]
    lines.append("All of them through the pooled map (a person's seat):")
    lines += _table(result["bins"])
    for level, bins in result.get("levels", {}).items():
        games = "Easy v Hard games" if LEVEL_RUNS.get(level) == "discrimination" else "these games"
        lines.append(f"Turns of the {level} computer only ({sum(b['turns'] for b in bins)}, {games}), through its own map:")
        lines += _table(bins)
    d = result["discrimination"]
    lines.append("Easy v Hard, mistakes and blunders per sampled turn:")
    for level in ("easy", "hard"):
        lo, hi = d[level]["ci95"]
        lines.append(f"  {level:<6}{d[level]['rate']:>7.1%} [{lo:.1%}, {hi:.1%}] of {d[level]['turns']}")
    ratio = d.get("ratio", {})
    if ratio.get("ratio") is not None:
        lo, hi = ratio["ci95"]
        lines.append(f"  easy / hard {ratio['ratio']:.2f} [{lo:.2f}, {hi:.2f}]")
    s = result["stability"]
    lines.append(f"Same mark with another seed: {s['same']:.1%} [{s['ci95'][0]:.1%}, {s['ci95'][1]:.1%}] of {s['turns']}")
    return "\n".join(lines)
