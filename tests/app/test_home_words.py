"""The words of the way home are the home's (the title here; the lobby's are in
tests/serve/test_remote_words.py); a spectator reads that they are watching; the
tutorial's choice answers ↑/↓; the palette's Screenshot goes to the saves folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Button

from kobito_tui.app.main import files_app
from kobito_tui.app.screens.final import FinalScreen
from kobito_tui.app.screens.game import GameScreen
from kobito_tui.app.screens.menu import MenuScreen
from kobito_tui.app.screens.tutorial import TutorialChoice, TutorialScreen
from kobito_tui.client import GameClient
from kobito_tui.core.game import Result
from kobito_tui.core.record import Record
from kobito_tui.i18n import translator
from kobito_tui.table import PUBLIC, Table
from tests.client.hosts import TableHost

from .conftest import make_app, treasure
from .test_pilot import human_turn, settle


def labels(screen) -> dict[str, str]:
    return {str(button.id): str(button.label) for button in screen.query(Button)}


async def test_the_menu_and_the_final_screen_name_the_title_and_say_the_game_stays_saved(saves):
    app = make_app(saves, new=treasure("Ann,bot"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: human_turn(app))
        header = app.screen.header
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)
        said = labels(app.screen)
        assert (said["title"], said["quit"]) == ("Title screen (the game stays saved)", "Quit (the game stays saved)")
        await pilot.press("escape")
        app.push_screen(FinalScreen(Result(winners=[0]), header, seat=0, analyse_at_once=False))
        await settle(pilot, lambda: isinstance(app.screen, FinalScreen))
        assert labels(app.screen)["title"] == "Title"


async def test_a_game_of_computers_hosted_here_is_the_players_own_and_stays_saved(saves):
    app = files_app(saves, new=treasure("bot:random,bot:random"), bot_delay=5)  # the computers wait: the game goes on
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.client.latest is not None)
        assert "You are watching" not in str(app.screen.status_line.render())
        app.screen.action_menu()
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        said = labels(app.screen)
        assert (said["title"], said["quit"]) == ("Title screen (the game stays saved)", "Quit (the game stays saved)")


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
async def test_a_spectator_reads_that_they_are_watching_and_no_game_of_theirs_stays_saved(saves, lang):
    t = translator(lang)
    app = make_app(saves, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = GameScreen(GameClient(TableHost(Table(Record(treasure("Ann,Bob"))), [], watching=PUBLIC)))
        app.push_screen(screen)
        await settle(pilot, lambda: screen.client.latest is not None)
        status = str(screen.status_line.render())
        assert status.startswith(t("You are watching · {status}", status="")), status
        assert t("Your move") not in status
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)
        said = labels(app.screen)
        assert (said["title"], said["quit"]) == (t("Title screen"), t("Quit"))

    seated = make_app(saves, new=treasure("Ann,bot"), lang=lang)
    async with seated.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: human_turn(seated))
        assert t("You are watching") not in str(seated.screen.status_line.render())


@pytest.mark.parametrize(
    ("keys", "game"),
    [(["enter"], "kobito"), (["down", "enter"], "treasure"), (["down", "down", "enter"], "kobito"), (["up", "enter"], "treasure")],
)
async def test_the_tutorial_choice_answers_the_arrows(saves, keys, game):
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await settle(pilot, lambda: isinstance(app.screen, TutorialChoice))
        await pilot.press(*keys)
        await settle(pilot, lambda: isinstance(app.screen, TutorialScreen))
        assert app.screen.header.game == game


@pytest.mark.parametrize("game", ["kobito", "treasure"])
async def test_the_tutorial_choice_answers_a_click(saves, game):
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await settle(pilot, lambda: isinstance(app.screen, TutorialChoice))
        await pilot.click(f"#tutorial-{game}")
        await settle(pilot, lambda: isinstance(app.screen, TutorialScreen))
        assert app.screen.header.game == game


async def test_the_palettes_screenshot_goes_to_the_saves_folder_and_says_where(saves, tmp_path, monkeypatch):
    home = tmp_path / "home"  # no Downloads folder: Textual's own place would fail
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.press(*"Screenshot")
        await pilot.pause(0.3)  # the palette's search
        await pilot.press("enter")
        await settle(pilot, lambda: list((saves / "screenshots").glob("*.svg")))
        await settle(pilot, lambda: app._notifications)
        [shot] = list((saves / "screenshots").glob("*.svg"))
        assert shot.read_text(encoding="utf-8").startswith("<svg")
        said = [str(notice.message) for notice in app._notifications]
        assert said == [f"Saved to {shot}"] and [notice.title for notice in app._notifications] == ["Screenshot saved"]
    assert list(Path(home).rglob("*")) == []  # nothing in the player's home but the saves folder
