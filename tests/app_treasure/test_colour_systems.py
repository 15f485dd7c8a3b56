"""Tiles stay apart in 16 colours (TERM=xterm or linux) and without colour (NO_COLOR)."""

from __future__ import annotations

import random

from rich.color import ColorSystem
from rich.segment import Segment
from textual.filter import Monochrome

from kobito_tui.core.randomplay import random_game
from kobito_tui.treasure import GAME

from .harness import Harness, treasure_header

BOARD_SIZE = (60, 22)
COLOURS = ("red", "blue", "green", "yellow", "purple")


def _faces(app: Harness) -> list[Segment]:
    """The segments of the grid's rows that carry a tile's letter."""
    strips = app.screen._compositor.render_strips()
    return [segment for strip in strips for segment in strip if segment.text.strip()[:1] in "RBGYP?" and segment.style]


def _every_tile_seen() -> Harness:
    header = treasure_header(3, seed=11)
    record, _ = random_game(GAME, header, random.Random(11))
    return Harness(header, seat=0, events=record.events)  # over: every tile face up


async def test_in_16_colours_each_tile_colour_and_the_chest_stay_apart():
    app = _every_tile_seen()
    async with app.run_test(size=BOARD_SIZE) as pilot:
        await pilot.pause()
        grid = app.board.query_one("TileGrid")
        backgrounds = {}
        for name in (*COLOURS, "chest"):
            colour = grid.get_component_rich_style(f"tile--{name}").bgcolor
            backgrounds[name] = colour.downgrade(ColorSystem.STANDARD).number, colour.downgrade(ColorSystem.EIGHT_BIT).number
        assert len({standard for standard, _ in backgrounds.values()}) == len(backgrounds), backgrounds
        assert len({eight_bit for _, eight_bit in backgrounds.values()}) == len(backgrounds), backgrounds
        shown = {segment.style.bgcolor.downgrade(ColorSystem.STANDARD).number for segment in _faces(app)}
        assert len(shown) >= len(COLOURS)  # the board draws them so


async def test_without_colour_each_tile_says_its_colour_in_letters():
    app = _every_tile_seen()
    async with app.run_test(size=BOARD_SIZE) as pilot:
        await pilot.pause()
        grid = app.board.query_one("TileGrid")
        faces = _faces(app)
        grey = Monochrome().apply(faces, grid.background_colors[1])
        letters = {segment.text.strip()[:1] for segment in grey}
        assert letters >= {"R", "B", "G", "Y", "P"}
        assert {segment.style.bgcolor.triplet for segment in grey if segment.style.bgcolor} <= {
            (level, level, level) for level in range(256)
        }  # truly grey: the letters alone tell the colours apart
