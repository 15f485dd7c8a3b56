"""The app autosaves in the background, yet a game's file is complete whenever it is read again."""

from __future__ import annotations

import threading

import pytest
from textual.widgets import Input

import kobito_tui.core.autosave as autosave
from kobito_tui.app.board import GameBoard
from kobito_tui.app.screens.unsaved import UnsavedDialog
from kobito_tui.core.savefile import load
from kobito_tui.core.saves import list_saves

from .conftest import make_app, treasure
from .test_pilot import human_turn, settle


@pytest.fixture
def slow_disk(monkeypatch):
    """A disk that, once the test clears the gate, writes nothing until it sets it again."""
    real, gate = autosave.save, threading.Event()
    gate.set()

    def slow_save(path, record):
        if not gate.wait(10):
            raise AssertionError("the gate stayed closed")
        real(path, record)

    monkeypatch.setattr(autosave, "save", slow_save)
    yield gate
    gate.set()


async def human_move(pilot):
    """The human's first legal move, once it is the human's turn; the events then."""
    app = pilot.app
    await settle(pilot, lambda: human_turn(app))
    screen = app.screen
    moves = len(screen.host.session.events)
    screen.board.post_message(GameBoard.MoveChosen(screen.host.session.legal_moves()[0]))
    await settle(pilot, lambda: len(screen.host.session.events) > moves)
    return list(screen.host.session.events)


async def play_one_move(pilot, gate):
    """The human's move is made while the disk writes nothing: it did not wait for it."""
    await settle(pilot, lambda: human_turn(pilot.app))
    gate.clear()
    events = await human_move(pilot)
    assert not gate.is_set()
    gate.set()
    return events


async def test_back_to_the_title_the_file_holds_the_last_move(saves, slow_disk):
    app = make_app(saves, new=treasure("Ann,bot", first_player=0))
    async with app.run_test() as pilot:
        events = await play_one_move(pilot, slow_disk)
        app.to_title()
        assert load(list_saves(saves)[0]).events == events


async def test_continue_from_the_palette_resumes_the_last_move(saves, slow_disk):
    app = make_app(saves, new=treasure("Ann,bot", first_player=0))
    async with app.run_test() as pilot:
        events = await play_one_move(pilot, slow_disk)
        app.action_home("continue_game")
        await pilot.pause()
        assert app.game_screen().host.session.events == events


def status(app) -> str:
    return str(app.game_screen().query_one("#status").render())


async def test_the_status_bar_says_saving_is_failing_until_a_save_works(saves, full_disk, monkeypatch):
    app = make_app(saves, new=treasure("Ann,bot", first_player=0))
    notes = []
    monkeypatch.setattr(app, "notify", lambda message, **_: notes.append(message))
    async with app.run_test() as pilot:
        full_disk.set()
        events = await human_move(pilot)
        session = app.game_screen().host.session
        await settle(pilot, lambda: "Saving is failing" in status(app))
        await settle(pilot, lambda: human_turn(app))
        assert session.unsaved_moves >= 1
        assert status(app).startswith(f"Saving is failing: {session.unsaved_moves} move")
        assert len(notes) == 1 and "No space left" in notes[0]  # said once, shown until saved
        assert len(load(list_saves(saves)[0]).events) < len(events)
        full_disk.clear()
        await human_move(pilot)  # the next change writes every move kept pending
        await settle(pilot, lambda: "Saving is failing" not in status(app))
        app.to_title()
        assert load(list_saves(saves)[0]).events == session.events


async def quit_with_a_move_unsaved(pilot, full_disk, key: str) -> None:
    """A move the full disk could not save, then ``key`` (quit): the unsaved-moves dialog."""
    full_disk.set()
    await human_move(pilot)
    await pilot.press(key)
    await settle(pilot, lambda: isinstance(pilot.app.screen, UnsavedDialog))


async def test_quitting_with_unsaved_moves_offers_to_save_elsewhere(saves, full_disk, tmp_path):
    app = make_app(saves, new=treasure("Ann,bot", first_player=0))
    async with app.run_test() as pilot:
        await quit_with_a_move_unsaved(pilot, full_disk, "q")
        events = list(app.game_screen().host.session.events)
        elsewhere = tmp_path / "rescued.jsonl"
        app.screen.query_one("#save-as", Input).value = str(elsewhere)
        await pilot.click("#save-there")
        await pilot.pause()
    assert app.return_code == 0
    assert load(elsewhere).events == events


async def test_quitting_without_saving_says_what_is_lost_and_exits_non_zero(saves, full_disk, capsys):
    app = make_app(saves, new=treasure("Ann,bot", first_player=0))
    async with app.run_test() as pilot:
        await quit_with_a_move_unsaved(pilot, full_disk, "ctrl+c")
        n = app.game_screen().host.session.unsaved_moves
        app.screen.query_one("#save-as", Input).value = str(saves)  # a folder: refused, the dialog stays
        await pilot.press("enter")
        assert isinstance(app.screen, UnsavedDialog)
        assert "exists" in str(app.screen.query_one("#save-as-error").render())
        await pilot.click("#lose")
        await pilot.pause()
    assert app.return_code == 1
    message = capsys.readouterr().err
    path = list_saves(saves)[0]
    assert f"kobito: the game is not saved: {path} lacks {n} move" in message
    assert "No space left on device" in message


async def test_a_second_ctrl_c_quits_at_once_and_back_returns_to_the_game(saves, full_disk):
    app = make_app(saves, new=treasure("Ann,bot", first_player=0))
    async with app.run_test() as pilot:
        await quit_with_a_move_unsaved(pilot, full_disk, "ctrl+c")
        await pilot.press("escape")  # back to the game
        assert app.screen is app.game_screen()
        await pilot.press("ctrl+c")
        await settle(pilot, lambda: isinstance(app.screen, UnsavedDialog))
        await pilot.press("ctrl+c")
        await pilot.pause()
    assert app.return_code == 1


async def test_a_game_left_while_saving_fails_is_asked_about_on_quitting(saves, full_disk):
    app = make_app(saves, new=treasure("Ann,bot", first_player=0))
    async with app.run_test() as pilot:
        full_disk.set()
        await human_move(pilot)
        app.to_title()
        await pilot.pause()
        await pilot.press("q")
        await settle(pilot, lambda: isinstance(app.screen, UnsavedDialog))
        full_disk.clear()  # room again: quitting now writes it and asks no more
        await pilot.press("escape")
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0
    assert not app.home._left_unsaved


async def test_continue_goes_on_from_the_moves_its_file_lacks(saves, full_disk):
    app = make_app(saves, new=treasure("Ann,bot", first_player=0))
    async with app.run_test() as pilot:
        full_disk.set()
        await human_move(pilot)
        session = app.game_screen().host.session
        app.to_title()
        assert len(load(list_saves(saves)[0]).events) < len(session.events)
        app.action_home("continue_game")  # not the shorter game on disk, which the held moves would overwrite
        await pilot.pause()
        assert app.game_screen().host.session is session
        full_disk.clear()
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0
    assert load(list_saves(saves)[0]).events == session.events
