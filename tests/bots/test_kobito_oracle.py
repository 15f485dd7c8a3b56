"""The test-only oracle sees the real hands, plays legal games, and is no level a player can pick."""

from __future__ import annotations

import random

import pytest

from kobito_tui.bots import make_bot
from kobito_tui.core.levels import BOT_LEVELS as LEVELS
from kobito_tui.kobito import GAME

from .oracle import OracleBot, play
from .positions import positions


def test_the_oracle_is_dealt_the_true_hands_but_not_the_deck_order():
    game, header, state, events = next(p for p in positions("kobito", seed=2, every=9) if p[2].deck)
    deal = OracleBot(1, 0.01, lambda: state).dealer(GAME.view(state, state.turn), events)
    world = deal(random.Random(0))
    assert world.hands == state.hands and world is not state
    assert sorted(world.deck) == sorted(state.deck)


def test_the_oracle_plays_a_whole_game_and_habits_are_counted():
    outcome = play(["oracle", "greedy"], seed=3, budget_s=0.005)
    assert sum(outcome["credit"]) == pytest.approx(1.0)
    assert len(outcome["gifts"]) == len(outcome["penalties"]) == 2


def test_players_cannot_pick_the_oracle():
    assert "oracle" not in LEVELS
    with pytest.raises(ValueError):
        make_bot("kobito", "oracle")
