"""The saved-games browser: listing (broken files too), sorting, delete, rename, open."""

from __future__ import annotations

import os
from dataclasses import replace

from textual.widgets import DataTable

from kobito_tui.app.browser import BrowserScreen
from kobito_tui.app.browser.entries import read_entry, result, scan
from kobito_tui.app.browser.preview import Preview, hidden, preview_seat
from kobito_tui.app.replay import ReplayScreen
from kobito_tui.app.screens.game import GameScreen
from kobito_tui.core.game import Seat
from kobito_tui.core.record import Record
from kobito_tui.core.savefile import save
from kobito_tui.i18n import translator

from .conftest import EXAMPLES, example, make_app


def fill(saves):
    """An unfinished game, a finished one, a file with a bad event on line 12, and garbage."""
    record = example("kobito-2-players.jsonl")
    save(saves / "unfinished.jsonl", Record(record.header, record.events[:40]))
    save(saves / "finished.jsonl", example("treasure-seek.jsonl"))
    lines = EXAMPLES["kobito-2-players.jsonl"].read_text().splitlines(keepends=True)
    (saves / "broken.jsonl").write_text("".join(lines[:11]) + '{"type":"end-turn","seat":7}\n' + "".join(lines[12:30]))
    (saves / "garbage.jsonl").write_text("not json\n")
    for age, name in enumerate(["unfinished", "finished", "broken", "garbage"]):
        os.utime(saves / f"{name}.jsonl", (1_800_000_000 - age * 60,) * 2)  # newest first, as listed


async def open_browser(app, pilot):
    results = []
    await app.push_screen(BrowserScreen(app.home.saves_dir), results.append)
    await pilot.pause()
    app.screen.results = results
    return app.screen


def rows(screen) -> list[list[str]]:
    table = screen.query_one(DataTable)
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


def test_scan_lists_everything_and_keeps_the_reasons(saves):
    fill(saves)
    save(saves / "replays" / "kept.jsonl", example("treasure-standard.jsonl"))  # the final screen's "Save replay"
    save(saves / "replays" / "copy.jsonl", example("treasure-seek.jsonl"))  # the same game as finished.jsonl
    entries = {entry.path.name: entry for entry in scan(saves)}
    assert "copy.jsonl" not in entries  # listed once
    assert set(EXAMPLES) <= set(entries) and len(entries) == len(EXAMPLES) + 5
    assert entries["kept.jsonl"].short_name == "replays/kept" and entries["kept.jsonl"].over
    broken = entries["broken.jsonl"]
    assert broken.error.startswith("line 12: ") and broken.failure.line == 12 and broken.header is not None and broken.record is None
    assert entries["garbage.jsonl"].error.startswith("line 1: ") and entries["garbage.jsonl"].header is None
    t = translator("en")
    assert result(t, broken).startswith("⚠ line 12: ")
    assert not entries["unfinished.jsonl"].over and result(t, entries["unfinished.jsonl"]) == "in progress"
    finished = entries["finished.jsonl"]
    assert finished.over and result(t, finished).endswith(" won") and finished.moves > 0
    assert result(translator("uk"), finished) == "Cy виграє"


async def test_browser_lists_saves_then_examples_and_survives_bad_files(saves):
    fill(saves)
    app = make_app(saves)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_browser(app, pilot)
        listed = rows(screen)
        assert [row[-1] for row in listed[:4]] == ["unfinished", "finished", "broken", "garbage"]
        assert all(row[-1].startswith("★ ") for row in listed[4:])
        assert listed[2][4].startswith("⚠ line 12:")
        assert listed[0][4] == "in progress"
        await pilot.press("down", "down")  # the broken file: its reason whole in the preview
        details = str(screen.query_one("#preview-details").render())
        assert "Cannot be opened — line 12:" in details
        assert screen.query_one("#browser-replay").disabled
        await pilot.press("enter")  # refused with a message, nothing opened
        assert app.screen is screen


async def test_sorting_by_key_and_by_clicking_a_column(saves):
    fill(saves)
    app = make_app(saves)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_browser(app, pilot)
        await pilot.press("s", "s", "s", "s")  # saved → game → players → date → moves, most first
        moves = [int(row[3]) for row in rows(screen) if row[3]]
        assert moves == sorted(moves, reverse=True) and screen.sort_column == "moves"
        table = screen.query_one(DataTable)
        players_x = sum(column.get_render_width(table) for column in table.ordered_columns[:1]) + 2
        await pilot.click(DataTable, offset=(players_x, 0))  # the Players header
        assert screen.sort_column == "players" and not screen.sort_reverse
        names = [row[1] for row in rows(screen)]
        assert names == sorted(names, key=str.lower)
        await pilot.pause(0.3)
        await pilot.click(DataTable, offset=(players_x, 0))
        assert screen.sort_reverse


