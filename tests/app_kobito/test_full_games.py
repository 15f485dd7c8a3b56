"""Whole 2-player games against the computer through the board alone: by keys, and by clicks."""

from __future__ import annotations

import pytest

from app_kobito.conftest import game_screen, human_turn, kobito, make_app, screen_text, until
from app_kobito.drive import by_clicks, by_keys, expected, quick_player
from kobito_tui.app.screens.final import FinalScreen
from kobito_tui.core.record import fold
from kobito_tui.kobito import GAME


@pytest.mark.parametrize("drive", [by_keys, by_clicks], ids=["keys", "clicks"])
async def test_a_whole_game_is_playable(drive, saves):
    app = make_app(saves, new=kobito("Ann,bot:random", seed=12))
    choose = quick_player(11)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await human_turn(pilot, await game_screen(pilot))
        session, board = screen.host.session, screen.board
        board.query_one("#end-turn").active_effect_duration = 0  # no 0.2 s flash that ignores clicks
        while not session.over:
            move = expected(board, choose(session.legal_moves()))
            await drive(pilot, board, move)
            assert [e for e in session.events if e.get("seat") == 0][-1] == move
            await human_turn(pilot, screen)
        await until(pilot, lambda: board.view.over)  # the host may end the game before the screen draws it
        shown = board.view
        await until(pilot, lambda: isinstance(app.screen, FinalScreen))
        final = screen_text(app)
    engine = GAME.result(fold(GAME, session.header, session.events))
    mine = [e for e in session.events if e.get("seat") == 0]
    assert {e["type"] for e in mine} == {"play", "open", "extend", "move", "take-kobito", "end-turn"}
    assert any(e.get("penalty") for e in mine)  # every kind of move, penalties too
    assert shown.over and list(shown.scores) == engine.scores == session.result.scores
    for name, score in zip(("Ann", "Computer 2"), engine.scores):
        assert any(name in line and str(score) in line for line in final.splitlines())
