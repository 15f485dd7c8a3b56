"""Replays of unfinished games never show what a player at the screen may not see,
through either door: `r` in the browser, or `kobito replay FILE`."""

from __future__ import annotations

from dataclasses import replace

from kobito_tui.app.browser import BrowserScreen
from kobito_tui.app.main import files_app
from kobito_tui.app.replay import ReplayScreen
from kobito_tui.app.screens.message import MessageScreen
from kobito_tui.core.game import Seat
from kobito_tui.core.record import Record
from kobito_tui.core.replay import HOT_SEAT_REFUSAL
from kobito_tui.core.savefile import save
from kobito_tui.i18n.messages import english

from .conftest import example, make_app

COMPUTER = Seat("Computer 2", "bot", "random")


def unfinished(saves, name: str, seats=None):
    record = example("kobito-2-players.jsonl")  # Ann and Bob, both human
    header = record.header if seats is None else replace(record.header, seats=seats)
    path = saves / name
    save(path, Record(header, record.events[:60]))
    return path


async def test_the_browser_refuses_an_unfinished_hot_seat_replay(saves):
    unfinished(saves, "hot-seat.jsonl")
    app = make_app(saves)
    async with app.run_test(size=(100, 32)) as pilot:
        await app.push_screen(BrowserScreen(saves))
        await pilot.pause()
        browser = app.screen
        await pilot.press("r")
        await pilot.pause()
        assert app.screen is browser
        assert any(HOT_SEAT_REFUSAL in note.message for note in app._notifications)


async def test_kobito_replay_refuses_an_unfinished_hot_seat_game(saves):
    app = files_app(saves, replay=unfinished(saves, "hot-seat.jsonl"), bot_delay=0)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MessageScreen) and app.screen.text == HOT_SEAT_REFUSAL
        assert not any(isinstance(screen, ReplayScreen) for screen in app.screen_stack)
        await pilot.press("enter")
        assert len(app.screen_stack) == 1


async def test_the_viewer_itself_refuses_whoever_pushes_it(saves):
    record = example("kobito-2-players.jsonl")
    app = make_app(saves)
    async with app.run_test(size=(100, 32)) as pilot:
        shown = []
        screen = ReplayScreen(Record(record.header, record.events[:60]))
        screen.board.show = lambda view, legal, interactive: shown.append(view)
        await app.push_screen(screen)
        await pilot.pause()
        assert isinstance(app.screen, MessageScreen) and screen not in app.screen_stack and not shown


async def test_one_human_replays_from_their_own_view_only_by_either_door(saves):
    path = unfinished(saves, "solo.jsonl", (COMPUTER, Seat("Bob")))
    for door in ("browser", "command line"):
        app = files_app(saves, replay=path if door == "command line" else None, bot_delay=0)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            if door == "browser":
                await app.push_screen(BrowserScreen(saves))
                await pilot.pause()
                await pilot.press("r")
                await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ReplayScreen) and screen.seat == 1, door
            shown = []
            original = screen.board.show
            screen.board.show = lambda view, legal, interactive, shown=shown, original=original: (
                shown.append(view),
                original(view, legal, interactive),
            )
            await pilot.press("0", "1", "v", "end", "home", "pagedown")
            await pilot.click("#replay-view")  # disabled: nothing else to offer
            assert screen.seat == 1 and shown and all(view.seat == 1 and view.hands is None for view in shown)
            assert screen.query_one("#replay-view").disabled
            lines = [
                english(line, [s.name for s in screen.cursor.header.seats])
                for _, line in screen.cursor.lines_before(screen.cursor.length, 1, 10_000)
            ]
            assert not any(line.startswith("Computer 2 drew ") and not line.endswith(("cards.", "card.")) for line in lines)
