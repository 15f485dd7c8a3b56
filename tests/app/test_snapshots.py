"""Snapshots at 80×24 (look at them: tests/app/__snapshots__/)."""

from __future__ import annotations

import pytest

from kobito_tui.app.board import GameBoard
from kobito_tui.app.screens.final import FinalScreen
from kobito_tui.app.screens.game import GameScreen
from kobito_tui.bench.waits import until

from .conftest import make_app, no_blink, one_move_from_the_end, treasure


async def _still(pilot) -> None:
    no_blink(pilot.app)
    await pilot.pause()


def test_title(snap_compare, saves):
    assert snap_compare(make_app(saves), run_before=_still)


def test_new_game_dialog(snap_compare, saves):
    assert snap_compare(make_app(saves), press=["n"], run_before=_still)


def test_curtain(snap_compare, saves):
    assert snap_compare(make_app(saves, new=treasure("Ann,Bob")), run_before=_still)


def test_rules(snap_compare, saves):
    assert snap_compare(make_app(saves), press=["r"], run_before=_still)


def test_help(snap_compare, saves):
    assert snap_compare(make_app(saves), press=["f1"], run_before=_still)


def test_final_scores(snap_compare, saves, tmp_path):
    path, winning = one_move_from_the_end(tmp_path)

    async def won(pilot) -> None:
        await until(pilot, lambda: isinstance(pilot.app.screen, GameScreen) and pilot.app.screen.client.to_move, "the winner's turn")
        pilot.app.screen.board.post_message(GameBoard.MoveChosen(winning))
        await until(pilot, lambda: isinstance(pilot.app.screen, FinalScreen), "the final scores")
        await _still(pilot)

    assert snap_compare(make_app(saves, load=path), run_before=won)


def test_final_scores_of_a_tie_settled_by_the_tie_break(snap_compare, saves):
    from .test_final import tied_kobito

    session = tied_kobito("penalties-then-shared", [[5], []])

    async def shown(pilot) -> None:
        pilot.app.push_screen(FinalScreen(session.result, session.header, session.record))
        await _still(pilot)

    assert snap_compare(make_app(saves), run_before=shown)


@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_final_scores_in_ukrainian_and_russian(snap_compare, saves, tmp_path, lang):
    """The player at the keys won: «Ви перемагаєте!» / «Вы побеждаете!», the others by name."""
    path, winning = one_move_from_the_end(tmp_path)

    async def won(pilot) -> None:
        while not (isinstance(pilot.app.screen, GameScreen) and pilot.app.screen.client.to_move):
            await pilot.pause(0.01)
        pilot.app.screen.board.post_message(GameBoard.MoveChosen(winning))
        while not isinstance(pilot.app.screen, FinalScreen):
            await pilot.pause(0.01)
        await _still(pilot)

    assert snap_compare(make_app(saves, load=path, lang=lang), run_before=won)
