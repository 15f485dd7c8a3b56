"""``kobito selfplay``: bots against bots, seats rotated game by game.

Each bot (a ``bot:level`` entry of ``--players``) gets a win rate with a 95%
Wilson interval, its mean score and the median and 95th percentile of its
decision times.  A shared win counts 1/k to each of the k winners (a half
with two players); a draw (Hide the Treasure's turn limit) counts 1/n to each
of the n players.  Mean score: Kobito's score; for Hide the Treasure the
tiles of the bot's colour on the winning side at the end (0-5).  With
``keep`` every game is also written as a save file, to replay and study.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, TypedDict

from kobito_tui.bots import DEFAULT_BUDGET_S, make_bot
from kobito_tui.bots.registry import selfplay_options
from kobito_tui.core.game import Event, Seat
from kobito_tui.core.record import Record, new_header, parse_players, run_chance
from kobito_tui.core.savefile import SUFFIX, save
from kobito_tui.games import get_game


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (``successes`` may be fractional)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) by nearest rank; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def labels(players: str) -> list[str]:
    """One label per seat, ``bot:level``, numbered when a level appears twice."""
    seats = parse_players(players)
    if not all(seat.is_bot for seat in seats):
        raise ValueError("self-play needs bots only, e.g. bot:strong,bot:greedy")
    names = [f"bot:{seat.level}" for seat in seats]
    return [f"{name}#{names[:i].count(name) + 1}" if names.count(name) > 1 else name for i, name in enumerate(names)]


class Outcome(TypedDict):
    """One game's numbers, by seat."""

    credit: list[float]  # win shares
    scores: list[int]
    times: list[list[float]]  # seconds per decision
    events: int


# play_game's arguments, one game of ``run``: game, levels, seed, budget_s, options, keep, iterations.
Job = tuple[str, list[str], int, float, dict[str, Any], Path | None, int | None]


def play_game(
    game_id: str,
    levels: list[str],
    seed: int,
    budget_s: float,
    options: dict[str, Any] | None = None,
    keep: Path | None = None,
    iterations: int | None = None,
) -> Outcome:
    """One game: ``levels`` by seat.  Credits (win shares), scores and decision times by seat;
    the game is saved to the file ``keep`` when given; ``iterations`` fixes the hard bots'
    work (see :func:`make_bot`)."""
    game = get_game(game_id)
    seats = tuple(Seat("", "bot", level) for level in levels)
    header = new_header(game_id, seats, options, seed=seed)
    bots = [make_bot(game_id, level, seed * 31 + i, budget_s, iterations) for i, level in enumerate(levels)]
    state = game.new_state(header)
    events: list[Event] = []
    seen: list[list[Event]] = [[] for _ in seats]  # each seat's redacted history

    def record(added: list[Event]) -> None:
        for seat, history in enumerate(seen):
            history.extend(game.redact(event, seat) for event in added)

    record(run_chance(game, header, state, events))
    times: list[list[float]] = [[] for _ in seats]
    while not game.is_over(state):
        seat = game.to_act(state)
        assert seat is not None, "no chance is pending and the game goes on, so a seat is to act"
        legal = game.legal_moves(state)
        began = time.perf_counter()
        move = bots[seat].choose(game, header.public(), game.view(state, seat), legal, seen[seat])
        times[seat].append(time.perf_counter() - began)
        if move not in legal:
            raise RuntimeError(f"bot {levels[seat]} chose an illegal move {move!r}")
        game.apply(state, move)
        events.append(move)
        record([move])
        record(run_chance(game, header, state, events))
    if keep is not None:
        save(keep, Record(header, events))
    result = game.result(state)
    assert result is not None, "the game is over"
    n = len(seats)
    credit = [1 / len(result.winners) if s in result.winners else 0.0 for s in range(n)] if result.winners else [1 / n] * n
    scores = result.scores or [game.view(state, s).my_progress for s in range(n)]
    return {"credit": credit, "scores": scores, "times": times, "events": len(events)}


def _play(job: Job) -> Outcome:
    return play_game(*job)


def run(args: Any) -> dict[str, Any]:
    """Play ``args.games`` games; ``args`` has game, players, games, seed,
    budget_s (hard bots' seconds per decision, None: the default), iterations (a fixed
    amount of work per hard decision instead, or None), jobs (processes), option
    (rule options as name-value pairs) and keep (a folder for the games, or None)."""
    names = labels(args.players)
    levels = [name.split("#")[0].split(":")[1] for name in names]
    budget_s = args.budget_s or DEFAULT_BUDGET_S
    options = selfplay_options(args.game) | dict(args.option)
    get_game(args.game).normalize_options(dict(options), len(names))  # a bad option fails before any game
    order = random.Random(args.seed)
    seatings = [names[i % len(names) :] + names[: i % len(names)] for i in range(args.games)]  # rotate seats
    folder = None if args.keep is None else Path(args.keep)
    jobs: list[Job] = [
        (
            args.game,
            [levels[names.index(s)] for s in seating],
            order.randrange(2**31),
            budget_s,
            options,
            None if folder is None else folder / f"{args.game}-selfplay-{i + 1:04d}{SUFFIX}",
            args.iterations,
        )
        for i, seating in enumerate(seatings)
    ]
    workers = args.jobs or 1
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            outcomes = list(pool.map(_play, jobs))
    else:
        outcomes = [_play(job) for job in jobs]
    credit = {name: 0.0 for name in names}
    scores: dict[str, list[float]] = {name: [] for name in names}
    times: dict[str, list[float]] = {name: [] for name in names}
    for seating, outcome in zip(seatings, outcomes):
        for seat, name in enumerate(seating):
            credit[name] += outcome["credit"][seat]
            scores[name].append(outcome["scores"][seat])
            times[name] += outcome["times"][seat]
    bots = {}
    for name in names:
        lo, hi = wilson(credit[name], args.games)
        bots[name] = {
            "win_rate": credit[name] / args.games if args.games else 0.0,
            "ci95": [lo, hi],
            "mean_score": statistics.fmean(scores[name]) if scores[name] else 0.0,
            "decision_ms_median": 1000 * statistics.median(times[name]) if times[name] else 0.0,
            "decision_ms_p95": 1000 * percentile(times[name], 0.95),
        }
    return {"game": args.game, "bots": bots, "games": args.games, "budget_s": budget_s, "iterations": args.iterations, "options": options}


def report(result: dict[str, Any]) -> str:
    """The table in words."""
    if not result["iterations"]:
        work = f"hard budget {result['budget_s']} s per decision"
    elif result["game"] == "kobito":
        work = f"hard bots: {result['iterations']} iterations per decision"
    else:
        work = "hard bots: every path searched"
    lines = [
        f"{result['game']}: {result['games']} games, seats rotated, {work}",
        "options: " + (", ".join(f"{name}={value}" for name, value in result["options"].items()) or "defaults"),
        f"{'bot':<16}{'win rate':>10}{'95% CI':>18}{'mean score':>12}{'median ms':>11}{'p95 ms':>10}",
    ]
    for name, row in result["bots"].items():
        lo, hi = row["ci95"]
        lines.append(
            f"{name:<16}{row['win_rate']:>9.1%} {f'[{lo:.1%}, {hi:.1%}]':>17}{row['mean_score']:>12.2f}"
            f"{row['decision_ms_median']:>11.1f}{row['decision_ms_p95']:>10.1f}"
        )
    lines.append("A shared win or a draw counts as an equal share (a half with two players).")
    return "\n".join(lines)
