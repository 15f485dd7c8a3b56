"""Rule options: every [choice] of the Kobito section, defaults as written."""

from __future__ import annotations

import pytest
from worded import raises_worded

from kobito_tui.kobito import GAME
from kobito_tui.kobito.cards import gold_cards
from kobito_tui.kobito.options import gold_table

from .helpers import build

DEFAULTS = {
    "refill": "to-five",
    "stalemate": True,
    "tie": "penalties-then-shared",
    "special_start": "reshuffle",
    "gold_table": "standard",
    "first_player": "random",
}


def test_defaults_as_written_in_the_rules():
    assert GAME.normalize_options({}, 4) == DEFAULTS
    assert {spec.name: spec.default for spec in GAME.option_specs()} == DEFAULTS


@pytest.mark.parametrize(
    "options",
    [
        {"refill": "sometimes"},
        {"stalemate": "yes"},
        {"tie": "coin"},
        {"special_start": "keep"},
        {"gold_table": "deluxe"},
        {"gold_table": {"3": [2, 3]}},
        {"gold_table": {"1": [2, 3, 4, 5]}},
        {"gold_table": {"x": [2, 3, 4, 5]}},
        {"first_player": 4},
        {"first_player": True},
        {"colour": "red"},
    ],
)
def test_unusable_options_are_refused(options):
    with pytest.raises(ValueError):
        GAME.normalize_options(options, 3)


@pytest.mark.parametrize("players", [1, 7])
def test_two_to_six_players(players):
    with raises_worded(ValueError, "2–6"):
        GAME.normalize_options({}, players)


def test_gold_table_as_data():
    table = {"3": [1, 1], "9": [10, 12]}
    assert GAME.normalize_options({"gold_table": table}, 2)["gold_table"] == table
    golds = gold_cards(gold_table(table))
    assert [(g.name, g.length, g.value) for g in golds] == [("G3-1a", 3, 1), ("G3-1b", 3, 1), ("G9-10a", 9, 10), ("G9-12a", 9, 12)]
    state = build(pots=[("G9-12a", ["5a"]), None, None], gold_table=table)
    assert GAME.view(state, 0).pots[0].length == 9 and len(state.gold_deck) == 3
