"""Bots play whole games with legal moves, in time, and greedy beats random."""

from __future__ import annotations

import time

import pytest

from kobito_tui.bots import make_bot
from kobito_tui.bots.registry import COMPUTERS
from kobito_tui.bots.selfplay import play_game

from .positions import positions


@pytest.mark.parametrize("game_id", list(COMPUTERS))
@pytest.mark.parametrize("players", [2, 3])
def test_every_level_plays_legal_moves_to_the_end(game_id, players):
    levels = ["strong", "greedy", "random"][:players]
    outcome = play_game(game_id, levels, seed=players, budget_s=0.01, options={"turn_limit": 30} if game_id == "treasure" else None)
    assert sum(outcome["credit"]) == pytest.approx(1.0)  # play_game raises on an illegal move


def test_treasure_variants_are_played_legally():
    for options in ({"variant": "seek"}, {"shared_pawn": True, "turn_limit": 20}):
        outcome = play_game("treasure", ["strong", "greedy"], seed=3, budget_s=0.01, options=options)
        assert sum(outcome["credit"]) == pytest.approx(1.0)


@pytest.mark.parametrize("game_id", list(COMPUTERS))
def test_strong_thinks_within_its_budget(game_id):
    budget = 0.15
    for game, header, state, events in list(positions(game_id, seed=2, every=5))[:4]:
        seat = game.to_act(state)
        bot = make_bot(game_id, "strong", 1, budget_s=budget)
        history = [game.redact(event, seat) for event in events]
        began = time.perf_counter()
        move = bot.choose(game, header, game.view(state, seat), game.legal_moves(state), history)
        assert time.perf_counter() - began < budget * 2 + 0.5  # stops near its budget (a loaded machine adds its share)
        assert move in game.legal_moves(state)


@pytest.mark.parametrize("game_id, games, needed", [("kobito", 8, 6), ("treasure", 16, 12)])
def test_greedy_beats_random(game_id, games, needed):
    won = 0.0
    for seed in range(games):
        levels = ["greedy", "random"] if seed % 2 else ["random", "greedy"]
        outcome = play_game(game_id, levels, seed=seed, budget_s=0.01, options={"turn_limit": 60} if game_id == "treasure" else None)
        won += outcome["credit"][levels.index("greedy")]
    assert won >= needed
