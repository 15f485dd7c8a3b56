"""The chance chart: which column each turn gets, where a click jumps, the moment lit,
without colour (NO_COLOR: each seat's letter in the lit column and a legend tell the players
apart), braille lines joined across the plot, at 80×24 and larger."""

from __future__ import annotations

import pytest
from textual.filter import Monochrome

from kobito_tui.app.replay import ReplayScreen
from kobito_tui.app.replay.chart import GUTTER, ChanceChart, dot_line, point_position, seat_letters
from kobito_tui.app.replay.timeline import Timeline
from kobito_tui.app.treasure.grid import TileGrid

from .conftest import EXAMPLES, example, hand_report, kept, make_app

NAME = "kobito-2-players.jsonl"
MARKS = {3: "mistake", 7: "blunder", 12: "inaccuracy"}


async def opened(app, pilot, size, name=NAME):
    record = example(name)
    report = hand_report(record, MARKS)
    kept(app, record, report)
    await pilot.resize_terminal(*size)
    await app.push_screen(ReplayScreen(record, EXAMPLES[name], analyse=True))
    await pilot.pause()
    return app.screen, report


async def test_every_point_has_a_column_and_a_click_goes_to_the_moment_after_its_turn(saves):
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, report = await opened(app, pilot, (80, 24))
        chart = screen.query_one(ChanceChart)
        columns = [chart.column(k) for k in range(len(report.chances))]
        assert columns[0] == 0 and columns[-1] == chart.content_size.width - GUTTER - 1
        assert columns == sorted(columns)
        for k in (0, 5, len(report.chances) - 1):
            assert chart.point(columns[k]) >= k and chart.column(chart.point(columns[k])) == columns[k]
            assert point_position(report, k, screen.cursor.start) == (report.turns[k - 1].end if k else screen.cursor.start)
        await pilot.click(ChanceChart, offset=(GUTTER + columns[-1], 3))
        await pilot.pause()
        assert screen.cursor.position == report.turns[-1].end
        await pilot.click(ChanceChart, offset=(1, 3))  # the axis: nothing happens
        await pilot.pause()
        assert screen.cursor.position == report.turns[-1].end


