"""The computers' fixed ratings (anchors), and how they were fitted from self-play.

A computer level is a seat like a player's, but its rating never moves: it is an anchor, so a game
against Hard means the same in March as in May and a lone player who only plays computers still
gets a rating on the players' scale.  The anchors were fitted once, per game, from two-player
self-play between neighbouring levels (``python -m kobito_tui.serve.anchors``, docs/ratings.md):

1. ``tally``: every pair of :data:`PAIRS` plays ``games`` games of ``kobito selfplay`` (seats
   rotated; Kobito's Hard at a fixed 300 search iterations a decision, Hide the Treasure's Hard
   searching every path), each win counted 1, a shared win or a draw ½ to each;
2. ``fit``: the Bradley–Terry strengths (two-player Plackett–Luce) that make those results most
   likely, with one drawn game added to every pair as a prior (so a pair one level always wins
   still has a finite gap), found by Hunter's MM iterations;
3. on openskill's scale: Medium at 25 (the rating a new player starts from), each other level at
   25 plus its log-strength over Medium's times ``c`` = √(2(σ² + β²)), the ``c`` with which
   openskill's own Plackett–Luce turns two ratings of σ = :data:`ANCHOR_SIGMA` into a win chance.
   So openskill's prediction between two anchors is the win rate self-play measured.

The tallies are kept (:data:`TALLIES`), and the anchors are computed from them
(``tests/serve/test_history.py`` checks that :data:`ANCHORS` is what :func:`fit` makes of them).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

from kobito_tui.core.levels import canonical

ANCHOR_SIGMA = 1.0  # an anchor's uncertainty: small (it is fitted from many games, and it never moves)
BETA = 25 / 6  # openskill's default β (the performance spread of one game), which the ratings use
MEDIUM_MU = 25.0  # Medium's anchor: where a new player's rating starts
PAIRS = (("random", "easy"), ("easy", "medium"), ("medium", "hard"), ("easy", "hard"))
ITERATIONS = {"kobito": 300, "treasure": 1}  # Hard's fixed work in the fitting run (treasure: 1 = every path)

# The fitting run (December 2026): pair -> (games, the first level's wins, a shared win or draw a half).
# kobito: 200 games a pair (easy-hard 100), seed 37; treasure: 400 a pair, seed 37.
TALLIES: dict[str, dict[tuple[str, str], tuple[int, float]]] = {
    "kobito": {
        ("random", "easy"): (200, 16.0),
        ("easy", "medium"): (200, 32.0),
        ("medium", "hard"): (200, 12.5),
        ("easy", "hard"): (100, 5.5),
    },
    "treasure": {
        ("random", "easy"): (400, 25.0),
        ("easy", "medium"): (400, 52.0),
        ("medium", "hard"): (400, 57.5),
        ("easy", "hard"): (400, 15.0),
    },
}


def fit(tallies: dict[tuple[str, str], tuple[int, float]], rounds: int = 10_000) -> dict[str, float]:
    """Each level's mu from two-player results ``(first, second) -> (games, first's wins)``: the
    Bradley–Terry maximum-likelihood strengths with one drawn game added per pair, Medium at
    :data:`MEDIUM_MU`, a log-strength unit worth ``c`` = √(2(σ² + β²)) on openskill's scale."""
    levels = sorted({level for pair in tallies for level in pair})
    wins = {level: 0.0 for level in levels}
    games: dict[tuple[str, str], float] = {}
    for (a, b), (played, won) in tallies.items():
        wins[a] += won + 0.5
        wins[b] += played - won + 0.5
        games[(a, b)] = games.get((a, b), 0.0) + played + 1
    strength = {level: 1.0 for level in levels}
    for _ in range(rounds):  # Hunter's MM: each strength from its wins over its expected games
        new = {}
        for level in levels:
            weight = sum(n / (strength[a] + strength[b]) for (a, b), n in games.items() if level in (a, b))
            new[level] = wins[level] / weight
        total = math.exp(sum(math.log(s) for s in new.values()) / len(new))
        new = {level: s / total for level, s in new.items()}
        settled = max(abs(math.log(new[level] / strength[level])) for level in levels) < 1e-12
        strength = new
        if settled:
            break
    c = math.sqrt(2 * (ANCHOR_SIGMA**2 + BETA**2))
    middle = math.log(strength["medium"]) if "medium" in strength else 0.0
    return {level: round(MEDIUM_MU + c * (math.log(strength[level]) - middle), 3) for level in levels}


# game -> level -> mu: what fit() makes of TALLIES (tests/serve/test_history.py checks it), kept as numbers
ANCHORS: dict[str, dict[str, float]] = {
    "kobito": {"random": 1.241, "easy": 15.871, "medium": 25.0, "hard": 39.442},
    "treasure": {"random": -2.269, "easy": 14.029, "medium": 25.0, "hard": 35.309},
}


def anchor(game: str, level: str | None) -> float:
    """The fixed mu of a computer of ``level`` (an old name is its recipe's) in ``game``."""
    try:
        name = canonical(level or "random")
    except ValueError:
        name = "random"
    return ANCHORS[game][name]


def tally(
    game: str, games: int, seed: int, jobs: int, pairs: tuple[tuple[str, str], ...] = PAIRS
) -> dict[tuple[str, str], tuple[int, float]]:
    """Play the fitting run of ``game``: ``games`` two-player self-play games for each pair (a pair
    with Hard in Kobito: half as many), seats rotated."""
    from kobito_tui.bots import selfplay  # the bots: only the fitting run needs them

    found = {}
    for a, b in pairs:
        count = games // 2 if game == "kobito" and "hard" in (a, b) and a != "medium" else games
        args = argparse.Namespace(
            game=game,
            players=f"bot:{a},bot:{b}",
            games=count,
            seed=seed,
            budget_s=None,
            iterations=ITERATIONS[game],
            jobs=jobs,
            option=[],
            keep=None,
        )
        result = selfplay.run(args)
        found[(a, b)] = (count, round(result["bots"][f"bot:{a}"]["win_rate"] * count * 2) / 2)
        print(f"{game} {a}-{b}: {found[(a, b)]}", file=sys.stderr, flush=True)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kobito_tui.serve.anchors", description="fit the computers' anchor ratings")
    parser.add_argument("--game", choices=["kobito", "treasure"], required=True)
    parser.add_argument("--games", type=int, default=200, help="games a pair (Kobito's pairs with Hard and Easy: half)")
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    tallies = tally(args.game, args.games, args.seed, args.jobs)
    out: dict[str, Any] = {"tallies": {f"{a}-{b}": list(v) for (a, b), v in tallies.items()}, "anchors": fit(tallies)}
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
