"""The app autosaves in the background, yet a game's file is complete whenever it is read again."""

from __future__ import annotations

import time

import pytest

import kobito_tui.core.autosave as autosave
from kobito_tui.app.board import GameBoard
from kobito_tui.core.savefile import load
from kobito_tui.core.saves import list_saves

from .conftest import make_app, treasure
from .test_pilot import human_turn, settle


@pytest.fixture
def slow_disk(monkeypatch):
    real = autosave.save

    def slow_save(path, record):
        time.sleep(0.3)
        real(path, record)

    monkeypatch.setattr(autosave, "save", slow_save)


async def play_one_move(pilot):
    app = pilot.app
    await settle(pilot, lambda: human_turn(app))
    screen = app.screen
    moves = len(screen.session.events)
    started = time.monotonic()
    screen.board.post_message(GameBoard.MoveChosen(screen.session.legal_moves()[0]))
    await settle(pilot, lambda: len(screen.session.events) > moves)
    assert time.monotonic() - started < 0.3  # the move did not wait for the disk
    return list(screen.session.events)


async def test_back_to_the_title_the_file_holds_the_last_move(saves, slow_disk):
    app = make_app(saves, new=treasure("Ann,bot", first_player=0))
    async with app.run_test() as pilot:
        events = await play_one_move(pilot)
        app.to_title()
        assert load(list_saves(saves)[0]).events == events


async def test_continue_from_the_palette_resumes_the_last_move(saves, slow_disk):
    app = make_app(saves, new=treasure("Ann,bot", first_player=0))
    async with app.run_test() as pilot:
        events = await play_one_move(pilot)
        app.action_continue_game()
        await pilot.pause()
        assert app.game_screen().session.events == events
