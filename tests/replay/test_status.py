"""The replay's status line names what comes next when no one is to act: a draw mid-game is
not "setting up"."""

from __future__ import annotations

import pytest

from kobito_tui.app.main import files_app
from kobito_tui.app.replay import ReplayScreen

from .conftest import EXAMPLES, example, make_app

NAME = "kobito-2-players.jsonl"


def before_a_draw(screen: ReplayScreen) -> int:
    """A position after the first turn whose next event is a draw (no one to act)."""
    cursor = screen.cursor
    return next(
        k
        for k, event in enumerate(cursor.events)
        if k > cursor.start + 5 and event.get("type") == "draw" and cursor.events[k - 1].get("type") == "end-turn"
    )


async def test_a_mid_game_draw_is_not_setting_up(saves):
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ReplayScreen(example(NAME), EXAMPLES[NAME])
        await app.push_screen(screen)
        await pilot.pause()
        k = before_a_draw(screen)
        screen.action_jump(k)
        await pilot.pause()
        assert screen.cursor.to_act is None and screen.cursor.turn >= 1 and k > screen.cursor.start
        drawer = screen.header.name(screen.cursor.events[k]["player"])
        line = str(screen.query_one("#replay-position").render())
        assert "setting up" not in line
        assert line.endswith(f"{drawer} draws next"), line
        await pilot.press("right")  # the draw: the next player is to act
        await pilot.pause()
        assert "draws next" not in str(screen.query_one("#replay-position").render())


@pytest.mark.parametrize(("lang", "words"), [("uk", "далі бере з колоди: Bob"), ("ru", "далее берёт из колоды: Bob")])
async def test_a_mid_game_draw_in_ukrainian_and_russian(saves, lang, words):
    app = files_app(saves, bot_delay=0, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ReplayScreen(example(NAME), EXAMPLES[NAME])
        await app.push_screen(screen)
        await pilot.pause()
        screen.action_jump(before_a_draw(screen))
        await pilot.pause()
        line = str(screen.query_one("#replay-position").render())
        assert words in line and "підготовка" not in line and "подготовка" not in line, line
