"""The work-arounds for the pinned Textual: each is needed, and each works."""

from __future__ import annotations

from importlib.metadata import version

import pytest
from textual import events
from textual.app import App
from textual.command import CommandList

from kobito_tui.app.widgets.workarounds import TEXTUAL_VERSION, CommandPalette

from .conftest import make_app


def test_textual_is_the_version_the_workarounds_were_written_for():
    assert version("textual") == TEXTUAL_VERSION, "check each work-around in app/widgets/workarounds.py, then drop it"


async def _palette_then(app: App, key: str) -> None:
    """Ctrl+P and ``key`` typed at once, before the palette has been laid out."""
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.post_message(events.Key("ctrl+p", None))
        app.post_message(events.Key(key, None))
        await pilot.pause(0.2)


async def test_textual_own_palette_still_crashes_on_an_early_page_key():
    with pytest.raises(KeyError):  # else Textual fixed OptionList._move_page: drop our CommandPalette
        await _palette_then(App(), "pagedown")


async def test_page_keys_typed_with_ctrl_p_do_not_crash(saves):
    for key in ("pageup", "pagedown"):
        app = make_app(saves)
        await _palette_then(app, key)
        assert app._exception is None and app.return_code is None


async def test_page_keys_still_page_through_the_palette(saves):
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        commands = app.screen.query_one(CommandList)
        await pilot.press("pagedown")
        assert commands.highlighted > 0
        await pilot.press("pageup")
        assert commands.highlighted == 0


async def _type_and_close(app: App, rounds: int = 20) -> None:
    """Ctrl+P, a letter and Escape typed at once, again and again: each search starts
    as its palette closes."""
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(rounds):
            for key in ("ctrl+p", "o", "escape"):
                app.post_message(events.Key(key, None))
            await pilot.pause(0.01)
        await pilot.pause(0.3)


async def test_a_search_whose_palette_closed_does_not_crash(saves):
    app = make_app(saves)
    await _type_and_close(app)
    assert app._exception is None and app.return_code is None


async def test_the_palette_still_finds_and_runs_a_command(saves):
    from kobito_tui.app.screens.rules import RulesScreen

    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Rules")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await pilot.pause(0.2)
        assert isinstance(app.screen, RulesScreen)
