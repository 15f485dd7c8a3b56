"""Building Hide the Treasure games with a chosen layout, for rule tests."""

from __future__ import annotations

from kobito_tui.core.game import Header, Seat
from kobito_tui.treasure import GAME
from kobito_tui.treasure.board import COLOURS, LETTERS, TREASURES
from kobito_tui.treasure.state import TreasureState

NAMES = ("Ann", "Bob", "Cy", "Dee")
COLOUR_OF_LETTER = {letter: colour for colour, letter in LETTERS.items()}

# Rows of colour letters; each colour's treasures are dealt in order.
STRIPES = """
RRRRR
BBBBB
GGGGG
YYYYY
PPPPP
"""


def header(players: int = 2, **options) -> Header:
    return Header("treasure", tuple(Seat(name) for name in NAMES[:players]), options, 7, "", "")


def layout(rows: str) -> list[list[str]]:
    """The ``tiles`` of a setup event from five rows of colour letters."""
    dealt = {colour: iter(TREASURES) for colour in COLOURS}
    return [
        [COLOUR_OF_LETTER[letter], next(dealt[COLOUR_OF_LETTER[letter]])]
        for letter in "".join(rows.split())
    ]


def setup_event(players: int = 2, rows: str = STRIPES, colours=None, first: int = 0, pawns=None,
                shared: bool = False) -> dict:
    event = {
        "type": "setup",
        "tiles": layout(rows),
        "colours": list(colours or COLOURS[:players]),
        "first": first,
    }
    if not shared:
        event["pawns"] = pawns or [[0, 0], [4, 4], [0, 4], [4, 0]][:players]
    return event


def start(players: int = 2, rows: str = STRIPES, colours=None, first: int = 0, pawns=None,
          **options) -> TreasureState:
    """A set-up game; by default Ann is red on (0,0), Bob blue on (4,4), Cy green, Dee yellow."""
    state = GAME.new_state(header(players, **options))
    GAME.apply(state, setup_event(players, rows, colours, first, pawns, options.get("shared_pawn", False)))
    return state


def play(state: TreasureState, *moves: str) -> None:
    """Play moves written as "up", "end", "pass" or "place r c" for the seat to act."""
    for move in moves:
        word, *rest = move.split()
        event = {"type": word, "seat": state.to_act}
        if word in ("up", "down", "left", "right"):
            event = {"type": "step", "seat": state.to_act, "dir": word}
        elif word == "place":
            event["corner"] = [int(n) for n in rest]
        GAME.apply(state, event)


def turn(state: TreasureState, *steps: str) -> None:
    """Three steps and the end of the turn."""
    play(state, *steps, "end")
