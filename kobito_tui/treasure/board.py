"""The 5x5 board: tiles, colours, positions and precomputed neighbours.

Positions are indices ``row * 5 + col`` inside the engine and ``(row, col)``
in events and views.
"""

from __future__ import annotations

SIZE = 5
CELLS = SIZE * SIZE

COLOURS = ("red", "blue", "green", "yellow", "purple")
COLOUR_INDEX = {colour: index for index, colour in enumerate(COLOURS)}
LETTERS = {"red": "R", "blue": "B", "green": "G", "yellow": "Y", "purple": "P"}
TREASURES = ("crown", "ring", "goblet", "key", "gem")  # distinct within a colour
TILES = tuple((colour, treasure) for colour in COLOURS for treasure in TREASURES)

DIRECTIONS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}

CORNERS = (0, SIZE - 1, CELLS - SIZE, CELLS - 1)
OPPOSITE = {corner: CELLS - 1 - corner for corner in CORNERS}
CORNER_NAMES = {0: "top-left", SIZE - 1: "top-right", CELLS - SIZE: "bottom-left", CELLS - 1: "bottom-right"}


def to_rc(pos: int) -> tuple[int, int]:
    return divmod(pos, SIZE)


def from_rc(value: object) -> int | None:
    """The index of a ``[row, col]`` pair, or None when it is not one on the board."""
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        return None
    row, col = value
    if type(row) is not int or type(col) is not int or not (0 <= row < SIZE and 0 <= col < SIZE):
        return None
    return row * SIZE + col


def _neighbours(pos: int) -> dict[str, int]:
    row, col = to_rc(pos)
    return {name: (row + dr) * SIZE + col + dc for name, (dr, dc) in DIRECTIONS.items() if 0 <= row + dr < SIZE and 0 <= col + dc < SIZE}


NEIGHBOURS: tuple[dict[str, int], ...] = tuple(_neighbours(pos) for pos in range(CELLS))
"""``NEIGHBOURS[pos][direction]`` is the position one step away, if on the board."""
