"""Snapshots at 80×24 (look at them: tests/replay/__snapshots__/)."""

from __future__ import annotations

from kobito_tui.app.browser import BrowserScreen
from kobito_tui.app.main import KobitoApp
from kobito_tui.app.replay import ReplayScreen

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
