"""The shipped examples: valid for `kobito check`, finished, one per game and variant."""

from __future__ import annotations

from kobito_tui.cli import main
from kobito_tui.core.examples import make_example
from kobito_tui.core.record import fold
from kobito_tui.games import EXAMPLES as RECIPES

from .conftest import EXAMPLES, example


def test_kobito_check_accepts_every_example(capsys):
    assert main(["check", *map(str, EXAMPLES.values())]) == 0
    assert capsys.readouterr().out == ""


def test_one_finished_example_per_game_and_variant():
    kinds = set()
    for name in EXAMPLES:
        record = example(name)
        game, options = record.game, record.header.options
        assert game.is_over(fold(game, record.header, record.events)), name
        kinds.add((record.header.game, options.get("variant"), options.get("shared_pawn")))
    assert {("kobito", None, None), ("treasure", "standard", False), ("treasure", "seek", False), ("treasure", "standard", True)} <= kinds


def test_examples_are_made_by_the_recipe():
    assert set(EXAMPLES) == {example.file for listed in RECIPES.values() for example in listed}
    seek = next(example for example in RECIPES["treasure"] if example.file == "treasure-seek.jsonl")
    assert make_example("treasure", seek).events == example("treasure-seek.jsonl").events
