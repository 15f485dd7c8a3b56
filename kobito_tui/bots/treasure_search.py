"""The search behind Hide the Treasure's strong level: deduce, play the rounds out, race.

* **Worlds.**  The likelihood model (``colour_beliefs``) gives each opponent
  a probability per colour; a *world* gives every opponent a distinct colour
  (never the bot's own), weighted by the product of those probabilities.
  The likeliest worlds are searched, each as if it were the truth.  In seek
  a world also lays the tiles nobody has seen (``LAYOUTS`` random layouts,
  the same for every path): turning up the last hidden tile of a colour then
  wins or loses as often as it would, and the players learn what they turn up.
* **The rounds.**  In a world, after an own 3-step path each opponent in
  turn plays its likely reply for the colour it holds there (the greedy
  heuristic: turn the own colour, head for it, never finish another), then
  the bot and everyone again for a second round.  A completed colour wins
  for its owner at once — so a path that finishes a colour someone likely
  holds is worth nothing, and one that turns back an opponent's nearly
  finished colour is worth what it saves.
* **The race.**  After the rounds every player is given the turns it still
  needs (``steps_to_finish``), counted in the order they move; a player
  standing on the last open tile of a colour finishes it for its owner when
  it steps off.  A soft minimum turns the times into the chance that the bot
  finishes first.
* **Hiding.**  The same likelihood model, applied to the bot's own path as
  an observer would, costs a little per unit of belief in its true colour
  (not while tiles are unseen in seek: there it cost more than it hid).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations

from .treasure_heuristics import best_path, steps_to_finish
from .treasure_model import Layout, Path, PublicGame, TurnModel, colour_beliefs, paths, placed, trapped, walk

# What a reply depends on: the board, the pawns, the mover, its colour and the layout it knows.
_ReplyKey = tuple[int, tuple[int | None, ...], int, int, tuple[int | None, ...]]

WIN = 1.0
LOSS = 0.0


@dataclass(frozen=True)
class World:
    """One guess at the hidden colours: ``colours[seat]``, with its probability;
    ``tiles`` gives every position its colour (in seek the unseen ones laid too)
    and ``masks`` each colour's positions."""

    weight: float
    colours: tuple[int, ...]
    tiles: tuple[int, ...] = ()
    masks: tuple[int, ...] = ()

    @classmethod
    def laid(cls, weight: float, colours: tuple[int, ...], tiles: tuple[int, ...]) -> World:
        return cls(weight, colours, tiles, tuple(sum(1 << p for p, t in enumerate(tiles) if t == c) for c in range(5)))

    def owner(self, colour: int) -> int | None:
        return self.colours.index(colour) if colour in self.colours else None


def worlds(beliefs: dict[int, list[float]], seat: int, mine: int, players: int, mass: float = 0.95, most: int = 12) -> list[World]:
    """The likeliest colour deals for the opponents, until they hold ``mass`` of
    the probability (at most ``most`` of them), weights renormalised."""
    opponents = [s for s in range(players) if s != seat]
    free = [c for c in range(5) if c != mine]
    found = []
    for deal in permutations(free, len(opponents)):
        weight = math.prod(beliefs[o][c] for o, c in zip(opponents, deal))
        colours = [mine] * players
        for o, c in zip(opponents, deal):
            colours[o] = c
        found.append(World(weight, tuple(colours)))
    found.sort(key=lambda w: -w.weight)
    total = sum(w.weight for w in found) or 1.0
    kept, covered = [], 0.0
    for world in found[:most]:
        kept.append(world)
        covered += world.weight / total
        if covered >= mass:
            break
    norm = sum(w.weight for w in kept) or 1.0
    return [World(w.weight / norm, w.colours) for w in kept]


def completes(board: int, path: Path, world: World) -> tuple[int, int | None]:
    """The board after ``path`` and the seat whose colour one of its flips
    completes first in ``world`` (a colour nobody holds wins nothing), or None."""
    winner = None
    for pos in path.flips:
        board ^= 1 << pos
        if winner is None and board >> pos & 1:
            colour = world.tiles[pos]
            if board & world.masks[colour] == world.masks[colour]:
                winner = world.owner(colour)
    return board, winner


_layout = lru_cache(maxsize=4096)(Layout.of)  # a layout learnt in one world is met again in others


def learn(layout: Layout, path: Path, world: World) -> Layout:
    """The layout as known once the unseen tiles ``path`` turns up show ``world``'s colours."""
    if not layout.unseen & path.touched:
        return layout
    return _layout(tuple(world.tiles[p] if layout.colour_of[p] is None and p in path.flips else c for p, c in enumerate(layout.colour_of)))


def layouts(layout: Layout, rng: random.Random, count: int) -> list[tuple[int, ...]]:
    """``count`` random colourings of every position that agree with what is
    known (one, the layout itself, when nothing is unseen)."""
    if not layout.unseen:
        return [tuple(c for c in layout.colour_of if c is not None)]  # every tile is known
    found = []
    for _ in range(count):
        pool = [c for c in range(5) for _ in range(layout.hidden[c])]
        rng.shuffle(pool)
        found.append(tuple(pool.pop() if c is None else c for c in layout.colour_of))
    return found


