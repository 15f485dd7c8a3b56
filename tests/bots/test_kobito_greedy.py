"""The greedy Kobito habits, checked on positions from random games."""

from __future__ import annotations

import random

from kobito_tui.bots.kobito_greedy import finishing_moves, greedy_move
from kobito_tui.bots.kobito_world import completes, remaining
from kobito_tui.kobito.rules import apply

from .positions import positions


def kobito_positions():
    for seed in range(4):
        for game, _header, state, _events in positions("kobito", seed=seed, every=2):
            yield game, state


def test_greedy_wins_a_pot_whenever_a_move_does():
    seen = 0
    for game, state in kobito_positions():
        legal = game.legal_moves(state)
        if any(completes(state, m) for m in legal):
            move = greedy_move(state, legal, random.Random(0))
            assert move["type"] in ("play", "move") and finishing_moves(state, move["pot"]) is not None
            seen += 1
    assert seen >= 5


def test_finishing_moves_really_win_the_pot():
    seen = 0
    for _game, state in kobito_positions():
        for slot in range(3):
            plan = finishing_moves(state, slot)
            if plan and len(plan) > 1:
                after = state.copy()
                won = len(after.won[after.turn])
                for move in plan:
                    apply(after, move)
                assert len(after.won[state.turn]) == won + 1
                seen += 1
    assert seen >= 3


def test_greedy_does_not_leave_a_pot_one_card_short_when_it_has_a_safe_play():
    seen = 0
    for game, state in kobito_positions():
        legal = game.legal_moves(state)
        if state.played >= state.requirement or any(finishing_moves(state, s, legal) for s in range(3)):
            continue
        if not any(m["type"] in ("extend", "take-kobito") for m in legal):
            continue
        move = greedy_move(state, legal, random.Random(0))
        if move["type"] == "play":
            assert remaining(state, move["pot"]) - 1 > 1
        seen += 1
    assert seen >= 5
