"""Views, log lines and redaction never show a seat what it may not see."""

from __future__ import annotations

import random

from kobito_tui.core.message import Message
from kobito_tui.i18n.messages import english
from kobito_tui.kobito import GAME

from .helpers import build, header, settle


def test_view_shows_own_hand_and_public_counts():
    pots = [("G8-7a", ["5a", "P1"]), None, None]
    state = build(hands=[["6a", "K1"], ["7b"]], pots=pots, workshops=[[["1a", "2a"]], []])
    view = GAME.view(state, 1)
    assert [c.id for c in view.hand] == ["7b"] and view.hands is None
    assert view.hand_sizes == (2, 1) and view.to_act == 0 and view.requirement == 2
    pot = view.pots[0]
    assert (pot.gold, pot.length, pot.value, pot.left_needs, pot.right_needs) == ("G8-7a", 8, 7, 4, 7)
    assert [(c.id, c.number, c.kind) for c in pot.cards] == [("5a", 5, "number"), ("P1", 6, "paint")]
    assert view.pots[1] is None and [[c.id for c in r] for r in view.workshops[0]] == [["1a", "2a"]]
    everything = GAME.view(state, None)
    assert everything.hand is None and [[c.id for c in h] for h in everything.hands] == [["6a", "K1"], ["7b"]]


def test_describe_in_words():
    state = build(hands=[["6a"], []], pots=[("G3-2a", ["4a", "5a"]), None, None])
    line = GAME.describe(state, {"type": "play", "seat": 0, "card": "6a", "pot": 0, "end": "right"}, 1)
    assert line == Message("kobito.play", {"seat": 0, "card": "6a", "as": None, "pot": 0, "end": "right", "gold": 2})
    assert english(line, state.names) == "Ann played 6 on the right end of pot A and won 2 gold."


def test_draws_and_penalties_are_hidden_from_other_seats():
    state = GAME.new_state(header(3, seed=2))
    rng = random.Random(2)
    setup = GAME.chance(state, rng)
    assert GAME.redact(setup, 0) == {"type": "setup", "first": setup["first"]}
    GAME.apply(state, setup)
    settle(state, 2)
    first = state.turn
    draw = {"type": "draw", "player": 1, "cards": ["7a", "K1"]}
    assert GAME.describe(state, draw, 1) == Message("kobito.drew-cards", {"player": 1, "cards": ["7a", "K1"]})
    assert GAME.describe(state, draw, 2) == Message("kobito.drew", {"player": 1, "count": 2})
    assert english(GAME.describe(state, draw, 1), state.names) == "Bob drew 7 and a kobito."
    assert "7a" not in str(GAME.redact(draw, 2)) and GAME.redact(draw, 1) == draw
    penalty = {"type": "end-turn", "seat": first, "penalty": ["9a"]}
    other = (first + 1) % 3
    assert GAME.describe(state, penalty, other) == Message("kobito.end-turn", {"seat": first, "count": 1})
    assert GAME.describe(state, penalty, first).params["penalty"] == ["9a"]
    assert "penalty" not in GAME.redact(penalty, other) and GAME.redact(penalty, other)["penalty_count"] == 1


def test_only_the_acting_seat_learns_whether_it_owes_penalties():
    """Whether seat 0 owes penalties says whether it can still play from its hand: seat 1 must not learn it."""
    state = build(hands=[["9a"], ["7b"]], pots=[("G8-7a", ["5a", "6a"]), None, None], workshops=[[["1a", "2a"]], []])
    assert GAME.view(state, 0).penalty_due == 1
    assert GAME.view(state, None).penalty_due == 1
    assert GAME.view(state, 1).penalty_due is None
