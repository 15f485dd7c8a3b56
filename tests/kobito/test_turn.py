"""A turn: requirement, the five kinds of move, ending the turn and penalties."""

from __future__ import annotations

import pytest
from worded import raises_worded

from kobito_tui.core.game import IllegalEvent
from kobito_tui.kobito import GAME
from kobito_tui.kobito.cards import CARD

from .helpers import build, ids

POT = ("G8-7a", ["5a"])  # long pot: adding one card never completes it


def play(card, pot=0, end="right", seat=0):
    return {"type": "play", "seat": seat, "card": card, "pot": pot, "end": end}


def end_turn(seat=0, penalty=None):
    event = {"type": "end-turn", "seat": seat}
    if penalty is not None:
        event["penalty"] = penalty
    return event


def test_requirement_is_one_plus_workshop_rainbows():
    state = build(hands=[["6a"], ["1b"]], pots=[POT, None, None], workshops=[[], [["8a", "9a"], ["2a", "3a"]]])
    GAME.apply(state, play("6a"))
    GAME.apply(state, end_turn())
    assert state.turn == 1 and state.requirement == 3
    assert GAME.view(state, None).requirement == 3


def test_requirement_is_fixed_at_the_start_of_the_turn():
    state = build(hands=[["1a", "2a", "6a"], []], pots=[POT, None, None])
    GAME.apply(state, {"type": "open", "seat": 0, "cards": ["1a", "2a"]})
    assert state.requirement == 1 and state.played == 2
    assert {"type": "end-turn", "seat": 0} in GAME.legal_moves(state)


def test_play_to_a_pot_at_either_end():
    state = build(hands=[["4a", "6a"], []], pots=[POT, None, None])
    GAME.apply(state, play("4a", end="left"))
    GAME.apply(state, play("6a", end="right"))
    assert state.pots[0].row.cards == ids(["4a", "5a", "6a"]) and state.played == 2


def test_play_refuses_a_card_that_does_not_fit():
    state = build(hands=[["7a"], []], pots=[POT, None, None])
    with raises_worded(IllegalEvent, "does not fit"):
        GAME.apply(state, play("7a"))


def test_open_a_workshop_rainbow_counts_all_its_cards():
    state = build(hands=[["3a", "K1", "5a"], []], pots=[POT, None, None])
    GAME.apply(state, {"type": "open", "seat": 0, "cards": ["3a", "K1", "5a"]})
    assert state.played == 3 and state.workshops[0][0].cards == ids(["3a", "K1", "5a"])


def test_open_needs_at_least_two_cards():
    state = build(hands=[["3a", "4a"], []], pots=[POT, None, None])
    with raises_worded(IllegalEvent, "at least two"):
        GAME.apply(state, {"type": "open", "seat": 0, "cards": ["3a"]})


def test_open_needs_a_number_card():
    state = build(hands=[["K1", "P1"], []], pots=[POT, None, None])
    with raises_worded(IllegalEvent, "rainbow"):
        GAME.apply(state, {"type": "open", "seat": 0, "cards": ["K1", "P1"]})


def test_workshop_holds_at_most_four_rainbows():
    four = [["1a", "2a"], ["4a", "5a"], ["7a", "8a"], ["10a", "11a"]]
    state = build(hands=[["1b", "2b"], []], pots=[POT, None, None], workshops=[four, []])
    assert state.requirement == 5
    with raises_worded(IllegalEvent, "at most 4"):
        GAME.apply(state, {"type": "open", "seat": 0, "cards": ["1b", "2b"]})
    assert not any(m["type"] == "open" for m in GAME.legal_moves(state))


def test_extend_own_workshop_rainbow_only():
    state = build(hands=[["4b", "9b"], []], pots=[POT, None, None], workshops=[[["2a", "3a"]], [["8a", "9a"]]])
    GAME.apply(state, {"type": "extend", "seat": 0, "card": "4b", "rainbow": 0, "end": "right"})
    assert state.workshops[0][0].cards == ids(["2a", "3a", "4b"]) and state.played == 1
    with pytest.raises(IllegalEvent):  # rainbow 1 does not exist in seat 0's workshop
        GAME.apply(state, {"type": "extend", "seat": 0, "card": "9b", "rainbow": 1, "end": "left"})


