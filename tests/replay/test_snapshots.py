"""Snapshots at 80×24 (look at them: tests/replay/__snapshots__/)."""

from __future__ import annotations

import random

import pytest

from kobito_tui.app.browser import BrowserScreen
from kobito_tui.app.main import files_app
from kobito_tui.app.replay import ReplayScreen
from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import new_header, parse_players
from kobito_tui.games import get_game

from .conftest import EXAMPLES, example, hand_report, kept, make_app
from .test_browser import fill


def browser_at(row: int):
    async def run_before(pilot) -> None:
        await pilot.app.push_screen(BrowserScreen(pilot.app.home.saves_dir))
        await pilot.pause()
        await pilot.press(*["down"] * row)
        await pilot.pause()

    return run_before


def replay_at(name: str, turns: int, keys: list[str]):
    async def run_before(pilot) -> None:
        await pilot.app.push_screen(ReplayScreen(example(name), EXAMPLES[name]))
        await pilot.pause()
        await pilot.press(*["pagedown"] * turns, *keys)
        await pilot.pause()

    return run_before


def test_browser(snap_compare, saves):
    fill(saves)
    assert snap_compare(make_app(saves), terminal_size=(80, 24), run_before=browser_at(4))


def test_browser_with_a_broken_file_chosen(snap_compare, saves):
    fill(saves)
    assert snap_compare(make_app(saves), terminal_size=(80, 24), run_before=browser_at(2))


def test_viewer_mid_game_everything(snap_compare, saves):
    assert snap_compare(make_app(saves), terminal_size=(80, 24), run_before=replay_at("kobito-4-players.jsonl", 9, ["right"]))


def test_viewer_mid_game_as_one_seat(snap_compare, saves):
    assert snap_compare(make_app(saves), terminal_size=(80, 24), run_before=replay_at("kobito-4-players.jsonl", 9, ["right", "3"]))


def test_viewer_treasure_as_one_seat(snap_compare, saves):
    assert snap_compare(make_app(saves), terminal_size=(80, 24), run_before=replay_at("treasure-standard.jsonl", 5, ["2"]))


def test_browser_in_ukrainian(snap_compare, saves):
    fill(saves)
    app = files_app(saves, bot_delay=0, lang="uk")
    assert snap_compare(app, terminal_size=(80, 24), run_before=browser_at(1))


@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_viewer_of_a_game_against_a_computer_in_ukrainian_and_russian(snap_compare, saves, lang):
    """The one human is "you" (second person) in the log and the title; the computer by its role."""
    header = new_header("kobito", parse_players("You,bot:random"), {"first_player": 0}, seed=3)
    record, _ = random_game(get_game("kobito"), header, random.Random(3))

    async def run_before(pilot) -> None:
        await pilot.app.push_screen(ReplayScreen(record))
        await pilot.pause()
        await pilot.press(*["pagedown"] * 4, "1")
        await pilot.pause()

    app = files_app(saves, bot_delay=0, lang=lang)
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def with_the_chart(name: str, keys: list[str]):
    """The replay with a made-up analysis (marks on the 4th, 8th and 13th decisions), keys pressed."""

    async def run_before(pilot) -> None:
        record = example(name)
        kept(pilot.app, record, hand_report(record, {3: "mistake", 7: "blunder", 12: "inaccuracy"}))
        await pilot.app.push_screen(ReplayScreen(record, EXAMPLES[name], analyse=True))
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_the_chart_at_the_second_mistake(snap_compare, saves, lang):
    """Braille lines in the seats' colours (a legend says whose letter), the moment lit with each letter, the marks under
    it; the verdict of the turn and the best move under the log, in the reader's language."""
    app = files_app(saves, bot_delay=0, lang=lang)
    assert snap_compare(app, terminal_size=(80, 24), run_before=with_the_chart("kobito-2-players.jsonl", ["n", "n"]))


def test_the_chart_folds_to_a_strip_under_hide_the_treasure(snap_compare, saves):
    """The 5×5 grid needs 18 rows at 80×24: the chart keeps its legend and the marks, the moment lit."""
    assert snap_compare(make_app(saves), terminal_size=(80, 24), run_before=with_the_chart("treasure-standard.jsonl", ["n", "n"]))
