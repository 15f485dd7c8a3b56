"""Hide the Treasure bots.  Both plan a whole turn (a 3-step path) on its
first step and replay the plan while the history shows nothing else happened.

* :class:`GreedyBot` walks where its own colour turns most, never completes
  another colour (it may be someone's) nor stops on a tile that would force it
  to next turn, heads for its own tiles when none are in reach and breaks ties
  toward paths that turn several colours.
* :class:`StrongBot` deduces the others' colours from their paths, plays
  two whole rounds out in each likely colour deal (in seek, over random
  layouts of the unseen tiles too; every opponent replying as a player of its
  colour would), judges the race that remains, and pays a little for paths
  that give its own colour away (``treasure_search``).
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from kobito_tui.bots.base import DEFAULT_BUDGET_S
from kobito_tui.core.game import Event, Game, Header
from kobito_tui.treasure.board import COLOURS, from_rc

from .treasure_heuristics import greedy_score
from .treasure_model import Path, PublicGame, gains, paths, placed, table_from_history, walk
from .treasure_search import RoundSearch


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
            options = paths(table.placed(seat), table.blocked(seat), 3 - view.steps_taken)
            self.plan = list(self.pick(table, seat, mine, options).dirs)
        self.expect = len(history) + 1
        return steps[self.plan.pop(0)]

    def _place(self, table: PublicGame, mine: int, legal: list[Event]) -> Event:
        """The corner from which the best path turns most of the own colour."""

        def reach(move: Event) -> float:
            corner = placed(from_rc(move["corner"]))
            return max(gains(table.board, walk(table.board, table.layout, p)[0], table.layout)[mine] for p in paths(corner, frozenset()))

        return max(legal, key=lambda move: (reach(move), self.rng.random()))

    def pick(self, table: PublicGame, seat: int, mine: int, options: list[Path]) -> Path:
        raise NotImplementedError


class GreedyBot(_PathBot):
    """Turn the own colour now; head for it otherwise; never finish another colour."""

    def pick(self, table: PublicGame, seat: int, mine: int, options: list[Path]) -> Path:
        return max(options, key=lambda p: greedy_score(table.board, table.layout, mine, p) + self.rng.random())


class StrongBot(_PathBot):
    """Deduce the others' colours, play the next rounds out in each likely
    world, and keep the own colour hidden (see ``treasure_search``).  Paths
    are searched best-looking first, so a short budget still picks well;
    with ``iterations`` (any number) every path is searched, whatever the clock."""

    def __init__(self, seed: int | None = None, budget_s: float = DEFAULT_BUDGET_S, iterations: int | None = None):
        super().__init__(seed)
        self.budget_s = budget_s
        self.unbounded = iterations is not None

    def pick(self, table: PublicGame, seat: int, mine: int, options: list[Path]) -> Path:
        deadline = math.inf if self.unbounded else time.perf_counter() + self.budget_s * 0.8
        search = RoundSearch(table, seat, mine, self.rng)
        ordered = sorted(options, key=lambda p: -greedy_score(table.board, table.layout, mine, p))
        best, best_value = ordered[0], -float("inf")
        for path in ordered:
            if time.perf_counter() > deadline:
                break
            value = search.value(path) + 1e-6 * self.rng.random()
            if value > best_value:
                best, best_value = path, value
        return best
