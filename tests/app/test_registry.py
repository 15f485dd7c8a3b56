"""A third game registered in one place shows up everywhere games are listed."""

from __future__ import annotations

import pytest
from textual.widgets import Select, TabPane

from kobito_tui.cli import build_parser
from kobito_tui.core import games
from toygame import TOY_ENTRY

from .conftest import make_app
from .move_list_board import MoveListBoard


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.setitem(games.REGISTRY, "toy", TOY_ENTRY)


def test_each_registered_part_can_be_imported():
    from kobito_tui.app.board import GameBoard, board_class

    for game_id, game in games.REGISTRY.items():
        assert games.get_game(game_id).id == game_id
        assert issubclass(board_class(game_id), GameBoard)
        assert game.bots is None or all(callable(games.load(path)) for path in game.bots)
        assert game.rules_extra is None or callable(games.load(game.rules_extra))


def test_a_registered_game_is_a_choice_of_the_cli(toy):
    args = build_parser().parse_args(["new", "toy", "--players", "Ann,Bob"])
    assert args.game == "toy"
    assert build_parser().parse_args(["selfplay", "--game", "toy"]).game == "toy"


async def test_a_registered_game_is_in_the_new_game_menu_and_starts_on_its_board(toy, saves):
    from kobito_tui.app.board import board_class

    assert board_class("toy") is MoveListBoard
    app = make_app(saves)
    async with app.run_test() as pilot:
        await pilot.press("n")
        await pilot.pause()
        menu = app.screen.query_one("#game", Select)
        assert ("Toy", "toy") in [(str(prompt), value) for prompt, value in menu._options]
        menu.value = "toy"
        await pilot.pause()
        assert app.screen.query_one("#opt-goal")  # the toy's own rule option
        app.screen.query_one("#kind-1", Select).value = "human"  # the toy has no computers
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.game_screen().header.game == "toy"


async def test_a_registered_game_has_a_tab_in_the_rules(toy, saves):
    app = make_app(saves)
    async with app.run_test() as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert "rules-toy" in [pane.id for pane in app.screen.query(TabPane)]