async def test_without_colour_the_letters_and_the_legend_tell_the_players_apart(saves, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _ = await opened(app, pilot, (80, 24))
        chart = screen.query_one(ChanceChart)
        background = chart.background_colors[1]
        rows = [Monochrome().apply(list(chart.render_line(y)), background) for y in range(chart.content_size.height)]
        text = ["".join(segment.text for segment in row) for row in rows]
        assert "A Ann" in text[0] and "B Bob" in text[0] and "? mistake" in text[0]
        now = GUTTER + chart.now(screen.cursor.position)
        letters = chart.letters_now()  # the moment: each seat's letter at its height, side by side where level
        assert sorted(seat for seats in letters.values() for seat in seats) == [0, 1]
        for row, seats in letters.items():
            assert "".join(chart.letters[seat] for seat in seats) in text[row + 1][now - 1 :]
        assert {"?", "X", "~"} <= set(text[-1])
        now = GUTTER + chart.now(screen.cursor.position)
        lit = [segment.style for segment in rows[2] if segment.text and segment.style.bgcolor]
        assert len({style.bgcolor for style in lit}) >= 2  # the moment's column stands out in grey too
        assert all(
            style.color is None or style.color.triplet[0] == style.color.triplet[1] == style.color.triplet[2]
            for row in rows
            for segment in row
            for style in [segment.style]
            if style.color and style.color.triplet
        )
        assert now < chart.content_size.width


async def test_the_chart_fits_80_by_24_and_grows_on_a_tall_window(saves):
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _ = await opened(app, pilot, (80, 24))
        chart = screen.query_one(ChanceChart)
        assert chart.region.height == 6 and chart.region.right <= 80 and not screen.query_one(Timeline).display
        assert screen.board.region.height >= 10  # the board keeps its room
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert chart.region.height >= 10 and chart.region.width == 118
        assert whole(screen.board, screen)
        assert chart.column(len(chart.report.chances) - 1) == 118 - GUTTER - 1
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert chart.region.height == 6


def whole(board, screen) -> bool:
    """The board has every row it needs, inside the screen."""
    need = board.get_content_height(board.size, screen.size, board.size.width) + board.styles.gutter.height
    return board.region.height >= need and board.region.bottom <= screen.size.height


@pytest.mark.parametrize("name", ["treasure-standard.jsonl", "treasure-shared-pawn.jsonl", NAME, "kobito-4-players.jsonl"])
async def test_the_board_stays_whole_with_the_chart_shown_at_80_by_24(saves, name):
    """Hide the Treasure's board needs 18 rows: the chart folds to its legend and the strip of marks."""
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _ = await opened(app, pilot, (80, 24), name)
        await pilot.press("pagedown", "pagedown")
        await pilot.pause()
        chart = screen.query_one(ChanceChart)
        assert whole(screen.board, screen) and chart.region.height >= 2 and chart.region.bottom <= 22
        for grid in screen.board.query(TileGrid):
            assert screen.board.region.contains_region(grid.region) and grid.region.height == 14  # 5 tile rows
        text = ["".join(segment.text for segment in chart.render_line(y)) for y in range(chart.content_size.height)]
        assert "A Ann" in text[0] and {"?", "X"} <= set(text[-1])  # the legend, the marks under the plot or alone
        assert chart.render_line(chart.content_size.height - 1) != chart._drawn()[-1]  # the moment lit there too
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        assert whole(screen.board, screen)


async def test_a_kobito_board_that_grows_during_the_game_stays_whole(saves):
    """Four players' workshops grow past the rows the chart left at first: the chart gives way."""
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _ = await opened(app, pilot, (80, 24), "kobito-4-players.jsonl")
        heights = []
        while screen.cursor.position < screen.cursor.length:
            await pilot.press("pagedown")
            await pilot.pause()
            assert whole(screen.board, screen), screen.cursor.position
            heights.append(screen.query_one(ChanceChart).region.height)
        assert heights == sorted(heights, reverse=True) and heights[-1] >= 2  # it only shrinks: no jumping


def test_one_letter_per_seat_its_initial_or_else_its_number():
    assert seat_letters(["Ann", "Bob"]) == ["A", "B"]
    assert seat_letters(["You", "Computer 2", "Computer 3"]) == ["Y", "2", "3"]
    assert seat_letters(["Ви", "Комп'ютер 2"]) == ["В", "К"]
    assert seat_letters(["Ann", "7up", ""]) == ["A", "2", "3"]  # no letter to take: the seat's number
    assert seat_letters(["Ann", "Amy", "Bob"]) == ["1", "2", "B"]


def test_a_line_is_joined_from_point_to_point():
    dots = dot_line([0, 4, 4, 5], [0, 8, 2, 2])
    assert {x for x, _ in dots} == set(range(6))  # no dot column left out
    assert {y for x, y in dots if x == 4} >= set(range(2, 9))  # a column of several turns: a vertical stroke
    assert (0, 0) in dots and (5, 2) in dots


async def test_at_80_by_24_each_line_is_braille_across_the_plot_and_the_letters_follow_the_moment(saves):
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _ = await opened(app, pilot, (80, 24))
        chart = screen.query_one(ChanceChart)
        strips = chart._drawn()
        plot = ["".join(segment.text for segment in strip)[GUTTER:] for strip in strips[1:-1]]
        assert len(plot) == 4
        assert set("".join(plot)) - {" "} <= {chr(code) for code in range(0x2801, 0x2900)}  # dots only (no digits)
        assert all(any(row[c] != " " for row in plot) for c in range(len(plot[0])))  # every column has a line
        for seat in (0, 1):  # each seat's colour draws cells all along the plot
            style, drawn = chart._seat_style(seat).rich_style, set()
            for strip in strips[1:-1]:
                x = 0
                for segment in strip:
                    if segment.style is not None and segment.style.color == style.color and segment.text.strip():
                        drawn.update(range(x, x + len(segment.text)))
                    x += len(segment.text)
            assert style.color is not None and len(drawn) > len(plot[0]) // 2, (seat, len(drawn))
        before = dict(chart.letters_now())
        assert sorted(seat for seats in before.values() for seat in seats) == [0, 1]
        while chart.letters_now() == before and screen.cursor.position < screen.cursor.length:
            await pilot.press("pagedown")
            await pilot.pause()
        assert chart.letters_now() != before  # the letters follow the moment
        assert sorted(seat for seats in chart.letters_now().values() for seat in seats) == [0, 1]
