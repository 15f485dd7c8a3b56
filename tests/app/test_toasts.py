"""Notifications keep clear of the status line and the footer (at 80×24 and larger): the
words a toast says never hide what the status line says."""

from __future__ import annotations

import pytest
from textual.widgets import Footer
from textual.widgets._toast import Toast

from kobito_tui.app.screens.game import GameScreen
from kobito_tui.core.record import new_header, parse_players

from .conftest import make_app, treasure
from .test_pilot import human_turn, settle


@pytest.fixture(autouse=True)
def stub_board():
    """The real boards (this module's toasts sit over them)."""


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("game", ["kobito", "treasure"])
async def test_a_toast_leaves_the_status_line_and_the_footer_clear(saves, size, game):
    header = new_header("kobito", parse_players("Ann,bot"), {"first_player": 0}, 3) if game == "kobito" else treasure("Ann,bot")
    app = make_app(saves, new=header)
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle(pilot, lambda: human_turn(app))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.notify("Hint: 11 to the highlighted place — End your turn, then draw two cards from the deck", title="Hint")
        screen.notify("Tips on: they appear in the log (g turns them off)")
        await settle(pilot, lambda: len(screen.query(Toast)) == 2)
        status, footer = screen.query_one("#status").region, screen.query_one(Footer).region
        assert status.height == 1 and footer.height >= 1
        board = screen.board.region
        for toast in screen.query(Toast):
            region = toast.region
            assert region.area and region.bottom <= status.y, (region, status)
            assert not region.overlaps(status) and not region.overlaps(footer)
            assert region.x >= board.right, (region, board)  # over the log, not the board
