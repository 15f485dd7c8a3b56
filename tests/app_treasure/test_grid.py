"""The tile grid on its own: faces, pawns, and which clicks count."""

from __future__ import annotations

from textual.app import App, ComposeResult
from treasure.helpers import play, start  # tests/treasure: layouts chosen by hand

from kobito_tui.app.treasure.controls import Choices
from kobito_tui.app.treasure.grid import PITCH_X, PITCH_Y, TileGrid
from kobito_tui.i18n import translator
from kobito_tui.treasure import GAME

from .harness import STYLES
from .pilot import tile_text


class GridApp(App):
    CSS_PATH = [str(STYLES / "treasure.tcss")]

    def __init__(self, view, choices: Choices | None = None):
        super().__init__()
        self.view, self.choices, self.clicked = view, choices or Choices(), []
        self.t = translator("en")  # the grid's words (colour letters) come from the app's translator

    def compose(self) -> ComposeResult:
        yield TileGrid()

    def on_mount(self) -> None:
        self.query_one(TileGrid).show(self.view, self.choices)

    def on_tile_grid_clicked(self, message: TileGrid.Clicked) -> None:
        self.clicked.append(message.pos)


async def faces(state, seat):
    app = GridApp(GAME.view(state, seat))
    async with app.run_test(size=(40, 16)):
        grid = app.query_one(TileGrid)
        return [[tile_text(grid, (row, col)) for col in range(5)] for row in range(5)]


async def test_seek_chests_show_a_question_mark_until_revealed_then_their_colour():
    state = start(variant="seek")  # all chests, none seen; stripes: row 0 red, row 1 blue...
    for seat in (0, None):
        assert {face for row in await faces(state, seat) for face in row} == {"? [≡≡]"}
    play(state, "right", "left", "right")  # (0,0) revealed, turned back to its chest; (0,1) revealed
    for seat in (1, None):
        assert (await faces(state, seat))[0][:3] == ["R [≡≡]", " R ○  ", "? [≡≡]"]


async def test_unknown_and_known_chests_are_styled_apart():
    state = start(variant="seek")
    play(state, "right", "left", "right")  # (0,0) a known chest, (0,2) never seen
    app = GridApp(GAME.view(state, 1))
    async with app.run_test(size=(40, 16)):
        grid = app.query_one(TileGrid)
        known, unknown = grid._tile_style((0, 0)), grid._tile_style((0, 2))
        assert known == grid.get_component_rich_style("tile--chest")
        assert unknown == grid.get_component_rich_style("tile--unknown") and unknown.bgcolor != known.bgcolor


async def test_a_tile_turned_up_awaiting_its_reveal_shows_a_question_mark():
    state = start(variant="seek")
    GAME.apply(state, {"type": "step", "seat": 0, "dir": "right"})  # a replay may stop here
    assert (await faces(state, None))[0][0] == "  ?   "


async def test_faces_show_colour_letter_and_treasure_and_pawns_are_numbered():
    state = start()
    play(state, "right")  # Ann leaves (0, 0): it flips to the chest side
    app = GridApp(GAME.view(state, 1))
    async with app.run_test(size=(40, 16)):
        grid = app.query_one(TileGrid)
        assert tile_text(grid, (0, 0)) == "R [≡≡]"  # a chest whose tile is known
        assert tile_text(grid, (0, 2)) == " R ∇  "  # red goblet
        assert tile_text(grid, (0, 1), 1) == " »●1« "  # Ann acts
        assert tile_text(grid, (4, 4), 1) == "  ●2  "


async def test_a_click_reports_the_tile_under_it_and_gaps_report_nothing():
    app = GridApp(GAME.view(start(), 0))
    async with app.run_test(size=(40, 16)) as pilot:
        await pilot.click(TileGrid, offset=(3 * PITCH_X + 5, 2 * PITCH_Y + 1))
        await pilot.click(TileGrid, offset=(3 * PITCH_X + 6, 2 * PITCH_Y))  # the gap right of a tile
        await pilot.click(TileGrid, offset=(0, 2 * PITCH_Y + 2))  # the gap below a tile
        await pilot.pause()
        assert app.clicked == [(2, 3)]


async def test_the_choice_under_the_mouse_lights_up():
    state = start()  # Ann on (0, 0) may step down to (1, 0) or right to (0, 1)
    app = GridApp(GAME.view(state, 0), Choices.of(GAME.view(state, 0), GAME.legal_moves(state)))
    async with app.run_test(size=(40, 16)) as pilot:
        grid = app.query_one(TileGrid)
        await pilot.hover(TileGrid, offset=(2, PITCH_Y))  # over (1, 0)
        assert grid._mark((1, 0)) == ("↓", "tile--hover")
        assert grid._mark((0, 1)) == ("→", "tile--target")
        await pilot.hover(TileGrid, offset=(3 * PITCH_X, 3 * PITCH_Y))  # not a choice
        assert grid._mark((1, 0)) == ("↓", "tile--target")


async def test_a_larger_grid_has_larger_tiles_and_clicks_follow():
    state = start()
    app = GridApp(GAME.view(state, 1))
    async with app.run_test(size=(60, 30)) as pilot:
        grid = app.query_one(TileGrid)
        grid.styles.width, grid.styles.height = 54, 24  # as at 120x40
        await pilot.pause()
        assert grid.pitch == (11, 5)
        assert tile_text(grid, (0, 2)) == "   R ∇    "  # the face, centred on a 10x4 tile
        assert tile_text(grid, (4, 4), 1).strip() == "●2"
        await pilot.click(TileGrid, offset=(3 * 11 + 9, 2 * 5 + 3))  # the tile's last cell and line
        await pilot.click(TileGrid, offset=(3 * 11 + 10, 2 * 5))  # the gap
        await pilot.pause()
        assert app.clicked == [(2, 3)]