class RoundSearch:
    """The value of an own path: the chance of winning, averaged over the
    likely worlds, less what the path tells observers about the own colour."""

    TAU = 1.0  # rounds: how sharply a turn more or less to go decides the race
    ROUNDS = 2  # rounds played out before the race is judged
    WORLDS = 6  # at most this many colour deals are searched
    LAYOUTS = 32  # seek: random layouts of the unseen tiles per colour deal (see docs/levels.md)
    SOONER = 0.98  # a win a turn later is worth this much of a win now
    LEAK = 0.05  # cost per unit of an observer's belief in the own colour, once every tile is seen

    def __init__(self, table: PublicGame, seat: int, mine: int, rng: random.Random):
        self.table, self.seat, self.mine = table, seat, mine
        self.layout, self.n = table.layout, table.players
        beliefs = {s: colour_beliefs(table, s, excluded={mine}) for s in range(self.n) if s != seat}
        laid = layouts(self.layout, rng, self.LAYOUTS)
        self.worlds = [
            World.laid(deal.weight / len(laid), deal.colours, tiles)
            for deal in worlds(beliefs, seat, mine, self.n, most=self.WORLDS)
            for tiles in laid
        ]
        self.replies: dict[_ReplyKey, Path | None] = {}
        self.observer = Observer(table, seat)

    def value(self, path: Path) -> float:
        """Above 1 for a path that wins at once; otherwise the chance of
        winning, less the leak (nothing is hidden once the game is won)."""
        if walk(self.table.board, self.layout, path)[1] == self.mine:
            return 2 * WIN
        return self.chance(path) - self.leak(path)

    def chance(self, path: Path) -> float:
        """The chance of winning after ``path`` (not one that wins at once): its outcome averaged over the worlds."""
        return sum(world.weight * self.outcome(path, world) for world in self.worlds)

    def leak(self, path: Path) -> float:
        """What ``path`` costs by telling observers the own colour."""
        if self.layout.unseen:  # seek: turning up unseen tiles says little, and hiding cost more than it hid
            return 0.0
        return self.LEAK * self.observer.belief(path, self.mine)

    def outcome(self, path: Path, world: World) -> float:
        """Play ``ROUNDS`` rounds in ``world``: the own path, then each opponent's
        likely reply (and in later rounds the own likely path too); a completed
        colour ends it, else the race decides."""
        table, known = self.table, self.layout
        board, pawns = table.board, table.pawns[:]
        for turn in range(self.ROUNDS * self.n):
            mover = (self.seat + turn) % self.n
            chosen = path if turn == 0 else self.reply(board, pawns, mover, world, known)
            if chosen is None:  # it must pass
                continue
            board, winner = completes(board, chosen, world)
            if winner is not None:
                return WIN * self.SOONER**turn if winner == self.seat else LOSS
            known = learn(known, chosen, world)
            pawns[table.pawn_index(mover)] = chosen.end
        return self.race(board, pawns, world, known)

    def reply(self, board: int, pawns: list[int | None], seat: int, world: World, known: Layout) -> Path | None:
        """``seat``'s likely path for its colour in ``world`` with the layout it knows (None: it must pass), cached."""
        key = (board, tuple(pawns), seat, world.colours[seat], known.colour_of)
        if key not in self.replies:
            self.replies[key] = best_path(board, known, world.colours[seat], self.options(pawns, seat))
        return self.replies[key]

    def options(self, pawns: list[int | None], seat: int) -> list[Path]:
        """Every path open to ``seat``'s pawn with the pawns at ``pawns``."""
        return paths(placed(pawns[self.table.pawn_index(seat)]), self.table.blocked(seat, pawns))

    def race(self, board: int, pawns: list[int | None], world: World, layout: Layout) -> float:
        """The chance that the bot, moving next, finishes first: each player's
        turns to go, in playing order, through a soft minimum."""
        table, n = self.table, self.n
        order = [(self.seat + k) % n for k in range(n)]
        times = []
        for k, s in enumerate(order):
            steps = max(1, steps_to_finish(board, layout, world.colours[s], placed(pawns[table.pawn_index(s)])))
            times.append(n * ((steps + 2) // 3 - 1) + k)
        movers = order[:1] if table.shared else order
        for k, s in enumerate(movers):  # a pawn on the last open tile of a colour finishes it
            colour = trapped(board, layout, placed(pawns[table.pawn_index(s)]))
            owner = None if colour is None else world.owner(colour)
            if owner is not None:
                times[order.index(owner)] = min(times[order.index(owner)], k)
        weights = [math.exp(-t / (self.TAU * n)) for t in times]
        return weights[0] / sum(weights)


class Observer:
    """What a player watching the bot's turn would believe about its colour:
    the likelihood model the bot uses on the others, applied to itself."""

    def __init__(self, table: PublicGame, seat: int):
        turn = table.current
        start = table.placed(seat) if turn is None else turn.path[0]
        self.model = TurnModel(table.board if turn is None else turn.board, start, table.blocked(seat), 3, table.layout)
        self.prior = colour_beliefs(table, seat)
        self.done = [] if turn is None else turn.path[:-1]

    def belief(self, path: Path, colour: int) -> float:
        """The observer's probability of ``colour`` once this turn's path is seen."""
        seen = [p * l for p, l in zip(self.prior, self.model.likelihoods(self.done + list(path.cells)))]
        return seen[colour] / sum(seen)
