"""What a Hide the Treasure bot knows and computes: the public board, the
3-step paths a pawn can take, and a likelihood over each seat's colour.

Everything here is built from a seat's view and its redacted history, which
holds the layout and every step but no other seat's colour.  A board is an
int: bit ``p`` is set when the tile at position ``p`` shows its winning side
(chest in the standard game, treasure in *seek*).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cache, lru_cache

from kobito_tui.core.game import Event
from kobito_tui.treasure.board import CELLS, COLOURS, NEIGHBOURS, from_rc, to_rc

STEPS_PER_TURN = 3
# An observed player is modelled as choosing a path with probability
# proportional to exp(BETA * net tiles of its colour turned to the winning
# side - ALPHA * steps from its end to the nearest tile of its colour still
# to turn), mixed with EPSILON uniform noise (so random players are allowed):
# a player turns its colour, and heads for it when it cannot.
BETA = 2.5
ALPHA = 1.0
EPSILON = 0.15


@dataclass(frozen=True)
class Path:
    """A pawn's steps: ``dirs`` and the positions ``cells[0]`` (start) .. end.
    Every position but the last is stepped off, so flipped, in order."""

    dirs: tuple[str, ...]
    cells: tuple[int, ...]
    net: int = field(init=False, compare=False, repr=False)  # the tiles it flips an odd number of times
    touched: int = field(init=False, compare=False, repr=False)  # every tile it flips

    def __post_init__(self) -> None:
        net = touched = 0
        for pos in self.cells[:-1]:
            net ^= 1 << pos
            touched |= 1 << pos
        object.__setattr__(self, "net", net)
        object.__setattr__(self, "touched", touched)

    @property
    def end(self) -> int:
        return self.cells[-1]

    @property
    def flips(self) -> tuple[int, ...]:
        return self.cells[:-1]


@cache
def _all_paths(start: int, steps: int) -> tuple[Path, ...]:
    paths = [Path((), (start,))]
    for _ in range(steps):
        paths = [Path(p.dirs + (d,), p.cells + (target,)) for p in paths for d, target in NEIGHBOURS[p.end].items()]
    return tuple(paths)


def paths(start: int, blocked: frozenset[int], steps: int = STEPS_PER_TURN) -> list[Path]:
    """Every path of ``steps`` steps from ``start`` that never steps onto ``blocked``."""
    return list(_open_paths(start, blocked, steps))


@lru_cache(maxsize=4096)
def _open_paths(start: int, blocked: frozenset[int], steps: int) -> tuple[Path, ...]:
    return tuple(p for p in _all_paths(start, steps) if not blocked.intersection(p.cells[1:]))


@dataclass(frozen=True)
class Layout:
    """What is known of the layout: the colour of each position (None for a
    tile nobody has seen yet, in *seek*), each colour's known positions and bit
    mask, the mask of the unseen tiles and how many of each colour they hide."""

    colour_of: tuple[int | None, ...]
    masks: tuple[int, ...]
    tiles: tuple[tuple[int, ...], ...]
    unseen: int
    hidden: tuple[int, ...]

    @classmethod
    def of(cls, colour_of: list[int | None]) -> Layout:
        tiles = tuple(tuple(p for p in range(CELLS) if colour_of[p] == c) for c in range(len(COLOURS)))
        unseen = sum(1 << p for p in range(CELLS) if colour_of[p] is None)
        hidden = tuple(5 - len(ps) for ps in tiles)
        return cls(tuple(colour_of), tuple(sum(1 << p for p in ps) for ps in tiles), tiles, unseen, hidden)

    def share(self, colour: int) -> float:
        """The chance that an unseen tile is of ``colour``."""
        return self.hidden[colour] / max(1, self.unseen.bit_count())

    def open_tiles(self, board: int, colour: int) -> list[int]:
        """Known positions of ``colour``'s tiles not yet on the winning side."""
        return [p for p in self.tiles[colour] if not board >> p & 1]


def _manhattan(a: int, b: int) -> int:
    (ra, ca), (rb, cb) = to_rc(a), to_rc(b)
    return abs(ra - rb) + abs(ca - cb)


