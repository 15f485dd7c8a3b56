"""Crashes seen in the browser and the viewer with keys typed faster than screens mount."""

from __future__ import annotations

import asyncio

from textual import events

from kobito_tui.app.browser import BrowserScreen
from kobito_tui.app.browser.preview import Preview
from kobito_tui.app.main import files_app
from kobito_tui.app.replay import ReplayScreen
from kobito_tui.core.savefile import save

from .conftest import EXAMPLES, example, make_app


def type_fast(app, *keys: str) -> None:
    """Keys queued at once, as key repeat or a fast typist sends them."""
    for key in keys:
        app.post_message(events.Key(key, None))


async def drain(pilot) -> None:
    """Until the app has handled every queued key (leaving run_test earlier drops the screens under them)."""
    await pilot.pause()
    while pilot.app._message_queue.qsize():
        await pilot.pause(0.05)
    await pilot.pause(0.2)


async def test_holding_down_in_the_browser_while_previews_are_replaced(saves):
    for number in range(6):
        save(saves / f"game-{number}.jsonl", example("kobito-4-players.jsonl"))
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(BrowserScreen(saves))
        await pilot.pause()
        type_fast(app, *["down"] * 10, *["up"] * 10)  # a burst ...
        for key in ["down"] * 10:  # ... and key repeat, about 50 ms a key
            type_fast(app, key)
            await asyncio.sleep(0.05)
        await drain(pilot)
        preview = app.screen.query_one(Preview)
        assert app._exception is None
        assert preview._board is not None and preview._board.is_mounted  # the last choice's board
        assert preview._entry is app.screen.chosen


async def test_browser_opened_and_closed_at_once(saves):
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(4):  # closed before it ever mounted
            screen = BrowserScreen(saves)
            app.push_screen(screen)
            screen.dismiss(None)
        type_fast(app, *["l", "escape"] * 4)  # Load, Back, as fast as keys come
        await drain(pilot)
        assert app._exception is None and len(app.screen_stack) == 1


async def test_replays_chosen_in_the_palette_with_enter_typed_twice(saves):
    app = files_app(saves, replay=EXAMPLES["kobito-2-players.jsonl"], bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p", *"Replays")
        await pilot.pause(0.3)
        type_fast(app, "enter", "enter", "enter")
        await drain(pilot)
        assert app._exception is None
        assert [type(screen).__name__ for screen in app.screen_stack] == ["TitleScreen", "ReplayScreen", "BrowserScreen"]


async def test_replay_closed_at_once(saves):
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = ReplayScreen(example("treasure-seek.jsonl"))
        app.push_screen(screen)
        screen.dismiss(None)
        await pilot.pause(0.3)
        assert app._exception is None and len(app.screen_stack) == 1
