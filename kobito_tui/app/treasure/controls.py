"""Keys and clicks turned into one of the legal moves, and what to highlight.

Nothing here knows a rule: every move offered comes from the legal moves the
board was given; this module only maps tiles and directions onto them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kobito_tui.core.game import Event
from kobito_tui.treasure.board import DIRECTIONS, SIZE
from kobito_tui.treasure.view import Pos, TreasureView

LAST = SIZE - 1


def step_target(pos: Pos, direction: str) -> Pos:
    row, col = pos
    d_row, d_col = DIRECTIONS[direction]
    return row + d_row, col + d_col


def acting_pawn(view: TreasureView) -> Pos | None:
    """Where the pawn of the seat to act stands (None before it is placed)."""
    if view.to_act is None:
        return None
    return view.pawns[0 if view.shared_pawn else view.to_act]


@dataclass(frozen=True)
class Choices:
    """The legal moves of this moment, keyed the way the player reaches them."""

    steps: dict[Pos, Event] = field(default_factory=dict)  # target tile -> step
    directions: dict[str, Event] = field(default_factory=dict)  # "up" -> step
    corners: dict[Pos, Event] = field(default_factory=dict)  # corner -> place
    confirm: Event | None = None  # "end" or "pass": Enter or the button

    @classmethod
    def of(cls, view: TreasureView, legal: list[Event]) -> Choices:
        here = acting_pawn(view)
        steps, directions, corners, confirm = {}, {}, {}, None
        for move in legal:
            kind = move["type"]
            if kind == "step" and here is not None:
                steps[step_target(here, move["dir"])] = move
                directions[move["dir"]] = move
            elif kind == "place":
                corners[tuple(move["corner"])] = move
            elif kind in ("end", "pass"):
                confirm = move
        return cls(steps, directions, corners, confirm)

    def target_of(self, move: Event | None) -> Pos | None:
        """The tile a suggested move leads to, if it is one of these choices."""
        for pos, choice in (*self.steps.items(), *self.corners.items()):
            if choice == move:
                return pos
        return None


def move_cursor(cursor: Pos, direction: str) -> Pos:
    """The corner cursor jumps to the corner on the side of ``direction``."""
    row, col = cursor
    return {"up": (0, col), "down": (LAST, col), "left": (row, 0), "right": (row, LAST)}[direction]
