"""A third game registered as docs/adding-a-game.md says (one line per registry) shows
up everywhere games are listed: the CLI, the new-game menu, its board, the rules."""

from __future__ import annotations

import pytest
from table import hidden
from textual.widgets import Select, TabPane
from toygame import TOY

from kobito_tui import games
from kobito_tui.app.board import GameBoard
from kobito_tui.app.games import APP_GAMES, AppGame, board_class
from kobito_tui.bots import make_bot
from kobito_tui.bots.registry import COMPUTERS
from kobito_tui.cli import build_parser
from kobito_tui.core import games as engines
from kobito_tui.i18n import translator
from kobito_tui.i18n.words import game_title

from .conftest import make_app
from .move_list_board import MoveListBoard


def _toy_variant(record, perspective, rng):
    """Another card for the opening draw when it is not the perspective's: all it cannot see."""
    first, *rest = record.events
    if first["player"] == perspective.engine_seat:
        return record.events
    return [{**first, "card": (first["card"] + 1 + rng.randrange(99)) % 100}, *rest]


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.setitem(engines.REGISTRY, "toy", TOY)  # the engine (kobito_tui/games.py)
    monkeypatch.setitem(APP_GAMES, "toy", AppGame(MoveListBoard))  # its board (app/games.py)


def test_every_game_has_a_part_in_each_layer():
    assert set(APP_GAMES) == set(games.game_ids())  # each engine has a board
    assert set(COMPUTERS) <= set(games.game_ids())
    for game_id in games.game_ids():
        assert games.get_game(game_id).id == game_id
        assert issubclass(board_class(game_id), GameBoard)
        assert game_title(translator("en"), game_id) != game_id


def test_a_registered_game_is_proved_blind_to_what_each_perspective_cannot_see(toy, monkeypatch):
    monkeypatch.setitem(hidden.GAMES, "toy", hidden.Hidden([{}], _toy_variant))  # its line in tests/table/hidden.py
    compared = 0
    for record, other, perspective in hidden.pairs("toy", 2, range(6)):
        updates = hidden.stream(record, perspective)
        assert updates is not None and updates == hidden.stream(other, perspective), perspective
        compared += 1
    assert compared >= 6


def test_a_registered_game_is_a_choice_of_the_cli(toy):
    args = build_parser().parse_args(["new", "toy", "--players", "Ann,Bob"])
    assert args.game == "toy"
    assert build_parser().parse_args(["selfplay", "--game", "toy"]).game == "toy"


def test_a_game_without_computers_plays_the_random_baseline_only(toy):
    assert make_bot("toy", "random", 1) is not None
    with pytest.raises(KeyError, match="no bots"):
        make_bot("toy", "medium", 1)
    assert game_title(translator("en"), "toy") == "Toy"  # no words of its own: its engine's title


async def test_a_registered_game_is_in_the_new_game_menu_and_starts_on_its_board(toy, saves):
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
