"""The Statistics screen: from the title by its key, a click and the palette; a player's results
against computers and friends; another player by key and by click; a resize; an empty folder and a
broken file said plainly; at 80×24 in en/uk/ru and without colour (look at them:
tests/app/__snapshots__/test_statistics/)."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from textual.widgets import DataTable, Select
from textual.widgets._footer import FooterKey
from textual.widgets._select import SelectOverlay

from kobito_tui.app.main import files_app
from kobito_tui.app.screens.statistics import StatisticsScreen
from kobito_tui.app.screens.title import TitleScreen
from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import Record, new_header, parse_players
from kobito_tui.core.savefile import save
from kobito_tui.games import get_game

from .conftest import no_blink, screen_text

EXAMPLES = Path(__file__).parents[2] / "saves"
AGAINST = (("kobito", "You,bot:easy"), ("kobito", "You,bot:hard,bot:medium"), ("treasure", "You,bot:easy"), ("kobito", "Ann,bot:hard"))


def fill(saves: Path) -> Path:
    """The example hot-seat games of Ann, Bob, Cy and Dee, games against computers (one left
    unfinished), and a file that is no save."""
    saves.mkdir(parents=True, exist_ok=True)
    for path in EXAMPLES.glob("*.jsonl"):
        shutil.copy(path, saves)
    for seed, (game_id, players) in enumerate(AGAINST * 2):
        record, _ = random_game(get_game(game_id), new_header(game_id, parse_players(players), seed=seed), random.Random(seed))
        if seed == 5:
            record = Record(record.header, record.events[: len(record.events) // 2])
        save(saves / f"{game_id}-{seed}.jsonl", record)
    (saves / "notes.jsonl").write_text("not a save\n")
    return saves


async def opened(pilot) -> StatisticsScreen:
    """The Statistics screen, once it has read the folder."""
    for _ in range(500):
        screen = pilot.app.screen
        if isinstance(screen, StatisticsScreen) and screen.stats is not None and not screen.query("#stats-reading"):
            break
        await pilot.pause(0.01)
    await pilot.pause()
    assert isinstance(pilot.app.screen, StatisticsScreen) and pilot.app.screen.stats is not None
    return pilot.app.screen


def rows(screen: StatisticsScreen) -> list[list[str]]:
    table = screen.query_one(DataTable)
    return [[str(cell).strip() for cell in table.get_row_at(row)] for row in range(table.row_count)]


async def test_by_keys_your_results_then_the_next_player_and_back(saves):
    app = files_app(fill(saves), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        screen = await opened(pilot)
        assert screen.query_one(Select).value == ""  # you (the one unnamed human against computers) first
        shown = rows(screen)
        assert screen.query_one(DataTable).cursor_row == 1 and "p Next player" in screen_text(app).splitlines()[-1]
        assert shown[1] == ["All opponents", "3", "1", "1·1·1", "23.3", "1"]  # Kobito: 3 finished, one unfinished
        assert [row[0] for row in shown] == [
            "Kobito",
            "All opponents",
            "Computer: Easy",
            "Computer: Medium",
            "Computer: Hard",
            "Hide the Treasure",
            "All opponents",
            "Computer: Easy",
        ]
        assert shown[3][5] == "1"  # the unfinished game against Hard and Medium
        assert "1 file could not be read and is not counted (Load says why)." in screen_text(app)
        await pilot.press("p")
        await pilot.pause()
        assert str(screen.query_one(Select).selection) == "ann"
        assert [row[0] for row in rows(screen)][:7] == [
            "Kobito",
            "All opponents",
            "Computer: Hard",
            "Bob",
            "Cy",
            "Dee",
            "Hide the Treasure",
        ]
        assert rows(screen)[3][1:] == ["3", "2", "2·0·1", "27.0", "0"]  # against Bob: two wins, a third place
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_by_clicks_the_title_button_a_player_from_the_list_and_back(saves):
    app = files_app(fill(saves), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click("#title-statistics")
        screen = await opened(pilot)
        await pilot.click("#stats-player")
        await pilot.pause()
        overlay = screen.query_one(SelectOverlay)
        names = [str(overlay.get_option_at_index(i).prompt) for i in range(overlay.option_count)]
        assert names == ["You", "Ann", "Bob", "Cy", "Dee"]  # you, then by the most games
        await pilot.click(SelectOverlay, offset=(2, names.index("Cy")))
        await pilot.pause()
        assert screen.query_one(Select).value == "cy"
        assert rows(screen)[1][:3] == ["All opponents", "2", "1"]
        back = next(key for key in screen.query(FooterKey) if key.action == "dismiss")
        await pilot.click(back)
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_from_the_palette_over_a_game_that_counts_as_unfinished(saves):
    app = files_app(fill(saves), bot_delay=0, new=new_header("treasure", parse_players("Eve,bot:hard"), seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        commands = {command.title: command for command in app.get_system_commands(app.screen)}
        assert commands["Statistics"].help == "Your wins and places"
        await commands["Statistics"].callback()
        screen = await opened(pilot)
        eve = screen.stats.tallies["eve"]["treasure"][None]  # the game on the screen below: saved, unfinished
        assert (eve.games, eve.unfinished, screen.stats.counted) == (0, 1, 6 + len(AGAINST) * 2 + 1)


async def test_a_resize_keeps_the_rows_and_a_small_window_gets_its_notice(saves):
    app = files_app(fill(saves), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        screen = await opened(pilot)
        before = rows(screen)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert rows(screen) == before and "Computer: Hard" in screen_text(app)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert screen.query_one("#size-notice").display
        await pilot.press("p")  # the notice has the keys
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert screen.query_one(Select).value == "" and screen.focused is screen.query_one(DataTable)
        assert "All opponents" in screen_text(app)


async def test_an_empty_folder_says_so(saves):
    app = files_app(saves, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        screen = await opened(pilot)
        assert "No games in the saves folder yet: play one, and your results show here." in screen_text(app)
        assert not screen.query(DataTable) and not screen.query("#stats-skipped")
        assert "Next player" not in screen_text(app).splitlines()[-1]  # nobody to go on to: no such key
        await pilot.press("p")  # nobody to go on to: nothing happens
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_without_colour_every_number_is_in_the_text(saves, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = files_app(fill(saves), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await opened(pilot)
        text = screen_text(app)
        assert "Opponent" in text and "Places 1·2·3…" in text
        assert any(line.split()[:2] == ["Computer:", "Easy"] and line.split()[2:4] == ["2", "1"] for line in text.splitlines())


async def _statistics(pilot) -> None:
    await pilot.press("s")
    await opened(pilot)
    no_blink(pilot.app)
    await pilot.pause()


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_snapshot(snap_compare, saves, lang):
    assert snap_compare(files_app(fill(saves), bot_delay=0, lang=lang), run_before=_statistics)


def test_snapshot_without_colour(snap_compare, saves, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(files_app(fill(saves), bot_delay=0), run_before=_statistics)


def test_snapshot_of_an_empty_folder(snap_compare, saves):
    assert snap_compare(files_app(saves, bot_delay=0), run_before=_statistics)


@pytest.mark.parametrize("name", ["[/]", "[b]Bo[/b]", "[@click=quit]x"])
async def test_a_name_is_shown_as_typed_never_as_markup(saves, name):
    saves.mkdir()
    record, _ = random_game(get_game("treasure"), new_header("treasure", parse_players(f"Zed,{name}"), seed=2), random.Random(2))
    save(saves / "odd.jsonl", record)
    app = files_app(saves, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        screen = await opened(pilot)
        assert str(screen.query_one(Select).selection) == name.casefold() and rows(screen)[2][0] == "Zed"
        assert f"Player {name} " in screen_text(app).splitlines()[2]  # the list shows it as typed
        await pilot.press("p")
        await pilot.pause()
        assert rows(screen)[2][0] == name  # Zed's opponent, by the name as typed
