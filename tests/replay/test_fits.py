"""What the browser and the viewer say fits 80×24 and says what it means."""

from __future__ import annotations

import random

from textual.widgets import DataTable

from kobito_tui.app.browser import BrowserScreen
from kobito_tui.app.browser.entries import read_entry
from kobito_tui.app.browser.preview import preview_seat
from kobito_tui.app.replay import ReplayScreen
from kobito_tui.app.replay.log import ReplayLog
from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import Record, new_header, parse_players
from kobito_tui.core.savefile import save
from kobito_tui.games import get_game
from kobito_tui.i18n.messages import english

from .conftest import example, make_app

LONGEST_NAME = "Bartholomew Fitzgerald J"  # 24 characters, the most a name may have


def finished(game_id: str, players: str, seed: int = 3) -> Record:
    header = new_header(game_id, parse_players(players), seed=seed)
    return random_game(get_game(game_id), header, random.Random(seed))[0]


async def test_the_file_column_is_whole_at_80_columns(saves):
    save(saves / "kobito-20261130-102442.jsonl", example("kobito-4-players.jsonl"))  # Ann, Bob, Cy, Dee
    (saves / "broken.jsonl").write_text("not json\n")  # its reason in the Result column
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(BrowserScreen(saves))
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        files = [str(table.get_row_at(row)[-1]) for row in range(table.row_count)]
        assert "kobito-20261130-102442" in files and "★ treasure-shared-pawn" in files
        assert table.max_scroll_x == 0  # no sideways scrolling
        await pilot.resize_terminal(120, 30)
        await pilot.pause()
        assert table.max_scroll_x == 0


async def test_the_treasure_preview_of_a_hot_seat_game_does_not_speak_of_hands(saves):
    record = example("treasure-standard.jsonl")
    save(saves / "t.jsonl", Record(record.header, record.events[:20]))
    assert preview_seat(read_entry(saves / "t.jsonl")) is False
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(BrowserScreen(saves))
        await pilot.pause()
        text = str(app.screen.query_one("#preview-details").render())
        assert "in progress" in text and "hand" not in text.lower()


async def test_view_button_names_a_computer_seat_and_the_log_follows(saves):
    record = finished("kobito", "You,bot:random")
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ReplayScreen(record)
        await app.push_screen(screen)
        await pilot.press("pagedown", "pagedown", "2")
        await pilot.pause()
        shown = app.export_screenshot().replace("&#160;", " ")
        assert "View: Computer 2" in shown and "as Computer 2 saw it" in shown
        log, cursor = screen.query_one(ReplayLog), screen.cursor
        for keys in (["right"] * 3, ["pagedown"] * 5, ["end"], ["left"], ["home"]):
            await pilot.press(*keys)
            await pilot.pause()
            newest = cursor.lines_before(cursor.position, 1, 1)
            assert log.rows[-1][0] == (newest[0][0] if newest else 0)  # the last line shown is the newest


async def test_the_game_over_line_is_whole_at_80_columns(saves):
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        for game_id in ("kobito", "treasure"):
            record = finished(game_id, f"{LONGEST_NAME},Bob", seed=5)  # two humans: nobody's "you", names in full
            screen = ReplayScreen(record)
            await app.push_screen(screen)
            await pilot.press("end")
            await pilot.pause()
            line = screen.query_one("#replay-position")
            text = str(line.render())
            assert text == f"Game over: {english(screen.cursor.game.result(screen.cursor.state).summary, screen.cursor.header.seats)}"
            rows = -(-len(text) // line.content_size.width)
            assert line.content_size.height >= rows, (text, line.content_size)
            app.pop_screen()


async def test_in_every_language_a_long_file_name_is_cut_with_an_ellipsis_and_a_computer_winner_keeps_its_number(saves, tmp_path):
    from kobito_tui.app.main import files_app

    record = finished("treasure", "bot:random,bot:random", seed=3)
    save(saves / "a-game-saved-under-a-very-long-name-indeed.jsonl", record)
    for lang in ("en", "uk", "ru"):
        app = files_app(saves, bot_delay=0, lang=lang, env={"KOBITO_CONFIG_DIR": str(tmp_path / "config")})
        async with app.run_test(size=(80, 24)) as pilot:
            await app.push_screen(BrowserScreen(saves))
            await pilot.pause()
            table = app.screen.query_one(DataTable)
            row = [str(cell) for cell in table.get_row_at(0)]
            assert row[-1].endswith("…") and row[-1].startswith("a-game-saved"), row
            assert table.max_scroll_x == 0, lang  # nothing cut by the table itself
            entry = read_entry(saves / "a-game-saved-under-a-very-long-name-indeed.jsonl")
            assert len(entry.winners) == 1 and row[4] == entry.who(app.screen.t).label(entry.winners[0]), (
                row
            )  # "Computer 2", not "Computer …"
