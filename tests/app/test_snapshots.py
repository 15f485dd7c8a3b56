"""Snapshots at 80×24 (look at them: tests/app/__snapshots__/)."""

from __future__ import annotations

from kobito_tui.bench.waits import until
from kobito_tui.app.board import GameBoard
from kobito_tui.app.screens.final import FinalScreen

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
        await until(pilot, lambda: getattr(pilot.app.screen, "human_to_move", False), "the winner's turn")
        pilot.app.screen.board.post_message(GameBoard.MoveChosen(winning))
        await until(pilot, lambda: isinstance(pilot.app.screen, FinalScreen), "the final scores")
        await _still(pilot)

    assert snap_compare(make_app(saves, load=path), run_before=won)