DISTANCE = tuple(tuple(_manhattan(a, b) for b in range(CELLS)) for a in range(CELLS))
"""``DISTANCE[a][b]``: steps between two positions on an empty board."""


RINGS = tuple(tuple(sum(1 << b for b in range(CELLS) if DISTANCE[a][b] == d) for d in range(9)) for a in range(CELLS))
"""``RINGS[a][d]``: the mask of the positions ``d`` steps from ``a``."""


def nearest_open(board: int, layout: Layout, colour: int, here: int) -> int:
    """Steps from ``here`` to the nearest tile that may turn ``colour`` (0 if none):
    its known tiles not on the winning side, and unseen tiles while it has some."""
    targets = layout.masks[colour] | (layout.unseen if layout.hidden[colour] else 0)
    targets &= ~board
    return next((d for d, ring in enumerate(RINGS[here]) if ring & targets), 0)


def walk(board: int, layout: Layout, path: Path) -> tuple[int, int | None]:
    """The board after ``path`` and the first colour it completes (all 5 tiles
    on the winning side right after a flip), or None.  An unseen tile turned
    up has no colour yet, so it completes nothing here."""
    done = None
    for pos in path.flips:
        board ^= 1 << pos
        colour = layout.colour_of[pos]
        if done is None and colour is not None and board >> pos & 1:
            mask = layout.masks[colour]
            if board & mask == mask and not layout.hidden[colour]:
                done = colour
    return board, done


def trapped(board: int, layout: Layout, here: int) -> int | None:
    """The colour a pawn standing on ``here`` will complete when it steps off
    next turn (nobody else can flip an occupied tile), or None."""
    colour = layout.colour_of[here]
    if board >> here & 1 or colour is None or layout.hidden[colour]:
        return None
    mask = layout.masks[colour]
    return colour if (board | 1 << here) & mask == mask else None


def gain(before: int, after: int, layout: Layout, colour: int) -> float:
    """Tiles of ``colour`` on the winning side after, minus before; an unseen
    tile turned up counts as the chance that it is of that colour."""
    mask = layout.masks[colour]
    change = (after & mask).bit_count() - (before & mask).bit_count()
    if not layout.unseen:
        return change
    unseen = (after & layout.unseen).bit_count() - (before & layout.unseen).bit_count()
    return change + unseen * layout.share(colour)


def gains(before: int, after: int, layout: Layout) -> list[float]:
    """``gain`` for every colour."""
    return [gain(before, after, layout, colour) for colour in range(len(layout.masks))]


@dataclass
class Turn:
    """One finished (or current) turn as everybody saw it."""

    seat: int
    board: int  # before the turn
    pawns: list[int | None]
    path: list[int]
    layout: Layout  # as known before the turn


@dataclass
class PublicGame:
    """The public game: layout, board, pawns and the turns so far, rebuilt
    from a redacted history."""

    layout: Layout
    board: int
    pawns: list[int | None]
    shared: bool
    players: int
    turns: list[Turn] = field(default_factory=list)
    current: Turn | None = None

    def pawn_index(self, seat: int) -> int:
        """Where ``seat``'s pawn is in ``pawns``: its own entry, or the shared one."""
        return 0 if self.shared else seat

    def pawn(self, seat: int) -> int | None:
        return self.pawns[self.pawn_index(seat)]

    def placed(self, seat: int) -> int:
        """``seat``'s pawn, which must stand on the board (every move but ``place`` needs it there)."""
        return placed(self.pawns[self.pawn_index(seat)])

    def blocked(self, seat: int, pawns: list[int | None] | None = None) -> frozenset[int]:
        """Tiles ``seat``'s pawn may not step onto (with ``pawns``, or the pawns now)."""
        if self.shared:
            return frozenset()
        return frozenset(p for s, p in enumerate(pawns or self.pawns) if s != seat and p is not None)


def placed(pos: int | None) -> int:
    """A pawn's position, once it stands on the board (None: the shared pawn before ``place``)."""
    assert pos is not None, "the pawn is not on the board yet"
    return pos