def test_move_from_workshop_does_not_count_as_played():
    state = build(hands=[[], []], pots=[POT, None, None], workshops=[[["6a", "7a", "8a"]], []])
    GAME.apply(state, {"type": "move", "seat": 0, "rainbow": 0, "from": "left", "pot": 0, "end": "right"})
    assert state.played == 0 and state.pots[0].row.cards == ids(["5a", "6a"])
    assert state.workshops[0][0].cards == ids(["7a", "8a"]) and state.workshops[0][0].start == 7


def test_empty_workshop_rainbow_is_gone():
    state = build(hands=[[], []], pots=[POT, None, None], workshops=[[["6a"], ["1a", "2a"]], []])
    GAME.apply(state, {"type": "move", "seat": 0, "rainbow": 0, "from": "right", "pot": 0, "end": "right"})
    assert [r.cards for r in state.workshops[0]] == [ids(["1a", "2a"])]


def test_move_refused_if_it_leaves_only_wild_cards():
    state = build(hands=[[], []], pots=[POT, None, None], workshops=[[["6a", "K1"]], []])
    with raises_worded(IllegalEvent, "only wild"):
        GAME.apply(state, {"type": "move", "seat": 0, "rainbow": 0, "from": "left", "pot": 0, "end": "right"})
    GAME.apply(state, {"type": "move", "seat": 0, "rainbow": 0, "from": "right", "pot": 0, "end": "left"})
    assert state.pots[0].row.cards == ids(["K1", "5a"])


def test_take_kobito_back_from_a_pot():
    state = build(hands=[["6b"], []], pots=[("G8-7a", ["5a", "K2", "7a"]), None, None])
    GAME.apply(state, {"type": "take-kobito", "seat": 0, "kobito": "K2", "card": "6b"})
    assert state.pots[0].row.cards == ids(["5a", "6b", "7a"])
    assert state.hands[0] == ids(["K2"]) and state.played == 1


def test_take_kobito_back_from_own_workshop_only():
    state = build(hands=[["2b", "9b"], []], pots=[POT, None, None], workshops=[[["1a", "K1"]], [["8a", "K2"]]])
    with raises_worded(IllegalEvent, "not in a pot or in your workshop"):
        GAME.apply(state, {"type": "take-kobito", "seat": 0, "kobito": "K2", "card": "9b"})
    GAME.apply(state, {"type": "take-kobito", "seat": 0, "kobito": "K1", "card": "2b"})
    assert state.workshops[0][0].cards == ids(["1a", "2b"])


def test_take_kobito_needs_the_number_it_stands_for():
    state = build(hands=[["7b"], []], pots=[("G8-7a", ["5a", "K2"]), None, None])
    with raises_worded(IllegalEvent, "stands for 6"):
        GAME.apply(state, {"type": "take-kobito", "seat": 0, "kobito": "K2", "card": "7b"})


def test_paint_cards_never_return_to_a_hand():
    state = build(hands=[["6b"], []], pots=[("G8-7a", ["5a", "P1"]), None, None])
    with raises_worded(IllegalEvent, "only a kobito"):
        GAME.apply(state, {"type": "take-kobito", "seat": 0, "kobito": "P1", "card": "6b"})
    assert not any(m["type"] == "take-kobito" for m in GAME.legal_moves(state))


def test_end_turn_once_requirement_is_played():
    state = build(hands=[["6a", "1b"], []], pots=[POT, None, None])
    with raises_worded(IllegalEvent, "still can"):
        GAME.apply(state, end_turn())
    GAME.apply(state, play("6a"))
    GAME.apply(state, end_turn())
    assert state.turn == 1 and state.penalties[0] == []


