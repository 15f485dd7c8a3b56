"""The strong Kobito bot's search: the opponents it imagines, and a pot it will not hand over."""

from __future__ import annotations

import random
from collections import Counter

from kobito.helpers import build, header

from kobito_tui.bots.kobito_greedy import greedy_move
from kobito_tui.bots.kobito_ismcts import GIFT, OPPONENTS, POLICIES, IsmctsBot, offered, opponents
from kobito_tui.kobito import GAME


def test_playout_opponents_are_a_mix_and_the_seat_itself_is_greedy():
    rng = random.Random(1)
    drawn = Counter()
    for _ in range(400):
        policies = opponents(4, 2, rng)
        assert policies[2] is greedy_move
        drawn.update(policies[s] for s in (0, 1, 3))
    assert set(drawn) == {POLICIES[name] for name, _ in OPPONENTS}
    for name, weight in OPPONENTS:
        assert abs(drawn[POLICIES[name]] / 1200 - weight) < 0.06


def position():
    """Seat 0 must play one card: 4 onto pot A leaves it one card short; 6 onto pot B is safe."""
    return build(
        hands=[["4a", "6c", "9d", "9e", "11f"], ["12a", "12b", "8c", "8d", "10e"]],
        pots=[("G4-4a", ["2a", "3a"]), ("G8-8a", ["7b"]), ("G7-7a", ["11c"])],
    )


def test_offered_weighs_each_pot_by_the_chance_it_is_finished():
    state = position()
    assert offered(state) == 4 * GIFT[2] + 8 * GIFT.get(7, 0.0) + 7 * GIFT.get(6, 0.0)


def test_strong_does_not_leave_a_pot_one_card_short_when_a_safe_play_exists():
    state = position()
    seat = state.turn
    view = GAME.view(state, seat)
    bot = IsmctsBot(seed=3, iterations=300)
    move = bot.choose(GAME, header(2), view, GAME.legal_moves(state), [])
    assert not (move["type"] == "play" and move["pot"] == 0), move
