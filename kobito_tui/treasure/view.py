"""What one seat may see of a Hide the Treasure game: frozen, UI-ready data.

The board and the pawns are public; a seat's colour is secret until the end.
In *seek* a tile never turned up is known to nobody: the state does not hold
it, so no view can show it.  Positions are ``(row, col)`` with ``(0, 0)`` the
top-left corner.
"""

from __future__ import annotations

from dataclasses import dataclass

from kobito_tui.core.game import SPECTATOR, Result
from kobito_tui.treasure.board import COLOURS, to_rc
from kobito_tui.treasure.moves import legal_steps
from kobito_tui.treasure.outcome import result
from kobito_tui.treasure.state import TreasureState

Pos = tuple[int, int]


@dataclass(frozen=True)
class TileView:
    """One tile; ``face_up`` means the treasure side is up (else the chest).

    ``colour`` and ``treasure`` are None for a chest nobody has seen (seek);
    a tile once revealed stays known when flipped back."""

    colour: str | None
    treasure: str | None
    face_up: bool


@dataclass(frozen=True)
class TreasureView:
    """The game as ``seat`` sees it (``seat`` None: everything, for replays)."""

    seat: int | None
    names: tuple[str, ...]
    to_act: int | None
    tiles: tuple[TileView, ...]  # 25 row-major; empty before the setup event
    pawns: tuple[Pos | None, ...]  # one per seat, or one entry with shared_pawn
    steps_taken: int  # 0-3 in the current turn
    path: tuple[Pos, ...]  # positions the acting pawn visited this turn
    legal_steps: tuple[str, ...]  # "up" | "down" | "left" | "right" allowed now
    my_colour: str | None  # own colour; None for seat None and SPECTATOR
    my_progress: int | None  # own tiles on the winning side; None for seat None and SPECTATOR
    colours: tuple[str | None, ...]  # per seat, None where still secret
    variant: str  # "standard" | "seek"
    shared_pawn: bool
    round: int  # 1-based
    turn_limit: int  # 0 = off
    over: bool
    result: Result | None  # details["colours"] reveals every colour


def make_view(state: TreasureState, seat: int | None) -> TreasureView:
    """The view of ``state`` for ``seat``; another seat's colour only once over."""
    colours = tuple(
        COLOURS[colour] if seat is None or seat == owner or state.over else None for owner, colour in enumerate(state.colour_of)
    )
    mine = state.colour_of[seat] if seat is not None and seat != SPECTATOR and state.ready else None
    return TreasureView(
        seat=seat,
        names=state.names,
        to_act=None if state.over or not state.ready or state.pending is not None else state.to_act,
        tiles=tuple(
            TileView(None if colour is None else COLOURS[colour], treasure, up)
            for colour, treasure, up in zip(state.tile_colour, state.tile_treasure, state.face_up)
        ),
        pawns=tuple(None if pos is None else to_rc(pos) for pos in state.pawns),
        steps_taken=state.steps,
        path=tuple(to_rc(pos) for pos in state.path),
        legal_steps=tuple(legal_steps(state)),
        my_colour=None if mine is None else COLOURS[mine],
        my_progress=None if mine is None else state.on_winning_side[mine],
        colours=colours,
        variant=str(state.options["variant"]),
        shared_pawn=state.shared,
        round=state.round,
        turn_limit=state.options["turn_limit"],
        over=state.over,
        result=result(state),
    )
