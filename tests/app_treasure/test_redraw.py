"""The grid repaints only the tiles that look different: a cursor key or the mouse moving between two
choices repaints two tiles, a step the few it changed; every cell that changed is among them."""

from __future__ import annotations

from textual.geometry import Region
from textual.widget import Widget

from kobito_tui.app.treasure.grid import TileGrid

from .harness import Harness, treasure_header

SIZE = (80, 30)


class Repaints:
    """The regions the grid asked to repaint (None: all of it)."""

    def __init__(self, monkeypatch) -> None:
        self.regions: list[Region | None] = []
        refresh = Widget.refresh

        def counted(grid: TileGrid, *regions: Region, **options):
            self.regions += list(regions) or [None]
            return refresh(grid, *regions, **options)

        monkeypatch.setattr(TileGrid, "refresh", counted)


def cells(grid: TileGrid) -> dict[tuple[int, int], tuple[str, object]]:
    """Each cell of the grid as drawn: its character and style."""
    drawn = {}
    for y in range(grid.size.height):
        x = 0
        for segment in grid.render_line(y):
            for char in segment.text:
                drawn[x, y] = (char, segment.style)
                x += 1
    return drawn


def tiles(grid: TileGrid, regions: list[Region | None]) -> set[tuple[int, int]]:
    """The tiles the regions cover, each region exactly one tile."""
    pitch_x, pitch_y = grid.pitch
    found = set()
    for region in regions:
        assert region is not None and region.size == (pitch_x - 1, pitch_y - 1), region
        found.add((region.y // pitch_y, region.x // pitch_x))
    return found


async def changes(pilot, grid: TileGrid, repaints: Repaints, act) -> set[tuple[int, int]]:
    """Do ``act``; the tiles repainted, once it is checked that every changed cell was."""
    before, repaints.regions = cells(grid), []
    await act()
    await pilot.pause()
    after = cells(grid)
    changed = {cell for cell in after if after[cell] != before.get(cell)}
    assert all(any(region is not None and region.contains(*cell) for region in repaints.regions) for cell in changed)
    return tiles(grid, repaints.regions)


async def test_a_cursor_key_and_the_mouse_repaint_the_two_tiles_they_leave_and_reach(monkeypatch):
    app = Harness(treasure_header(2, seed=3, shared_pawn=True))  # the shared pawn's corner is chosen first
    async with app.run_test(size=SIZE) as pilot:
        grid = app.query_one(TileGrid)
        repaints = Repaints(monkeypatch)
        assert await changes(pilot, grid, repaints, lambda: pilot.press("right")) == {(0, 0), (0, 4)}
        assert await changes(pilot, grid, repaints, lambda: pilot.press("down")) == {(0, 4), (4, 4)}
        pitch_x, pitch_y = grid.pitch
        assert await changes(pilot, grid, repaints, lambda: pilot.hover(TileGrid, offset=(1, 4 * pitch_y))) == {(4, 0)}
        assert await changes(pilot, grid, repaints, lambda: pilot.hover(TileGrid, offset=(1, 1))) == {(4, 0), (0, 0)}


async def test_a_step_repaints_the_tiles_it_changed_only(monkeypatch):
    app = Harness(treasure_header(2, seed=3))
    async with app.run_test(size=SIZE) as pilot:
        grid = app.query_one(TileGrid)
        repaints = Repaints(monkeypatch)
        step = next(iter(app.board._choices.directions))
        repainted = await changes(pilot, grid, repaints, lambda: pilot.press(step))
        assert 2 <= len(repainted) < 8, repainted  # the pawn's old and new tile, the arrows around them
