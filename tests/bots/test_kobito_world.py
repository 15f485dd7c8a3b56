"""Determinizations agree with the seat's view and hold every card once."""

from __future__ import annotations

import random
from collections import Counter

from kobito_tui.bots.kobito_world import determinize, move_key
from kobito_tui.kobito.cards import CARD_COUNT

from .positions import positions


def all_cards(state) -> Counter:
    rows = [p.row for p in state.pots if p is not None] + [r for w in state.workshops for r in w]
    cards = state.deck + state.discard + [c for h in state.hands for c in h] + [c for p in state.penalties for c in p]
    return Counter(cards + [c for r in rows for c in r.cards])


def test_a_determinization_looks_exactly_like_the_view():
    checked = 0
    for seed in (1, 2):
        for game, _header, state, events in positions("kobito", seed=seed, every=5):
            seat = game.to_act(state)
            view = game.view(state, seat)
            history = [game.redact(event, seat) for event in events]
            world = determinize(view, history, random.Random(checked))
            assert game.view(world, seat) == view
            assert all_cards(world) == Counter(range(CARD_COUNT))
            assert game.legal_moves(world) == game.legal_moves(state)
            checked += 1
    assert checked > 20


def test_move_keys_forget_which_copy_of_a_card_is_played():
    play = {"type": "play", "seat": 0, "card": "7a", "pot": 1, "end": "left"}
    assert move_key(play) == move_key({**play, "card": "7e"})
    assert move_key(play) != move_key({**play, "card": "8a"})
    assert move_key({"type": "open", "seat": 0, "cards": ["K1", "3b"]}) == move_key({"type": "open", "seat": 0, "cards": ["K4", "3c"]})
