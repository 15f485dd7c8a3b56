"""Hide the Treasure: a decision's winning chances by the Hard computer's own search.

``bots.treasure_search.RoundSearch`` deduces the others' colours from the
seat's redacted history, plays two rounds out in each likely world and judges
the race that remains: its value of a path is the seat's winning chance.  A
colour completed in the rounds wins for its owner, whoever turned its last tile,
and a win counts 1 however late in the rounds it comes; the small cost the search
puts on giving the own colour away is kept on the chance not yet won (a path that
tells the table the colour is worse).  In the rounds the others play the Medium
computer's path, as the Hard computer expects, and the judged seat its own Medium path
unless that leaves the next seat a turn completing its colour and another path does not
(``_Search.reply``).  A decided game is said exactly (``_Search.value``).  Every path
open to the pawn is valued; a decision cut short by a tile turned up (seek) is valued as
its best continuation (in seek over ``_Search.LAYOUTS`` layouts of the unseen
tiles).  Placing the shared pawn is not judged.
"""

from __future__ import annotations

import random
from typing import Any

from kobito_tui.bots.treasure_heuristics import closable, greedy_score
from kobito_tui.bots.treasure_model import Layout, Path, PublicGame, paths, table_from_history, walk
from kobito_tui.bots.treasure_search import WIN, RoundSearch, World, completes
from kobito_tui.core.game import Event
from kobito_tui.treasure.board import COLOURS
from kobito_tui.treasure.rules import STEPS_PER_TURN

from .judgement import Judgement, rng

UNDECIDED = (0.001, 0.999)
"""The chances a game not yet decided is given: 0 and 1 say it is (``analyse.chance``)."""


class _Search(RoundSearch):
    """The Hard computer's search, judging rather than choosing (see the module).  Its turns in
    the rounds avoid handing the next seat its win: the Medium heuristic alone walks into it, so
    a line counted as lost (0%) where the seat could still defend it."""

    LAYOUTS = 8  # seek: fewer layouts of the unseen tiles than the Hard computer's, for speed
    SOONER = 1.0

    def __init__(self, table: PublicGame, seat: int, mine: int, luck: random.Random):
        super().__init__(table, seat, mine, luck)
        self.careful: dict[tuple[object, ...], Path | None] = {}

    def value(self, path: Path) -> float:
        """The chance of winning after ``path``: exactly 1 when the game is decided (it wins at
        once, or completes no colour and leaves the next seat only paths that complete the own
        colour first); otherwise the search's chance, the leak charged on the part not yet won,
        kept inside ``UNDECIDED``."""
        board, done = walk(self.table.board, self.layout, path)
        if done == self.mine or done is None and self.forced_win(board, path):
            return WIN
        chance = self.chance(path)
        return min(max(chance - (1 - chance) * self.leak(path), UNDECIDED[0]), UNDECIDED[1])

    def forced_win(self, board: int, path: Path) -> bool:
        """Whether every path of the next seat, once ``path`` has left ``board``, completes the own colour first."""
        pawns = self.table.pawns[:]
        pawns[self.table.pawn_index(self.seat)] = path.end
        after = self.options(pawns, (self.seat + 1) % self.n)
        return bool(after) and all(walk(board, self.layout, q)[1] == self.mine for q in after)

    def reply(self, board: int, pawns: list[int | None], seat: int, world: World, known: Layout) -> Path | None:
        """``seat``'s path in ``world``: another seat's Medium path; the judged seat's best Medium path
        that leaves the next seat no path completing its colour (the best one when none does), cached."""
        if seat != self.seat:
            return super().reply(board, pawns, seat, world, known)
        after = (seat + 1) % self.n
        key = (board, tuple(pawns), world.colours[after], world.tiles, known.colour_of)
        if key not in self.careful:
            near = closable(board, known)
            ranked = sorted(self.options(pawns, seat), key=lambda q: -greedy_score(board, known, world.colours[seat], q, near))
            safe = (q for q in ranked if not self.threat(q.net ^ board, pawns, seat, q, after, world))
            self.careful[key] = next(safe, ranked[0] if ranked else None)
        return self.careful[key]

    def threat(self, board: int, pawns: list[int | None], seat: int, path: Path, after: int, world: World) -> bool:
        """Whether, once ``seat`` has walked ``path`` to ``board``, seat ``after`` has a path that completes its colour."""
        colour = world.colours[after]
        open_ = world.masks[colour] & ~board
        if after == seat or open_.bit_count() > STEPS_PER_TURN:
            return False
        moved = pawns[:]
        moved[self.table.pawn_index(seat)] = path.end
        return any(q.touched & open_ == open_ and completes(board, q, world)[1] == after for q in self.options(moved, after))


def judge(view: Any, history: list[Event], played: list[Event], seed: int) -> Judgement | None:
    """The decision's chances, or None when it is not judged (a placement, a pass, an
    end of turn cut from its steps by a reveal)."""
    seat = view.seat
    table = table_from_history(history)
    steps = [move["dir"] for move in played if move["type"] == "step"]
    here = table.pawn(seat)  # None while the shared pawn is still to be placed
    options = paths(here, table.blocked(seat), STEPS_PER_TURN - view.steps_taken) if steps and here is not None else []
    if not options:
        return None
    search = _Search(table, seat, COLOURS.index(view.my_colour), rng(seed, "layouts"))
    values = {path.dirs: search.value(path) for path in options}
    played_value = max(v for dirs, v in values.items() if dirs[: len(steps)] == tuple(steps))
    best = max(values, key=lambda dirs: (values[dirs], dirs[: len(steps)] == tuple(steps)))
    if values[best] <= played_value:
        return Judgement(played_value, played_value, tuple(played))
    moves: list[Event] = [{"type": "step", "seat": seat, "dir": d} for d in best]
    if view.steps_taken + len(best) == STEPS_PER_TURN:
        moves.append({"type": "end", "seat": seat})
    return Judgement(values[best], played_value, tuple(moves))
