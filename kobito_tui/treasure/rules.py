"""``apply``: every event checked directly against the rules, then applied."""

from __future__ import annotations

from kobito_tui.core.game import Event, IllegalEvent

from kobito_tui.treasure.board import COLOURS, CORNERS, NEIGHBOURS, from_rc
from kobito_tui.treasure.reveal import checked_reveal
from kobito_tui.treasure.setup import apply_setup
from kobito_tui.treasure.state import TreasureState

STEPS_PER_TURN = 3


def apply(state: TreasureState, event: Event) -> None:
    """Apply ``event`` to ``state`` in place, or raise ``IllegalEvent``."""
    if not isinstance(event, dict):
        raise IllegalEvent("game.not-an-object")
    kind = event.get("type")
    fields = FIELDS.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise IllegalEvent("treasure.unknown-event", kind=kind)
    chance = _CHANCE.get(kind)
    if chance is not None and "seat" in event:
        raise IllegalEvent("treasure.chance-has-seat", kind=kind)
    extra = event.keys() - fields
    if extra:
        raise IllegalEvent("game.unknown-fields", kind=kind, fields=sorted(extra))
    if chance is not None:
        chance(state, event)
        return
    if state.over or not state.ready or state.pending is not None:
        raise IllegalEvent(
            "game.over" if state.over else "treasure.not-set-up" if not state.ready else "treasure.reveal-pending"
        )
    seat = event.get("seat")
    if seat != state.to_act or type(seat) is not int:
        raise IllegalEvent("game.not-seats-turn", seat=seat)
    _MOVES[kind](state, seat, event)


def _step(state: TreasureState, seat: int, event: Event) -> None:
    if state.steps == STEPS_PER_TURN:
        raise IllegalEvent("treasure.steps-taken", count=STEPS_PER_TURN)
    pawns = state.pawns
    index = 0 if state.shared else seat
    here = pawns[index]
    if here is None:
        raise IllegalEvent("treasure.place-first")
    direction = event.get("dir")
    target = NEIGHBOURS[here].get(direction) if isinstance(direction, str) else None
    if target is None:
        raise IllegalEvent("treasure.cannot-step", direction=direction)
    if target in pawns:
        raise IllegalEvent("treasure.pawn-there")
    pawns[index] = target
    state.steps += 1
    state.path.append(target)
    _flip(state, here)


def _flip(state: TreasureState, pos: int) -> None:
    """Turn one tile over and check the win for its colour at once; a tile
    never seen (seek) waits for its reveal before it counts."""
    up = not state.face_up[pos]
    state.face_up[pos] = up
    colour = state.tile_colour[pos]
    if colour is None:
        state.pending = pos
    else:
        _count(state, colour, 1 if up == state.seek else -1)


def _reveal(state: TreasureState, event: Event) -> None:
    """The tile under the chest just turned up: known from now on, to everyone."""
    pos, tile = checked_reveal(state, event)
    state.pool.remove(tile)
    colour = COLOURS.index(tile[0])
    state.tile_colour[pos], state.tile_treasure[pos] = colour, tile[1]
    state.pending = None
    _count(state, colour, 1)


def _count(state: TreasureState, colour: int, change: int) -> None:
    """One tile of ``colour`` turned to (+1) or from (-1) its winning side."""
    count = state.on_winning_side[colour] + change
    state.on_winning_side[colour] = count
    if count == 5 and colour in state.owner_of:
        state.winner = state.owner_of[colour]
        state.over = True


def _end(state: TreasureState, seat: int, event: Event) -> None:
    if state.steps != STEPS_PER_TURN:
        raise IllegalEvent("treasure.turn-steps", count=STEPS_PER_TURN)
    _next_turn(state)


def _pass(state: TreasureState, seat: int, event: Event) -> None:
    here = state.pawns[0 if state.shared else seat]
    if here is None or any(pos not in state.pawns for pos in NEIGHBOURS[here].values()):
        raise IllegalEvent("treasure.no-pass")
    _next_turn(state)


def _place(state: TreasureState, seat: int, event: Event) -> None:
    if not state.shared or state.pawns[0] is not None:
        raise IllegalEvent("treasure.no-pawn-to-place")
    corner = from_rc(event.get("corner"))
    if corner not in CORNERS:
        raise IllegalEvent("treasure.place-on-corner")
    state.pawns[0] = corner
    state.path = [corner]


def _next_turn(state: TreasureState) -> None:
    state.turns += 1
    state.to_act = (state.to_act + 1) % state.players
    state.steps = 0
    state.path = [state.pawns[0 if state.shared else state.to_act]]
    limit = state.options["turn_limit"]
    if limit and state.turns >= limit * state.players:
        state.over = True


_MOVES = {"step": _step, "end": _end, "pass": _pass, "place": _place}
_CHANCE = {"setup": apply_setup, "reveal": _reveal}
FIELDS = {
    "setup": {"type", "tiles", "colours", "first", "pawns"},
    "reveal": {"type", "pos", "tile"},
    "place": {"type", "seat", "corner"},
    "step": {"type", "seat", "dir"},
    "end": {"type", "seat"},
    "pass": {"type", "seat"},
}
"""The fields each event may have (each handler checks the ones it needs)."""
