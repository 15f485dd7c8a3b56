"""Hide the Treasure bots.  Both plan a whole turn (a 3-step path) on its
first step and replay the plan while the history shows nothing else happened.

* :class:`GreedyBot` walks where its own colour turns most, never completes
  another colour (it may be someone's) nor stops on a tile that would force it
  to next turn, heads for its own tiles when none are in reach and breaks ties
  toward paths that turn several colours.
* :class:`StrongBot` infers each opponent's colour from their paths
  (``treasure_model.colour_beliefs``) and looks one reply ahead: for each own
  path and each colour the next player may hold, it plays that player's
  likely (greedy) reply and asks who can then win — a player standing on the
  last open tile of a colour must finish it — and otherwise scores the race:
  the steps the other still needs minus its own.  It also pays for paths that
  give its own colour away (the belief an observer would form about it).
"""

from __future__ import annotations

import random
import time
from typing import Any

from kobito_tui.bots import DEFAULT_BUDGET_S
from kobito_tui.core.game import Event, Game, Header
from kobito_tui.treasure.board import CELLS, COLOURS, from_rc, to_rc

from .treasure_model import Layout, Path, Table, TurnModel, colour_beliefs, gains, paths, table_from_history, trapped, walk

WIN = 1_000_000.0


def _manhattan(a: int, b: int) -> int:
    (ra, ca), (rb, cb) = to_rc(a), to_rc(b)
    return abs(ra - rb) + abs(ca - cb)


DISTANCE = tuple(tuple(_manhattan(a, b) for b in range(CELLS)) for a in range(CELLS))
"""``DISTANCE[a][b]``: steps between two positions on an empty board."""


def nearest_open(board: int, layout: Layout, colour: int, here: int) -> int:
    """Steps from ``here`` to the nearest tile that may turn ``colour`` (0 if none):
    its known tiles not on the winning side, and unseen tiles while it has some."""
    near = DISTANCE[here]
    targets = layout.open_tiles(board, colour)
    if layout.hidden[colour]:
        targets += [p for p in range(CELLS) if (layout.unseen & ~board) >> p & 1]
    return min((near[p] for p in targets), default=0)


def steps_to_finish(board: int, layout: Layout, colour: int, here: int) -> int:
    """About how many steps a pawn on ``here`` needs to turn all of ``colour``:
    a nearest-first tour over its open tiles, plus the step off the last, plus
    two steps for each of its tiles still unseen."""
    open_tiles = layout.open_tiles(board, colour)
    steps = 2 * layout.hidden[colour]
    if not open_tiles:
        return steps
    steps += 1
    while open_tiles:
        target = min(open_tiles, key=DISTANCE[here].__getitem__)
        steps += DISTANCE[here][target]
        open_tiles.remove(target)
        here = target
    return steps


def greedy_score(board: int, layout: Layout, colour: int, path: Path) -> float:
    """The greedy value of ``path`` for a player of ``colour`` (random tie-breaks apart)."""
    return score_after(board, *walk(board, layout, path), layout, colour, path)


def score_after(board: int, after: int, done: int | None, layout: Layout, colour: int, path: Path) -> float:
    """``greedy_score`` once ``path`` has been walked from ``board`` to ``after``."""
    if done is not None:
        return WIN if done == colour else -WIN
    forced = trapped(after, layout, path.end)
    if forced is not None:  # a win next turn, unless the others turn a tile back first
        return WIN / 2 if forced == colour else -WIN
    gain = gains(board, after, layout)[colour]
    mixed = len({layout.colour_of[p] for p in path.flips})
    return 10 * gain - 2 * nearest_open(after, layout, colour, path.end) + 0.5 * mixed