def table_from_history(history: list[Event]) -> PublicGame:
    """Replay the public events (the setup's colours are not needed); every
    tile starts on its losing side in both variants, unseen in *seek*."""
    setup = history[0]
    colour_of: list[int | None] = [COLOURS.index(colour) for colour, _ in setup["tiles"]] if "tiles" in setup else [None] * CELLS
    pawns: list[int | None] = [from_rc(p) for p in setup["pawns"]] if "pawns" in setup else [None]
    table = PublicGame(Layout.of(colour_of), 0, pawns, "pawns" not in setup, len(setup["colours"]))
    for event in history[1:]:
        kind = event["type"]
        if kind in ("step", "end", "pass"):
            seat: int = event["seat"]
            turn = table.current
            if turn is None:
                turn = table.current = Turn(seat, table.board, table.pawns[:], [table.placed(seat)], table.layout)
            if kind == "step":
                here = table.placed(seat)
                there = table.pawns[0 if table.shared else seat] = NEIGHBOURS[here][event["dir"]]
                table.board ^= 1 << here
                turn.path.append(there)
            else:
                table.turns.append(turn)
                table.current = None
        elif kind == "place":
            table.pawns[0] = from_rc(event["corner"])
        elif kind == "reveal":
            colour_of[placed(from_rc(event["pos"]))] = COLOURS.index(event["tile"][0])
            table.layout = Layout.of(colour_of)
    return table


class TurnModel:
    """How likely each path of one turn is, for each colour its mover might hold."""

    def __init__(self, board: int, start: int, blocked: frozenset[int], steps: int, layout: Layout):
        self.board, self.layout = board, layout
        options = paths(start, blocked, steps)
        self.count = len(options)
        scores = [self.scores(p.cells) for p in options]
        self.totals = [sum(math.exp(s[c]) for s in scores) for c in range(len(COLOURS))]

    def scores(self, cells: tuple[int, ...]) -> list[float]:
        """Per colour: how attractive the path is to a player holding it."""
        after = walk(self.board, self.layout, Path((), cells))[0]
        net = gains(self.board, after, self.layout)
        return [BETA * net[c] - ALPHA * nearest_open(after, self.layout, c, cells[-1]) for c in range(len(COLOURS))]

    def likelihoods(self, cells: list[int] | tuple[int, ...]) -> list[float]:
        """P(the path through ``cells`` | colour c), for each colour c."""
        scores = self.scores(tuple(cells))
        return [(1 - EPSILON) * math.exp(scores[c]) / self.totals[c] + EPSILON / self.count for c in range(len(COLOURS))]


def turn_likelihoods(turn: Turn, table: PublicGame) -> tuple[float, ...]:
    """P(this turn's path | the mover's colour is c), for each colour c."""
    if len(turn.path) < 2:
        return (1.0,) * len(COLOURS)
    return _path_likelihoods(turn.board, table.blocked(turn.seat, turn.pawns), tuple(turn.path), turn.layout)


@lru_cache(maxsize=4096)
def _path_likelihoods(board: int, blocked: frozenset[int], cells: tuple[int, ...], layout: Layout) -> tuple[float, ...]:
    """``turn_likelihoods`` of a turn, kept: every decision reads all past turns again."""
    return tuple(TurnModel(board, cells[0], blocked, len(cells) - 1, layout).likelihoods(cells))


def colour_beliefs(table: PublicGame, seat: int, excluded: set[int] | frozenset[int] = frozenset()) -> list[float]:
    """A probability per colour that ``seat`` holds it, from that seat's turns
    (colours in ``excluded`` are impossible)."""
    belief = [0.0 if c in excluded else 1.0 for c in range(len(COLOURS))]
    for turn in table.turns:
        if turn.seat == seat:
            belief = [b * l for b, l in zip(belief, turn_likelihoods(turn, table))]
            total = sum(belief)
            belief = [b / total for b in belief]
    total = sum(belief)
    return [b / total for b in belief]
