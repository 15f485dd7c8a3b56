"""Snapshots at 80×24 (look at them: tests/replay/__snapshots__/)."""

from __future__ import annotations

import random

import pytest

from kobito_tui.app.browser import BrowserScreen
from kobito_tui.app.main import KobitoApp
from kobito_tui.app.replay import ReplayScreen
from kobito_tui.core.games import get_game
from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import new_header, parse_players

from .conftest import EXAMPLES, example, make_app
from .test_browser import fill


def browser_at(row: int):
    async def run_before(pilot) -> None:
        await pilot.app.push_screen(BrowserScreen(pilot.app.saves_dir))
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
    assert snap_compare(make_app(saves), terminal_size=(80, 24),
                        run_before=replay_at("kobito-4-players.jsonl", 9, ["right"]))


def test_viewer_mid_game_as_one_seat(snap_compare, saves):
    assert snap_compare(make_app(saves), terminal_size=(80, 24),
                        run_before=replay_at("kobito-4-players.jsonl", 9, ["right", "3"]))


def test_viewer_treasure_as_one_seat(snap_compare, saves):
    assert snap_compare(make_app(saves), terminal_size=(80, 24),
                        run_before=replay_at("treasure-standard.jsonl", 5, ["2"]))


def test_browser_in_ukrainian(snap_compare, saves):
    fill(saves)
    app = KobitoApp(saves, bot_delay=0, lang="uk")
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

    app = KobitoApp(saves, bot_delay=0, lang=lang)
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
