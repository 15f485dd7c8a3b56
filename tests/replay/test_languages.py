"""The browser and the replay viewer in Ukrainian and Russian: their rows of
buttons fit 80 columns, and the viewer says where it is in the player's words."""

from __future__ import annotations

import pytest
from textual.widgets import Button

from kobito_tui.app.browser import BrowserScreen
from kobito_tui.app.main import KobitoApp
from kobito_tui.app.replay import ReplayScreen
from kobito_tui.app.replay.log import ReplayLog

from .conftest import EXAMPLES, example
from .test_browser import fill


def overflowing(app) -> list[str]:
    """The buttons that do not end inside the screen."""
    return [str(button.label) for button in app.screen.query(Button) if button.region.right > app.size.width]


@pytest.mark.parametrize("lang", ["uk", "ru"])
async def test_the_buttons_fit_in_ukrainian_and_russian(saves, lang):
    fill(saves)
    app = KobitoApp(saves, bot_delay=0, lang=lang)
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
    app = KobitoApp(saves, bot_delay=0, lang="uk")
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