async def test_delete_asks_first(saves):
    fill(saves)
    app = make_app(saves)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_browser(app, pilot)
        await pilot.press("d")
        await pilot.press("escape")  # cancelled
        assert (saves / "unfinished.jsonl").exists()
        await pilot.press("d")
        await pilot.click("#confirm")
        await pilot.pause()
        assert not (saves / "unfinished.jsonl").exists()
        assert rows(screen)[0][-1] == "finished"


async def test_rename_asks_for_a_name_and_keeps_the_suffix(saves):
    fill(saves)
    app = make_app(saves)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_browser(app, pilot)
        await pilot.press("down", "f2")
        app.screen.query_one("#new-name").value = "unfinished"  # taken: refused
        await pilot.press("enter")
        assert (saves / "finished.jsonl").exists()
        await pilot.press("f2")
        app.screen.query_one("#new-name").value = "great game"
        await pilot.click("#rename")
        await pilot.pause()
        assert not (saves / "finished.jsonl").exists() and (saves / "great game.jsonl").exists()
        assert screen.chosen.path.name == "great game.jsonl"


async def test_examples_cannot_be_deleted_or_renamed(saves):
    app = make_app(saves)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_browser(app, pilot)
        assert screen.chosen.example
        await pilot.press("d", "f2")
        assert app.screen is screen
        assert all(path.exists() for path in EXAMPLES.values())


async def test_open_finished_replays_and_unfinished_continues(saves):
    fill(saves)
    app = make_app(saves)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_browser(app, pilot)
        await pilot.press("down", "enter")  # finished.jsonl
        assert isinstance(app.screen, ReplayScreen) and app.screen.path == saves / "finished.jsonl"
        await pilot.press("escape")
        assert app.screen is screen
        await pilot.press("up", "c")
        assert screen.results == [saves / "unfinished.jsonl"]


async def test_continue_goes_through_the_apps_resume(saves):
    fill(saves)
    app = make_app(saves)
    async with app.run_test(size=(100, 32)) as pilot:
        app.push_screen(BrowserScreen(saves), app.home.resume)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        [game] = [s for s in app.screen_stack if isinstance(s, GameScreen)]  # (behind a hot-seat curtain)
        assert game.host.session.path == saves / "unfinished.jsonl" and len(game.host.session.events) == 40


def test_preview_seat_never_reveals_a_hot_seat_game_in_progress(saves):
    record = example("treasure-standard.jsonl")
    computer = Seat("Computer 2", "bot", "random")
    cases = {
        "finished": (record, None),
        "solo": (Record(replace(record.header, seats=(record.header.seats[0], computer)), record.events[:20]), 0),
        "bots": (Record(replace(record.header, seats=(computer, computer)), record.events[:20]), False),
        "hot-seat": (Record(record.header, record.events[:20]), False),
    }
    for name, (game, seat) in cases.items():
        save(saves / f"{name}.jsonl", game)
        assert preview_seat(read_entry(saves / f"{name}.jsonl")) == seat, name


async def test_preview_board_or_hidden_notice(saves):
    fill(saves)
    app = make_app(saves)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_browser(app, pilot)
        preview = screen.query_one(Preview)
        assert preview._board is None and hidden(app.t) in str(preview.query_one("#preview-details").render())
        await pilot.press("down")
        await pilot.pause()
        assert preview._board is not None and preview._board.is_mounted


async def test_play_from_here_in_a_replay_opened_from_the_browser_continues_the_new_game(saves):
    app = make_app(saves)
    async with app.run_test(size=(100, 32)) as pilot:
        app.push_screen(BrowserScreen(saves), app.home.resume)
        await pilot.pause()
        await pilot.press("enter")  # the first example, a finished game: a replay
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("pagedown", "b")
        await pilot.pause()
        await pilot.click("#branch-play")
        await pilot.pause()
        [game] = [s for s in app.screen_stack if isinstance(s, GameScreen)]
        assert game.host.session.path.parent == saves and not game.host.session.over


async def test_rename_refuses_long_names_and_control_characters(saves):
    fill(saves)
    app = make_app(saves)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_browser(app, pilot)
        before = sorted(path.name for path in saves.iterdir())
        for bad in ("é" * 130, "a\x00b", "two\nlines", "x\x1b]0;pwned\x07"):
            await pilot.press("f2")
            app.screen.query_one("#new-name").value = bad
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is screen and app._exception is None, repr(bad)
            assert sorted(path.name for path in saves.iterdir()) == before
        reasons = [note.message for note in app._notifications]
        assert any("at most 255 bytes" in reason for reason in reasons)
        assert sum("without control characters" in reason for reason in reasons) == 3
        assert all("\x1b" not in reason and "\x00" not in reason for reason in reasons)
