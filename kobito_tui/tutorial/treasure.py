"""The Hide the Treasure tutorial: three turns on a fixed layout, ending in your win.

You are red, in the top-left corner.  Turn 1 walks right along three red tiles;
turn 2 goes down, left and down, crossing two tiles of other colours to reach
the fourth red one; turn 3 steps up off the fifth, and you win.
"""

from __future__ import annotations

from kobito_tui.core.game import Event
from kobito_tui.treasure.board import COLOURS, SIZE, TREASURES
from kobito_tui.tutorial.script import Step, Tutorial

YOU, COMPUTER = 0, 1

# The colour of each tile, row by row (R red: yours, B blue: the computer's).
LAYOUT = (
    "RRRGY",
    "PGRYP",
    "BYRGG",
    "BPGYP",
    "BBBPY",
)
LETTER = {colour[0].upper(): colour for colour in COLOURS}


def _setup() -> Event:
    seen: dict[str, int] = {}
    tiles = []
    for letter in "".join(LAYOUT):
        colour = LETTER[letter]
        tiles.append([colour, TREASURES[seen.setdefault(colour, 0)]])
        seen[colour] += 1
    return {"type": "setup", "tiles": tiles, "colours": ["red", "blue"], "first": YOU,
            "pawns": [[0, 0], [SIZE - 1, SIZE - 1]]}  # fmt: skip  # aligned by hand with its opening bracket


def _step(direction: str, seat: int = YOU) -> Event:
    return {"type": "step", "seat": seat, "dir": direction}


END = {"type": "end", "seat": YOU}

TUTORIAL = Tutorial(
    game="treasure",
    options={"first_player": YOU},
    setup=_setup(),
    steps=(
        Step("tutorial.treasure.step", _step("right")),
        Step("tutorial.treasure.flip", _step("right")),
        Step("tutorial.treasure.third", _step("right")),
        Step("tutorial.treasure.end", END),
        Step("tutorial.treasure.down", _step("down")),
        Step("tutorial.treasure.detour", _step("left")),
        Step("tutorial.treasure.fourth", _step("down")),
        Step("tutorial.treasure.end-again", END),
        Step("tutorial.treasure.win", _step("up")),
    ),
    opponent=(
        _step("up", COMPUTER),
        _step("up", COMPUTER),
        _step("left", COMPUTER),
        {"type": "end", "seat": COMPUTER},
        _step("down", COMPUTER),
        _step("left", COMPUTER),
        _step("left", COMPUTER),
        {"type": "end", "seat": COMPUTER},
    ),
    closing="tutorial.treasure.done",
)
