"""A test-only upper bound for the strong Kobito bot, and matches against it.

:class:`OracleBot` runs the strong bot's search on the true hands (only the
order of the deck stays hidden), so it shows what the strong bot loses by not
seeing them.  It cheats by construction: it is never offered to players and
lives in the tests only.

A match, seats rotated game by game (shares, 95% Wilson intervals, decision
times, and three habits per bot: penalty cards taken, pots left one or two
cards short that the next player then won, turns ended with four workshop
rainbows)::

    .venv/bin/python tests/bots/oracle.py --players hard,oracle --games 42 --budget 0.3 --jobs 2

``--iterations N`` gives both the same fixed work instead (N search iterations a
decision), so a loaded machine measures the same strength.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from kobito_tui.bots import make_bot
from kobito_tui.bots.kobito_ismcts import IsmctsBot
from kobito_tui.bots.kobito_world import remaining
from kobito_tui.bots.selfplay import percentile, wilson
from kobito_tui.core.game import Seat
from kobito_tui.core.record import new_header, run_chance
from kobito_tui.games import get_game


class OracleBot(IsmctsBot):
    """The strong bot's search, dealt the real game: ``peek()`` returns the true state."""

    def __init__(self, seed, budget_s, peek, iterations=None):
        super().__init__(seed, budget_s, iterations)
        self.peek = peek

    def dealer(self, view, history):
        def deal(rng: random.Random):
            state = self.peek().copy()
            rng.shuffle(state.deck)
            return state

        return deal


def play(levels: list[str], seed: int, budget_s: float, iterations: int | None = None) -> dict:
    """One game, ``levels`` by seat ("oracle" or a bot level)."""
    game = get_game("kobito")
    header = new_header("kobito", tuple(Seat(f"C{i}", "bot", "random") for i in range(len(levels))), seed=seed)
    state = game.new_state(header)
    bots = [
        OracleBot(seed * 31 + i, budget_s, lambda: state, iterations)
        if level == "oracle"
        else make_bot("kobito", level, seed * 31 + i, budget_s, iterations)
        for i, level in enumerate(levels)
    ]
    events: list = []
    seen: list[list] = [[] for _ in levels]

    def record(added):
        for seat, history in enumerate(seen):
            history.extend(game.redact(event, seat) for event in added)

    record(run_chance(game, header, state, events))
    times: list[list[float]] = [[] for _ in levels]
    gifts = [0] * len(levels)
    crowded = [0] * len(levels)  # turns ended with four workshop rainbows
    offered: tuple[int, set] = (-1, set())  # (giver, gold cards left one or two short)
    while not game.is_over(state):
        seat = game.to_act(state)
        legal = game.legal_moves(state)
        began = time.perf_counter()
        move = bots[seat].choose(game, header, game.view(state, seat), legal, seen[seat])
        times[seat].append(time.perf_counter() - began)
        won = len(state.won[seat])
        game.apply(state, move)
        if len(state.won[seat]) > won and state.won[seat][-1] in offered[1] and offered[0] != seat:
            gifts[offered[0]] += 1
        if move["type"] == "end-turn":
            crowded[seat] += len(state.workshops[seat]) == 4
            short = {p.gold for slot, p in enumerate(state.pots) if p and remaining(state, slot) in (1, 2)}
            offered = (seat, short)
        events.append(move)
        record([move])
        record(run_chance(game, header, state, events))
    result = game.result(state)
    credit = [1 / len(result.winners) if s in result.winners else 0.0 for s in range(len(levels))]
    return {
        "credit": credit,
        "scores": result.scores,
        "times": times,
        "gifts": gifts,
        "crowded": crowded,
        "penalties": [len(p) for p in state.penalties],
    }


def _play(job):
    return play(*job)


def match(names: list[str], games: int, budget_s: float, seed: int = 1, jobs: int = 1, iterations: int | None = None) -> dict:
    """``games`` games between ``names`` (one per seat), seats rotated."""
    order = random.Random(seed)
    seatings = [names[i % len(names) :] + names[: i % len(names)] for i in range(games)]
    jobs_list = [(seating, order.randrange(2**31), budget_s, iterations) for seating in seatings]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            outcomes = list(pool.map(_play, jobs_list))
    else:
        outcomes = [_play(job) for job in jobs_list]
    rows = {}
    for name in dict.fromkeys(names):
        got = [(o, seat) for seating, o in zip(seatings, outcomes) for seat, n in enumerate(seating) if n == name]
        share = sum(o["credit"][s] for o, s in got)
        times = [t for o, s in got for t in o["times"][s]]
        rows[name] = {
            "share": share / len(got),
            "ci95": wilson(share, len(got)),
            "games": len(got),
            "mean_score": statistics.fmean(o["scores"][s] for o, s in got),
            "penalty_cards_per_game": statistics.fmean(o["penalties"][s] for o, s in got),
            "gifts_per_game": statistics.fmean(o["gifts"][s] for o, s in got),
            "four_rainbow_turns_per_game": statistics.fmean(o["crowded"][s] for o, s in got),
            "decision_ms_median": 1000 * statistics.median(times),
            "decision_ms_p95": 1000 * percentile(times, 0.95),
        }
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="hard,oracle", help="levels by seat: oracle, hard, medium, easy, random")
    parser.add_argument("--games", type=int, default=42)
    parser.add_argument("--budget", type=float, default=0.3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--iterations", type=int, help="fixed search iterations a decision for every searching bot")
    args = parser.parse_args()
    names = args.players.split(",")
    for name, row in match(names, args.games, args.budget, args.seed, args.jobs, args.iterations).items():
        lo, hi = row["ci95"]
        print(
            f"{name:<8} {row['share']:6.1%} [{lo:.1%}, {hi:.1%}] of {row['games']} games  score {row['mean_score']:5.1f}"
            f"  penalty cards {row['penalty_cards_per_game']:.2f}  gifts {row['gifts_per_game']:.2f}"
            f"  four-rainbow turns {row['four_rainbow_turns_per_game']:.1f}"
            f"  ms median {row['decision_ms_median']:.0f} p95 {row['decision_ms_p95']:.0f}"
        )


if __name__ == "__main__":
    main()
