"""The browser and the replay viewer in Ukrainian and Russian: their rows of
buttons fit 80 columns, and the viewer says where it is in the player's words."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from textual.widgets import Button

from kobito_tui.app.browser import BrowserScreen
from kobito_tui.app.browser.entries import result
from kobito_tui.app.main import files_app
from kobito_tui.app.replay import ReplayScreen
from kobito_tui.app.replay.log import ReplayLog
from kobito_tui.app.screens.message import MessageScreen

from .conftest import EXAMPLES, example
from .test_browser import fill, open_browser, rows

CORPUS = Path(__file__).parents[1] / "corpus"


def overflowing(app) -> list[str]:
    """The buttons that do not end inside the screen."""
    return [str(button.label) for button in app.screen.query(Button) if button.region.right > app.size.width]


@pytest.mark.parametrize("lang", ["uk", "ru"])
async def test_the_buttons_fit_in_ukrainian_and_russian(saves, lang):
    fill(saves)
    app = files_app(saves, bot_delay=0, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(BrowserScreen(saves))
        await pilot.pause()
        for _ in range(7):  # every sort order, the longest column name among them
            assert overflowing(app) == []
            await pilot.press("s")
            await pilot.pause()
        name = "kobito-4-players.jsonl"
        await app.push_screen(ReplayScreen(example(name), EXAMPLES[name]))
        await pilot.pause()
        await pilot.press("v", "space")  # the longest labels: a seat's view, Pause
        await pilot.pause()
        assert overflowing(app) == []


async def test_the_viewer_in_ukrainian(saves):
    app = files_app(saves, bot_delay=0, lang="uk")
    name = "kobito-4-players.jsonl"
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ReplayScreen(example(name), EXAMPLES[name])
        await app.push_screen(screen)
        await pilot.pause()
        assert str(screen.query_one("#replay-title").render()).startswith("Перегляд · видно все · Кобіто · Ann, ")
        assert screen.query_one(ReplayLog).lines(100)[0] == (0, "— початок —")
        await pilot.press("pagedown", "right")
        await pilot.pause()
        position = str(screen.query_one("#replay-position").render())
        assert position.startswith("Подія ") and " · дія " in position and " · хід 2/27 · " in position
        assert position.endswith("ходить: Ann"), position
        await pilot.press("end")
        await pilot.pause()
        assert str(screen.query_one("#replay-position").render()).startswith("Гру завершено: ")


async def test_a_hostile_save_says_what_is_wrong_in_ukrainian(saves):
    """The file's reason in the player's words everywhere the app shows it; its escapes stay plain text."""
    shutil.copy(CORPUS / "control_name.jsonl", saves / "hostile.jsonl")
    reason = "хибний заголовок: ім’я гравця не може містити керівних символів (Ann\\x1b]0;pwned\\x07)"
    app = files_app(saves, bot_delay=0, lang="uk")
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_browser(app, pilot)
        assert rows(screen)[0][4].startswith("⚠ рядок 1:") and result(app.t, screen.chosen) == "⚠ рядок 1: " + reason
        assert str(screen.query_one("#preview-details").render()).endswith("\nНе відкривається — рядок 1: " + reason)
        await pilot.press("enter")
        assert [note.message for note in app._notifications] == ["hostile.jsonl, рядок 1: " + reason]
        app.home.resume(saves / "hostile.jsonl")  # Continue, as from the title screen
        await pilot.pause()
        assert isinstance(app.screen, MessageScreen) and app.screen.text == f"{saves / 'hostile.jsonl'}, рядок 1: {reason}"