class _PathBot:
    """Shared turn mechanics: one plan per turn, replayed step by step."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)
        self.plan: list[str] = []
        self.expect = -1  # history length at which the next planned step is due

    def choose(self, game: Game, header: Header, view: Any, legal: list[Event], history: list[Event]) -> Event:
        if len(legal) == 1:
            return legal[0]
        table = table_from_history(history)
        seat, mine = view.seat, COLOURS.index(view.my_colour)
        if legal[0]["type"] == "place":
            return self._place(table, mine, legal)
        steps = {move["dir"]: move for move in legal if move["type"] == "step"}
        if not (self.plan and len(history) == self.expect and self.plan[0] in steps):
            options = paths(table.pawn(seat), table.blocked(seat), 3 - view.steps_taken)
            self.plan = list(self.pick(table, seat, mine, options).dirs)
        self.expect = len(history) + 1
        return steps[self.plan.pop(0)]

    def _place(self, table: Table, mine: int, legal: list[Event]) -> Event:
        """The corner from which the best path turns most of the own colour."""

        def reach(move: Event) -> float:
            corner = from_rc(move["corner"])
            return max(gains(table.board, walk(table.board, table.layout, p)[0], table.layout)[mine]
                       for p in paths(corner, frozenset()))

        return max(legal, key=lambda move: (reach(move), self.rng.random()))

    def pick(self, table: Table, seat: int, mine: int, options: list[Path]) -> Path:
        raise NotImplementedError


class GreedyBot(_PathBot):
    """Turn the own colour now; head for it otherwise; never finish another colour."""

    def pick(self, table: Table, seat: int, mine: int, options: list[Path]) -> Path:
        return max(options, key=lambda p: greedy_score(table.board, table.layout, mine, p) + self.rng.random())


class StrongBot(_PathBot):
    """Own path, the next player's likely reply per colour, then who can win."""

    RACE = 10.0  # worth of a step less to go than the next player
    LEAK = 10.0  # cost per unit of an observer's belief in the own colour
    LIKELY = 0.03  # colours less likely than this are not looked at

    def __init__(self, seed: int | None = None, budget_s: float = DEFAULT_BUDGET_S):
        super().__init__(seed)
        self.budget_s = budget_s

    def pick(self, table: Table, seat: int, mine: int, options: list[Path]) -> Path:
        deadline = time.perf_counter() + self.budget_s * 0.8
        layout, board = table.layout, table.board
        opponents = [(seat + k) % table.players for k in range(1, table.players)]
        beliefs = {opp: colour_beliefs(table, opp, excluded={mine}) for opp in opponents}
        owned = [min(1.0, sum(beliefs[o][c] for o in opponents)) for c in range(len(COLOURS))]
        nxt = opponents[0]
        likely = [c for c in range(len(COLOURS)) if beliefs[nxt][c] >= self.LIKELY]
        turn = table.current
        model = TurnModel(board if turn is None else turn.board, options[0].cells[0] if turn is None else turn.path[0],
                          table.blocked(seat), 3, layout)
        prior = colour_beliefs(table, seat)
        done_path = [] if turn is None else turn.path[:-1]

        def static(after: int, pawns: list[int | None], here: int, colour: int) -> float:
            """The race after a reply by a next player of ``colour``: steps each side still needs."""
            theirs = steps_to_finish(after, layout, colour, pawns[0 if table.shared else nxt])
            ours = steps_to_finish(after, layout, mine, here)
            return self.RACE * (theirs - ours)

        def value(path: Path) -> float:
            after, done = walk(board, layout, path)
            if done == mine:
                return WIN
            if done is None and trapped(after, layout, path.end) is not None:
                done = trapped(after, layout, path.end)
                if done == mine:
                    return WIN / 2
            if done is not None:
                rest = sum(beliefs[nxt][c] * static(after, table.pawns, path.end, c) for c in likely)
                return -WIN * owned[done] + (1 - owned[done]) * rest
            pawns = table.pawns[:]
            pawns[0 if table.shared else seat] = path.end
            their_start = pawns[0 if table.shared else nxt]
            replies = [(q, *walk(after, layout, q)) for q in paths(their_start, table.blocked(nxt, pawns))]
            if not replies:  # the next player must pass
                return sum(beliefs[nxt][c] * static(after, pawns, path.end, c) for c in likely)
            expected = 0.0
            for colour in likely:
                if any(finished == colour or (finished is None and trapped(board2, layout, q.end) == colour)
                       for q, board2, finished in replies):
                    expected -= WIN * beliefs[nxt][colour] / 100  # a likely loss
                    continue
                reply, board2, done2 = max(replies, key=lambda r: score_after(after, r[1], r[2], layout, colour, r[0]))
                moved = pawns[:]
                moved[0 if table.shared else nxt] = reply.end
                here = reply.end if table.shared else path.end
                forced = None if table.shared else trapped(board2, layout, here)
                if forced == colour:  # the own next step would finish theirs
                    expected -= WIN * beliefs[nxt][colour] / 100
                elif done2 == mine or any(walk(board2, layout, p)[1] == mine
                                        for p in paths(here, table.blocked(seat, moved))):
                    expected += WIN * beliefs[nxt][colour] / 100  # a likely win next turn
                else:
                    expected += beliefs[nxt][colour] * static(board2, moved, here, colour)
            seen = [b * l for b, l in zip(prior, model.likelihoods(done_path + list(path.cells)))]
            return expected / max(1e-9, sum(beliefs[nxt][c] for c in likely)) - self.LEAK * seen[mine] / sum(seen)

        ordered = sorted(options, key=lambda p: -greedy_score(board, layout, mine, p))
        best, best_value = ordered[0], -float("inf")
        for path in ordered:
            if time.perf_counter() > deadline:
                break
            score = value(path) + self.rng.random()
            if score > best_value:
                best, best_value = path, score
        return best
