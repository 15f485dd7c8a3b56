"""A game open in one session is refused by another (offered as a replay), and
a game no one moved in is not kept."""

from __future__ import annotations

import pytest

from kobito_tui.app.board import GameBoard
from kobito_tui.app.browser.dialogs import ConfirmDialog
from kobito_tui.app.replay import ReplayScreen
from kobito_tui.app.screens.game import GameScreen
from kobito_tui.app.screens.title import TitleScreen
from kobito_tui.core.savefile import load
from kobito_tui.core.savelock import SaveLock, SaveLocked
from kobito_tui.core.saves import list_saves

from .conftest import make_app, treasure
from .test_pilot import human_turn, settle


async def test_a_game_open_elsewhere_is_offered_as_a_replay_and_changes_nothing(saves):
    app = make_app(saves, new=treasure("Ann,bot", seed=9))
    async with app.run_test() as pilot:
        await settle(pilot, lambda: human_turn(app))
        path = app.screen.host.session.path
        app.screen.board.post_message(GameBoard.MoveChosen(app.screen.host.session.legal_moves()[0]))
        await pilot.pause()
        app.home.flush_game()
        before = path.read_bytes()
        other = make_app(saves, load=path)  # a second terminal
        async with other.run_test() as second:
            await settle(second, lambda: isinstance(other.screen, ConfirmDialog))
            assert "another terminal" in str(other.screen.question)
            assert other.game_screen() is None
            await second.click("#confirm")
            await settle(second, lambda: isinstance(other.screen, ReplayScreen))
        assert path.read_bytes() == before
        with pytest.raises(SaveLocked):  # the playing session still has it
            SaveLock.take(path)
        await pilot.press("escape")
        await pilot.click("#title")
        await settle(pilot, lambda: isinstance(app.screen, TitleScreen))
        SaveLock.take(path).release()  # left: the game is free again
        assert path.exists()


async def test_the_second_terminal_may_decline(saves):
    first = make_app(saves, new=treasure("Ann,bot", seed=9))
    async with first.run_test() as pilot:
        await settle(pilot, lambda: human_turn(first))
        path = first.screen.host.session.path
        first.screen.board.post_message(GameBoard.MoveChosen(first.screen.host.session.legal_moves()[0]))
        await pilot.pause()
        second = make_app(saves)
        async with second.run_test() as keys:
            await keys.press("c")  # Continue: the newest unfinished game is the one open
            await settle(keys, lambda: isinstance(second.screen, ConfirmDialog))
            await keys.press("escape")
            await settle(keys, lambda: isinstance(second.screen, TitleScreen))
            assert not second.screen_stack[1:]
    assert len(load(path).events) >= 1


async def test_a_game_left_before_any_move_is_not_kept(saves):
    app = make_app(saves, new=treasure("Ann,bot", seed=9))
    async with app.run_test() as pilot:
        await settle(pilot, lambda: human_turn(app))
        assert len(list_saves(saves)) == 1  # the deal is on disk while the game is open
        await pilot.press("escape")
        await pilot.click("#title")
        await settle(pilot, lambda: isinstance(app.screen, TitleScreen))
        assert list_saves(saves) == []
        await pilot.press("ctrl+c")


async def test_quitting_a_game_with_a_move_keeps_it(saves):
    app = make_app(saves, new=treasure("Ann,bot", seed=9))
    async with app.run_test() as pilot:
        await settle(pilot, lambda: human_turn(app))
        app.screen.board.post_message(GameBoard.MoveChosen(app.screen.host.session.legal_moves()[0]))
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("ctrl+c")
    (path,) = list_saves(saves)
    assert len(load(path).events) >= 2


async def test_the_browser_neither_deletes_nor_renames_a_game_open_elsewhere(saves):
    from kobito_tui.app.browser import BrowserScreen
    from kobito_tui.core.record import Record
    from kobito_tui.core.savefile import save

    saves.mkdir(parents=True)
    path = saves / "open.jsonl"
    save(path, Record(treasure("Ann,Bob", seed=3)))
    lock = SaveLock.take(path)  # another terminal plays it
    app = make_app(saves)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await app.push_screen(BrowserScreen(saves))
            await pilot.pause()
            for key in ("delete", "f2"):
                await pilot.press(key)
                await pilot.pause()
                assert isinstance(app.screen, BrowserScreen)  # no question asked
            said = [str(n.message) for n in app._notifications]
            assert said.count("This game is open in a game session.") == 2
            assert path.exists()
    finally:
        lock.release()


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_snapshot_of_the_question_of_a_game_open_elsewhere(snap_compare, saves, tmp_path, lang):
    from kobito_tui.app.main import files_app
    from kobito_tui.core.record import Record
    from kobito_tui.core.savefile import save

    saves.mkdir(parents=True)
    path = saves / "treasure-20261130-102442.jsonl"
    save(path, Record(treasure("Ann,Bob", seed=3)))
    lock = SaveLock.take(path)
    try:
        app = files_app(saves, bot_delay=0, load=path, lang=lang, env={"KOBITO_CONFIG_DIR": str(tmp_path / "config")})
        assert snap_compare(app, terminal_size=(80, 24))
    finally:
        lock.release()
