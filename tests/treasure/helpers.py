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
    return [[COLOUR_OF_LETTER[letter], next(dealt[COLOUR_OF_LETTER[letter]])] for letter in "".join(rows.split())]


def setup_event(
    players: int = 2, rows: str = STRIPES, colours=None, first: int = 0, pawns=None, shared: bool = False, seek: bool = False
) -> dict:
    """The setup; in seek without the layout (``play`` reveals ``rows`` tile by tile)."""
    event = {"type": "setup"}
    if not seek:
        event["tiles"] = layout(rows)
    event["colours"] = list(colours or COLOURS[:players])
    event["first"] = first
    if not shared:
        event["pawns"] = pawns or [[0, 0], [4, 4], [0, 4], [4, 0]][:players]
    return event


def start(players: int = 2, rows: str = STRIPES, colours=None, first: int = 0, pawns=None, **options) -> TreasureState:
    """A set-up game; by default Ann is red on (0,0), Bob blue on (4,4), Cy green, Dee yellow."""
    state = GAME.new_state(header(players, **options))
    shared, seek = options.get("shared_pawn", False), options.get("variant") == "seek"
    GAME.apply(state, setup_event(players, rows, colours, first, pawns, shared, seek))
    return state


def reveal(state: TreasureState, rows: str = STRIPES) -> dict:
    """The reveal of the pending tile that lays out ``rows``, applied."""
    row, col = divmod(state.pending, 5)
    event = {"type": "reveal", "pos": [row, col], "tile": layout(rows)[state.pending]}
    GAME.apply(state, event)
    return event


def play(state: TreasureState, *moves: str, rows: str = STRIPES) -> None:
    """Play moves written as "up", "end", "pass" or "place r c" for the seat to act;
    in seek, a tile turned up unseen is revealed as laid out in ``rows``."""
    for move in moves:
        word, *rest = move.split()
        event = {"type": word, "seat": state.to_act}
        if word in ("up", "down", "left", "right"):
            event = {"type": "step", "seat": state.to_act, "dir": word}
        elif word == "place":
            event["corner"] = [int(n) for n in rest]
        GAME.apply(state, event)
        if state.pending is not None:
            reveal(state, rows)


def turn(state: TreasureState, *steps: str) -> None:
    """Three steps and the end of the turn."""
    play(state, *steps, "end")