def test_penalties_are_requirement_minus_played():
    # needs 3, played 1, nothing more fits: exactly 2 penalty cards
    workshops = [[["1a", "2a"], ["1b", "2b"]], []]
    state = build(hands=[["6a", "9a", "9b", "5b"], []], pots=[POT, None, None], workshops=workshops)
    GAME.apply(state, play("6a"))
    with raises_worded(IllegalEvent, "exactly 2"):
        GAME.apply(state, end_turn(penalty=["9a"]))
    ends = [m for m in GAME.legal_moves(state) if m["type"] == "end-turn"]
    assert len(ends) == 3 and all(len(m["penalty"]) == 2 for m in ends)
    assert GAME.view(state, 0).penalty_due == 2
    GAME.apply(state, end_turn(penalty=["9a", "5b"]))
    assert state.penalties[0] == ids(["9a", "5b"]) and state.hands[0] == ids(["9b"])


def test_penalties_all_cards_if_fewer():
    state = build(hands=[["9a"], []], pots=[POT, None, None], workshops=[[["1a", "2a"], ["1b", "2b"]], []])
    assert [m for m in GAME.legal_moves(state) if m["type"] == "end-turn"] == [end_turn(penalty=["9a"])]


def test_no_penalties_while_a_move_from_hand_remains():
    state = build(hands=[["9a", "6a"], []], pots=[POT, None, None], workshops=[[["1a", "2a"]], []])
    with raises_worded(IllegalEvent, "still can"):
        GAME.apply(state, end_turn(penalty=["9a", "6a"]))
    assert not any(m["type"] == "end-turn" for m in GAME.legal_moves(state))


def test_workshop_moves_do_not_prevent_penalties():
    state = build(hands=[["9a"], []], pots=[POT, None, None], workshops=[[["6a", "7a"]], []])
    assert GAME.view(state, 0).penalty_due == 1
    assert end_turn(penalty=["9a"]) in GAME.legal_moves(state)


def test_only_the_seat_to_act_may_move():
    state = build(hands=[["6a"], ["6b"]], pots=[POT, None, None])
    with raises_worded(IllegalEvent, "not seat"):
        GAME.apply(state, play("6b", seat=1))


def test_card_must_be_in_hand():
    state = build(hands=[["6a"], ["6b"]], pots=[POT, None, None])
    with raises_worded(IllegalEvent, "not in your hand"):
        GAME.apply(state, play("6b"))
    assert state.hands[0] == [CARD["6a"]]


def test_open_lists_every_run_once():
    state = build(hands=[["5a", "6a", "K1"], []], pots=[POT, None, None])
    runs = sorted(tuple(m["cards"]) for m in GAME.legal_moves(state) if m["type"] == "open")
    assert runs == sorted([("5a", "6a"), ("5a", "K1"), ("K1", "5a"), ("6a", "K1"), ("K1", "6a"), ("5a", "6a", "K1"), ("K1", "5a", "6a")])


def test_open_across_twelve_and_one():
    state = build(hands=[["12a", "1a", "2a"], []], pots=[POT, None, None])
    GAME.apply(state, {"type": "open", "seat": 0, "cards": ["12a", "1a", "2a"]})
    assert state.workshops[0][0].start == 12


def test_workshop_rainbow_stops_at_twelve_cards():
    full = [f"{n}a" for n in range(1, 13)]
    state = build(hands=[["K1", "1b"], []], pots=[POT, None, None], workshops=[[full], []])
    with raises_worded(IllegalEvent, "does not fit"):
        GAME.apply(state, {"type": "extend", "seat": 0, "card": "K1", "rainbow": 0, "end": "left"})
    assert not any(m["type"] == "extend" for m in GAME.legal_moves(state))


def test_starting_card_counts_toward_the_length():
    state = build(hands=[["6a", "7a"], []], pots=[("G3-2a", ["5a"]), None, None])
    GAME.apply(state, play("6a"))
    assert state.won[0] == []
    GAME.apply(state, play("7a"))
    assert len(state.won[0]) == 1


def test_unknown_fields_are_refused():
    state = build(hands=[["6a"], []], pots=[POT, None, None])
    with raises_worded(IllegalEvent, "no field 'note'"):
        GAME.apply(state, {**play("6a"), "note": "hi"})
    with raises_worded(IllegalEvent, "not a Kobito move"):
        GAME.apply(state, {"type": "draw", "seat": 0})
