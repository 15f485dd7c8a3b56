"""The rules of a move or chance event, in two parts: ``apply`` checks an event
against the rules and then plays it; ``play`` plays one known to be allowed.

Every check is in the ``_check_*`` functions (and ``setup.check_setup``,
``reveal.checked_reveal``); the ``_play_*`` functions only change the state.
"""

from __future__ import annotations

from kobito_tui.core.game import Event, IllegalEvent
from kobito_tui.treasure.board import COLOUR_INDEX, CORNERS, NEIGHBOURS, SIZE, from_rc
from kobito_tui.treasure.reveal import checked_reveal
from kobito_tui.treasure.setup import check_setup, play_setup
from kobito_tui.treasure.state import TreasureState

STEPS_PER_TURN = 3


def apply(state: TreasureState, event: Event) -> None:
    """Check ``event`` (from anywhere: a table, a file, a client) against the
    rules, then play it; ``IllegalEvent``, with nothing changed, if refused."""
    if not isinstance(event, dict):
        raise IllegalEvent("game.not-an-object")
    kind = event.get("type")
    fields = FIELDS.get(kind) if isinstance(kind, str) else None
    if fields is None or not isinstance(kind, str):
        raise IllegalEvent("treasure.unknown-event", kind=kind)
    if not fields.issuperset(event):
        raise _fields_error(kind, event, fields)
    if kind in _CHANCE_CHECKS:
        _CHANCE_CHECKS[kind](state, event)
    else:
        if state.over or not state.ready or state.pending is not None:
            raise IllegalEvent("game.over" if state.over else "treasure.not-set-up" if not state.ready else "treasure.reveal-pending")
        seat = event.get("seat")
        if seat != state.to_act or type(seat) is not int:
            raise IllegalEvent("game.not-seats-turn", seat=seat)
        _MOVE_CHECKS[kind](state, seat, event)
    _PLAY[kind](state, event)


def play(state: TreasureState, event: Event) -> None:
    """Play ``event`` unchecked: it must be one of ``legal_moves(state)`` or the
    event ``chance`` asked for now (anything else goes through ``apply``)."""
    _PLAY[event["type"]](state, event)


def _fields_error(kind: str, event: Event, fields: set[str]) -> IllegalEvent:
    """Why an event with fields beyond ``fields`` is refused (a chance event has no seat)."""
    if kind in _CHANCE_CHECKS and "seat" in event:
        return IllegalEvent("treasure.chance-has-seat", kind=kind)
    return IllegalEvent("game.unknown-fields", kind=kind, fields=sorted(event.keys() - fields))


def _check_step(state: TreasureState, seat: int, event: Event) -> None:
    if state.steps == STEPS_PER_TURN:
        raise IllegalEvent("treasure.steps-taken", count=STEPS_PER_TURN)
    here = state.pawns[0 if state.shared else seat]
    if here is None:
        raise IllegalEvent("treasure.place-first")
    direction = event.get("dir")
    target = NEIGHBOURS[here].get(direction) if isinstance(direction, str) else None
    if target is None:
        raise IllegalEvent("treasure.cannot-step", direction=direction)
    if target in state.pawns:
        raise IllegalEvent("treasure.pawn-there")


def _play_step(state: TreasureState, event: Event) -> None:
    pawns = state.pawns
    index = 0 if state.shared else state.to_act
    here = pawns[index]
    assert here is not None  # a step is legal only once the pawn is placed
    target = NEIGHBOURS[here][event["dir"]]
    pawns[index] = target
    state.occupied ^= 1 << here | 1 << target
    state.steps += 1
    state.path.append(target)
    # The tile left turns over; the win for its colour is checked at once, but a
    # tile never seen (seek) waits for its reveal before it counts.
    up = not state.face_up[here]
    state.face_up[here] = up
    colour = state.tile_colour[here]
    if colour is None:
        state.pending = here
    else:
        _count(state, colour, 1 if up == state.seek else -1)


def _play_reveal(state: TreasureState, event: Event) -> None:
    """The tile under the chest just turned up: known from now on, to everyone."""
    pos = state.pending
    assert pos is not None  # a reveal is legal only while one is pending
    colour_name, treasure = event["tile"]
    state.pool.remove((colour_name, treasure))
    colour = COLOUR_INDEX[colour_name]
    state.tile_colour[pos], state.tile_treasure[pos] = colour, treasure
    state.pending = None
    _count(state, colour, 1)


def _count(state: TreasureState, colour: int, change: int) -> None:
    """One tile of ``colour`` turned to (+1) or from (-1) its winning side."""
    count = state.on_winning_side[colour] + change
    state.on_winning_side[colour] = count
    if count == 5 and colour in state.owner_of:
        state.winner = state.owner_of[colour]
        state.over = True


def _check_end(state: TreasureState, seat: int, event: Event) -> None:
    if state.steps != STEPS_PER_TURN:
        raise IllegalEvent("treasure.turn-steps", count=STEPS_PER_TURN)


def _check_pass(state: TreasureState, seat: int, event: Event) -> None:
    here = state.pawns[0 if state.shared else seat]
    if here is None or any(pos not in state.pawns for pos in NEIGHBOURS[here].values()):
        raise IllegalEvent("treasure.no-pass")


def _check_place(state: TreasureState, seat: int, event: Event) -> None:
    if not state.shared or state.pawns[0] is not None:
        raise IllegalEvent("treasure.no-pawn-to-place")
    if from_rc(event.get("corner")) not in CORNERS:
        raise IllegalEvent("treasure.place-on-corner")


def _play_place(state: TreasureState, event: Event) -> None:
    row, col = event["corner"]
    corner = row * SIZE + col
    state.pawns[0] = corner
    state.occupied = 1 << corner
    state.path = [corner]


def _play_turn_over(state: TreasureState, event: Event) -> None:
    """The turn passes on (an ``end`` or a ``pass``); the turn limit may end the game."""
    state.turns += 1
    state.to_act = (state.to_act + 1) % state.players
    state.steps = 0
    here = state.pawns[0 if state.shared else state.to_act]
    assert here is not None  # a turn ends only once its pawn is placed
    state.path = [here]
    limit = state.options["turn_limit"]
    if limit and state.turns >= limit * state.players:
        state.over = True


_MOVE_CHECKS = {"step": _check_step, "end": _check_end, "pass": _check_pass, "place": _check_place}
_CHANCE_CHECKS = {"setup": check_setup, "reveal": checked_reveal}
_PLAY = {"step": _play_step, "end": _play_turn_over, "pass": _play_turn_over, "place": _play_place, "setup": play_setup,
         "reveal": _play_reveal}  # fmt: skip  # aligned by hand with its opening bracket
FIELDS = {
    "setup": {"type", "tiles", "colours", "first", "pawns"},
    "reveal": {"type", "pos", "tile"},
    "place": {"type", "seat", "corner"},
    "step": {"type", "seat", "dir"},
    "end": {"type", "seat"},
    "pass": {"type", "seat"},
}
"""The fields each event may have (each handler checks the ones it needs)."""
