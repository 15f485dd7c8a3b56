"""Hostile names and file names through the browser, the preview, the replay viewer and
the final screen: shown escaped as plain text, never as markup or terminal codes."""

from __future__ import annotations

import random
from dataclasses import replace

from textual.widgets import Button

from kobito_tui.app.browser import BrowserScreen
from kobito_tui.app.replay import ReplayScreen
from kobito_tui.app.screens.final import FinalScreen
from kobito_tui.core.game import Seat
from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import Record, new_header
from kobito_tui.core.savefile import save
from kobito_tui.core.session import Session
from kobito_tui.games import get_game

from .conftest import make_app

RETITLE = "\x1b]0;pwned\x07"  # an OSC sequence: sets the terminal's title
MARKUP = ("[/]", "x[/b]", "[link=http://a]")


def finished(game_id: str, names: tuple[str, ...], seed: int = 4) -> Record:
    """A finished game whose players bear ``names``, forged past ``new_header``'s checks
    (as a hand-edited file or a remote peer could)."""
    header = new_header(game_id, tuple(Seat(f"P{n}") for n in range(len(names))), seed=seed)
    header = replace(header, seats=tuple(Seat(name) for name in names))
    record, _ = random_game(get_game(game_id), header, random.Random(seed))
    return record


def assert_safe(app, *shown: str) -> None:
    """Nothing raised, no ESC or BEL reaches the screen, and each of ``shown`` is visible."""
    assert app._exception is None
    text = app.export_screenshot()
    assert "\x1b" not in text and "\x07" not in text
    for words in shown:
        assert words.replace("&", "&amp;") in text.replace("&#160;", " "), words


async def test_hostile_names_on_every_screen(saves):
    kobito = finished("kobito", (RETITLE, *MARKUP[:1]))
    treasure = finished("treasure", MARKUP[1:])
    save(saves / "a.jsonl", kobito)  # refused on loading (a name with escapes), its reason shown
    save(saves / "d.jsonl", finished("kobito", MARKUP[1:]))
    save(saves / "[b]b\x1b[2J.jsonl", treasure)  # a hostile file name too
    save(saves / "c.jsonl", Record(kobito.header, kobito.events[:30]))  # unfinished
    app = make_app(saves)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(BrowserScreen(saves))
        await pilot.pause()
        for _ in range(4):  # every row and its preview
            await pilot.press("down")
            await pilot.pause(0.1)
            assert_safe(app)
        await pilot.press("home")
        assert_safe(app, "[b]b\\x1b[2J", "x[/b]")
        for index, entry in enumerate(app.screen.entries):
            if entry.path.name == "a.jsonl":
                app.screen.query_one("DataTable").move_cursor(row=index)
        await pilot.pause(0.1)
        assert_safe(app, "\\x1b]0;pwned\\x07")  # the refusal's reason quotes the name escaped
        for index, entry in enumerate(app.screen.entries):
            if entry.path.name == "d.jsonl":
                app.screen.query_one("DataTable").move_cursor(row=index)
        await pilot.pause(0.1)
        assert_safe(app, "x[/b], [link=http://a]")  # the list and the preview's details
        await pilot.press("r")
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("end", "1")  # the game over line and the View button, as a markup name
        await pilot.pause()
        assert_safe(app, "as x[/b] saw it")
        assert str(app.screen.query_one("#replay-view", Button).label) == "View: x[/b]"  # as typed, not markup
        await pilot.press("escape")
        for record in (kobito, treasure):
            app.push_screen(FinalScreen(Session(record).result, record.header, record))
            await pilot.pause()
            assert_safe(app, *(app.screen.header.name(seat).replace("\x1b", "\\x1b").replace("\x07", "\\x07") for seat in range(2)))
            app.pop_screen()
        for record in (kobito, treasure):  # the viewer on its own, at every step of the way
            await app.push_screen(ReplayScreen(record))
            await pilot.press("pagedown", "pagedown", "2", "right", "end")
            assert_safe(app)
            app.pop_screen()
