"""Log lines in words; a seat's colour is named only to that seat or once over."""

from __future__ import annotations

from kobito_tui.core.game import SPECTATOR, Event
from kobito_tui.core.words import verb

from .board import COLOURS, CORNER_NAMES, NEIGHBOURS, from_rc
from .outcome import result
from .rules import apply
from .state import TreasureState


def describe(state: TreasureState, event: Event, seat: int | None) -> str | None:
    """The line for ``event`` applied to ``state`` (the state before it).

    Steps are told once, by the ``end`` that confirms them, or by the step (or
    the reveal after it, in seek) that ends the game.  A reveal is public.
    """
    after = state.copy()
    apply(after, event)
    kind = event["type"]
    if kind == "setup":
        return _setup(after, seat)
    name = state.names[event.get("seat", state.to_act)]
    if kind == "place":
        return f"{name} put the shared pawn on the {CORNER_NAMES[from_rc(event['corner'])]} corner."
    if kind == "pass":
        line = f"{name} cannot take a step and {verb(name, 'passes')}."
    elif kind == "reveal":
        colour, treasure = event["tile"]
        line = f"{name} revealed a {colour} {treasure}."
        if after.over:
            line = f"{_moved(name, after.path)} {line}"
    elif kind == "end":
        line = _moved(name, state.path)
    elif after.over:
        line = _moved(name, after.path)
    else:
        return None
    over = result(after)
    return f"{line} {over.summary}" if over else line


def _moved(name: str, path: list[int]) -> str:
    flips = len(path) - 1
    return f"{name} moved {', '.join(_directions(path))} — flipped {flips} tile{'s' * (flips != 1)}."


def _setup(state: TreasureState, seat: int | None) -> str:
    laid = "Tiles laid out chest side up, unseen" if state.seek else "Tiles laid out"
    line = f"{laid}; each player drew a secret colour; {state.names[state.first]} {verb(state.names[state.first], 'goes')} first."
    if seat is None:
        colours = ", ".join(f"{name} {COLOURS[c]}" for name, c in zip(state.names, state.colour_of))
        return f"{line} Colours: {colours}."
    if seat == SPECTATOR:
        return line
    return f"{line} Your colour is {COLOURS[state.colour_of[seat]]}."


def _directions(path: list[int]) -> list[str]:
    return [
        next(direction for direction, target in NEIGHBOURS[here].items() if target == there)
        for here, there in zip(path, path[1:])
    ]
