"""Kobito: a decision's winning chances over a fixed set of worlds shared by its candidate lines.

From the seat's view and redacted history (``bots.kobito_world.World``: the same
determinisation the Hard computer searches, never the hidden cards) ``WORLDS``
full states are dealt once per decision, each with its own luck.  Every
candidate line is played in every one of them (common random numbers: the
candidates meet the same deals and the same draws, so their difference is the
decision's, not the dice's):

* the candidates are the line played, the Medium computer's (``greedy_move``)
  and, for each distinct first move (cards abstracted to their classes,
  ``move_key``), that move followed by the Medium computer's moves to the
  decision's end; they are ranked by a cheap prior (``PRIOR_WORLDS`` worlds) and
  the best ``SHORTLIST`` are valued in all worlds;
* a line is valued by playing on one round — the rest of the seat's turn, then
  every other seat's, by the Medium policy — and scoring the position when the
  turn comes back by :func:`share`, a softmax over the seats' holdings
  (``bots.kobito_ismcts.value``: score, workshop, wild cards, the pots within
  reach of the seat to act) whose sharpness grows as the pots still to be won
  run out; its constants (``SHARPNESS``, ``HORIZON``, ``POWER``) are the maximum
  likelihood fit on positions of self-play games (``quality.fit_share``);
* the loss of the line played is the mean of its per-world difference to the
  best line, less ``NOISE_Z`` standard errors of that mean (floored at 0): a
  turn is marked only for a loss beyond the estimator's own noise.

A decision's moves depend only on the seat's hand and the table, so a line
played in one deal is legal in all.  The raw chances then go through the
calibration map (``marks``, ``calibration.json``) fitted on Hard-v-Medium self-play.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from statistics import fmean, stdev
from typing import Any

from kobito_tui.bots.kobito_greedy import greedy_move
from kobito_tui.bots.kobito_ismcts import final, settle, value
from kobito_tui.bots.kobito_world import World, move_key
from kobito_tui.core.game import Event
from kobito_tui.kobito.chance import chance
from kobito_tui.kobito.moves import legal_moves
from kobito_tui.kobito.rules import apply
from kobito_tui.kobito.state import KobitoState

from .judgement import Judgement, rng

WORLDS = 64  # worlds every shortlisted candidate is valued in
PRIOR_WORLDS = 4  # worlds the prior ranks all candidates in
SHORTLIST = 3  # candidates valued in all worlds besides the played and the Medium line
NOISE_Z = 2.0  # standard errors of the paired difference a loss must exceed
SHARPNESS, HORIZON, POWER = 0.8, 2.0, 0.75
"""share: softmax of the seats' values with inverse temperature SHARPNESS / (pots left + HORIZON) ** POWER."""

Policy = Callable[[KobitoState, list[Event], random.Random], Event]


def pots_left(state: KobitoState) -> int:
    """Pots still to be won before the game ends (it ends when two remain)."""
    return max(0, len(state.gold_deck) + sum(p is not None for p in state.pots) - 2)


def share(state: KobitoState, seat: int) -> float:
    """``seat``'s winning chance in ``state`` (a full state): its result if the game is
    over, else its softmax share of the seats' values."""
    if state.over:
        return final(state, seat)
    beta = SHARPNESS / (pots_left(state) + HORIZON) ** POWER
    values = [value(state, s) for s in range(state.players)]
    top = max(values)
    weights = [math.exp(beta * (v - top)) for v in values]
    return weights[seat] / sum(weights)


def _ended(state: KobitoState, seat: int) -> bool:
    """Whether the decision is over: the turn has passed on or chance must act."""
    return state.over or state.turn != seat or chance(state, random.Random(0)) is not None


def _line(state: KobitoState, seat: int, first: Event | None, rng_: random.Random) -> tuple[Event, ...]:
    """Moves from ``state`` (changed in place): ``first`` if given, then the Medium policy's, to the decision's end."""
    moves: list[Event] = []
    while not _ended(state, seat):
        move = first if first is not None and not moves else greedy_move(state, legal_moves(state), rng_)
        apply(state, move)
        moves.append(move)
    return tuple(moves)


def _play_on(state: KobitoState, seat: int, luck: random.Random, policy: Policy = greedy_move) -> float:
    """Play one round on from ``state`` (changed in place) by ``policy``: the rest of
    ``seat``'s turn and every other seat's; ``seat``'s share when its turn is back."""
    left = False
    while True:
        settle(state, luck)
        if state.over:
            return final(state, seat)
        if state.turn != seat:
            left = True
        elif left:
            return share(state, seat)
        apply(state, policy(state, legal_moves(state), luck))


class _Worlds:
    """The decision's worlds, dealt once: the same deal and luck for every candidate."""

    def __init__(self, world: World, seat: int, seed: int, count: int):
        self.seat = seat
        self.states = [world.deal(rng(seed, "deal", k)) for k in range(count)]
        self.seeds = [f"{seed}:luck:{k}" for k in range(count)]

    def values(self, line: Sequence[Event], count: int | None = None) -> list[float]:
        found = []
        for state, luck in list(zip(self.states, self.seeds))[:count]:
            state = state.copy()
            for move in line:
                apply(state, move)
            found.append(_play_on(state, self.seat, random.Random(luck)))
        return found


def candidates(world: World, seat: int, played: Sequence[Event], seed: int) -> list[tuple[Event, ...]]:
    """The played line, the Medium line, then one line per distinct first move (Medium after it)."""
    start = world.deal(rng(seed, "line"))
    found: list[tuple[Event, ...]] = [tuple(played), _line(start.copy(), seat, None, rng(seed, "greedy"))]
    firsts: dict[tuple[Any, ...], Event] = {}
    for move in legal_moves(start):
        firsts.setdefault(move_key(move), move)
    for move in firsts.values():
        found.append(_line(start.copy(), seat, move, rng(seed, "greedy")))
    unique: list[tuple[Event, ...]] = []
    for line in found:
        if line and line not in unique:
            unique.append(line)
    return unique  # the played line first, then the Medium line unless it is the played one


def judge(view: Any, history: list[Event], played: list[Event], seed: int) -> Judgement:
    """The chances of the best line found and of the ``played`` one, from ``view`` and ``history``."""
    seat = view.seat
    world = World(view, history)
    lines = candidates(world, seat, played, seed)
    worlds = _Worlds(world, seat, seed, WORLDS)
    fixed = lines[:2]  # the played line and the Medium line (or the first other) are always valued in full
    rest = lines[2:]
    if len(rest) > SHORTLIST:
        prior = [fmean(worlds.values(line, PRIOR_WORLDS)) for line in rest]
        rest = [rest[i] for i in sorted(range(len(rest)), key=lambda i: -prior[i])[:SHORTLIST]]
    shortlist = fixed + [line for line in rest if line not in fixed]
    values = [worlds.values(line) for line in shortlist]
    means = [fmean(v) for v in values]
    best = max(range(len(shortlist)), key=lambda i: means[i])  # the played line (first) wins ties
    mine = means[0]
    lost = loss(values[best], values[0]) if best else 0.0
    if lost <= 0.0:
        return Judgement(mine, mine, shortlist[0])
    return Judgement(mine + lost, mine, shortlist[best])


def loss(best: Sequence[float], played: Sequence[float]) -> float:
    """What the played line lost against the best, world by world (the same worlds): the mean
    difference less ``NOISE_Z`` standard errors of it, or 0 when that is not above 0."""
    diffs = [b - p for b, p in zip(best, played)]
    if not diffs:
        return 0.0
    noise = stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    return max(0.0, fmean(diffs) - NOISE_Z * noise)
