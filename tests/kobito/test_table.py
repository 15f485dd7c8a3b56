"""Setup, completing pots, new pots and their starting cards, drawing, the end and scoring."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from worded import raises_worded

from kobito_tui.core.game import IllegalEvent
from kobito_tui.core.message import Message
from kobito_tui.kobito import GAME
from kobito_tui.kobito.cards import NAME, NUMBER

from .helpers import build, header, ids, settle


def started(players=2, seed=1, **options):
    state = GAME.new_state(header(players, seed, **options))
    settle(state, seed)
    return state


def end_turn(seat=0, penalty=None):
    event = {"type": "end-turn", "seat": seat}
    if penalty:
        event["penalty"] = penalty
    return event


# --- setup ----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 6])
def test_setup_three_pots_and_five_cards_each(players):
    state = started(players)
    assert all(p is not None and len(p.row.cards) == 1 and NUMBER[p.row.cards[0]] for p in state.pots)
    assert [len(h) for h in state.hands] == [5] * players
    assert len(state.gold_deck) == 15 and len(state.deck) == 92 - 3 - 5 * players
    assert GAME.to_act(state) == state.turn


def test_first_player_random():
    assert {started(3, seed).turn for seed in range(30)} == {0, 1, 2}


def test_first_player_chosen():
    assert {started(3, seed, first_player=2).turn for seed in range(10)} == {2}
    state = GAME.new_state(header(3, first_player=2))
    event = GAME.chance(state, random.Random(0))
    with raises_worded(IllegalEvent, "first player"):
        GAME.apply(state, {**event, "first": 0})


def test_setup_refuses_a_deck_that_is_not_the_92_cards():
    state = GAME.new_state(header())
    event = GAME.chance(state, random.Random(0))
    for deck in (event["deck"][:-1], event["deck"][:-1] + [event["deck"][0]], event["deck"][:-1] + ["13a"]):
        with pytest.raises(IllegalEvent):
            GAME.apply(state, {**event, "deck": deck})
    assert not state.set_up


def test_special_starting_card_goes_back_into_the_deck():
    deck = ["K1", "9a", "3a", "4a", "5a"]
    state = build(deck=deck, gold_deck=["G3-2a"])
    state.pending_pots = [1]
    event = GAME.chance(state, random.Random(0))
    assert event["type"] == "special-start" and event["card"] == "K1" and 1 <= event["depth"] <= 4
    with raises_worded(IllegalEvent, "depth"):
        GAME.apply(state, {**event, "depth": 0})
    GAME.apply(state, {**event, "depth": 4})
    assert [NAME[c] for c in reversed(state.deck)] == ["9a", "3a", "4a", "5a", "K1"]
    settle(state)
    assert state.pots[1].row.cards == ids(["9a"])


def test_special_start_reshuffles_discard_first_if_deck_has_no_number():
    state = build(deck=["P1", "K2"], discard=["7a", "K3"], gold_deck=["G3-2a"])
    state.pending_pots = [0]
    event = GAME.chance(state, random.Random(0))
    assert event["type"] == "reshuffle" and sorted(event["deck"]) == ["7a", "K2", "K3", "P1"]
    settle(state)
    assert state.pots[0].row.cards == ids(["7a"]) and state.discard == []
    assert sorted(state.deck) == ids(["K2", "K3", "P1"])


def test_empty_pot_when_no_number_card_is_left():
    state = build(hands=[["8a", "K1"], []], deck=["P1", "K2"], discard=["K3"], gold_deck=["G3-2a"])
    state.pending_pots = [2]
    settle(state)
    pot = state.pots[2]
    assert pot is not None and pot.row.cards == [] and GAME.view(state, 0).pots[2].cards == ()
    moves = GAME.legal_moves(state)
    assert {"type": "play", "seat": 0, "card": "K1", "pot": 2, "end": "left"} not in moves
    with pytest.raises(IllegalEvent):
        GAME.apply(state, {"type": "play", "seat": 0, "card": "K1", "pot": 2, "end": "left"})
    GAME.apply(state, {"type": "play", "seat": 0, "card": "8a", "pot": 2, "end": "left"})
    assert pot.row.start == 8


def test_empty_pot_refused_while_a_number_card_can_start_it():
    state = build(deck=["5a"], gold_deck=["G3-2a"])
    state.pending_pots = [0]
    with raises_worded(IllegalEvent, "starting card"):
        GAME.apply(state, {"type": "pot", "slot": 0, "gold": "G3-2a", "start": None})
    with raises_worded(IllegalEvent, "top of the gold deck"):
        GAME.apply(state, {"type": "pot", "slot": 0, "gold": "G4-3a", "start": "5a"})


def test_special_start_discard():
    state = build(deck=["K1", "P1", "6a"], gold_deck=["G3-2a"], special_start="discard")
    state.pending_pots = [0]
    settle(state)
    assert state.discard == ids(["K1", "P1"]) and state.pots[0].row.cards == ids(["6a"])


# --- completing a pot ------------------------------------------------------------------------


def test_completing_a_pot_wins_its_gold():
    state = build(hands=[["7a"], []], pots=[("G3-2a", ["5a", "6a"]), ("G8-7a", ["1a"]), None], deck=["9a", "K1"])
    GAME.apply(state, {"type": "play", "seat": 0, "card": "7a", "pot": 0, "end": "right"})
    assert GAME.view(state, 1).gold[0] == (2,)
    assert state.discard == ids(["5a", "6a", "7a"]) and state.pots[0] is None
    assert GAME.to_act(state) is None  # the new pot comes first
    settle(state)
    assert state.pots[0].row.cards == ids(["9a"]) and GAME.to_act(state) == 0


def test_the_player_who_adds_the_last_card_wins_also_by_moving():
    state = build(pots=[("G3-2a", ["5a", "6a"]), None, None], workshops=[[["7a", "8a"]], []])
    GAME.apply(state, {"type": "move", "seat": 0, "rainbow": 0, "from": "left", "pot": 0, "end": "right"})
    assert state.won[0] == [0] and state.played == 0  # G3-2a


def test_game_ends_at_once_when_the_sixteenth_pot_is_won():
    # 15 gold cards already won, gold deck empty: the next pot won ends the game
    pots = [("G3-2a", ["5a", "6a"]), ("G8-7a", ["1b"]), ("G8-8a", ["3b"])]
    state = build(hands=[["7a", "1a"], []], pots=pots, gold_deck=[])
    GAME.apply(state, {"type": "play", "seat": 0, "card": "7a", "pot": 0, "end": "right"})
    assert GAME.is_over(state) and GAME.chance(state, random.Random(0)) is None
    assert GAME.legal_moves(state) == [] and GAME.result(state).winners == [0]
    with raises_worded(IllegalEvent, "over"):
        GAME.apply(state, {"type": "end-turn", "seat": 0})


def test_random_game_ends_with_sixteen_pots_won():
    state = started(4, seed=5)
    rng = random.Random(5)
    while not GAME.is_over(state):
        GAME.apply(state, GAME.chance(state, rng) or rng.choice(GAME.legal_moves(state)))
    assert sum(map(len, state.won)) == 16 and len(state.gold_deck) == 0


# --- drawing -----------------------------------------------------------------------------------


def test_refill_to_five():
    state = build(hands=[["6a", "7a", "8a", "1a"], []], pots=[("G8-7a", ["5a"]), None, None], deck=["2a", "3a", "4a"])
    for card in ("6a", "7a", "8a"):
        GAME.apply(state, {"type": "play", "seat": 0, "card": card, "pot": 0, "end": "right"})
    GAME.apply(state, end_turn())
    assert GAME.chance(state, random.Random(0)) == {"type": "draw", "player": 0, "cards": ["2a", "3a", "4a"]}
    settle(state)
    assert state.hands[0] == ids(["1a", "2a", "3a", "4a"])  # the deck ran dry, nothing to reshuffle


def test_refill_as_played():
    state = build(hands=[["6a", "7a", "1a", "12b"], []], pots=[("G8-7a", ["5a"]), None, None], refill="as-played")
    for card in ("6a", "7a"):
        GAME.apply(state, {"type": "play", "seat": 0, "card": card, "pot": 0, "end": "right"})
    GAME.apply(state, end_turn())
    settle(state)
    assert len(state.hands[0]) == 4  # drew 2, not up to 5


def test_refill_as_played_counts_penalty_cards():
    state = build(hands=[["9a", "9b"], []], pots=[("G8-7a", ["5a"]), None, None], refill="as-played")
    GAME.apply(state, end_turn(penalty=["9a"]))
    settle(state)
    assert len(state.hands[0]) == 2 and state.penalties[0] == ids(["9a"])


def test_deck_empty_discard_shuffled_into_new_deck():
    pots = [("G8-7a", ["5a"]), None, None]
    state = build(hands=[["6a", "7a"], []], pots=pots, deck=["2a"], discard=["10a", "11a", "K1"])
    GAME.apply(state, {"type": "play", "seat": 0, "card": "6a", "pot": 0, "end": "right"})
    GAME.apply(state, end_turn())
    events = []
    rng = random.Random(0)
    while (event := GAME.chance(state, rng)) is not None:
        GAME.apply(state, event)
        events.append(event["type"])
    assert events == ["draw", "reshuffle", "draw"]
    assert Counter(state.hands[0]) == Counter(ids(["7a", "2a", "10a", "11a", "K1"])) and state.discard == []


def test_draw_must_be_the_deck_top():
    state = build(hands=[["6a", "9a"], []], pots=[("G8-7a", ["5a"]), None, None], deck=["2a", "3a"])
    GAME.apply(state, {"type": "play", "seat": 0, "card": "6a", "pot": 0, "end": "right"})
    GAME.apply(state, end_turn())
    for forged in (["3a", "2a"], ["2a"], ["2a", "3a", "4a"], ["K1", "2a"], "2a"):
        with raises_worded(IllegalEvent, "top"):
            GAME.apply(state, {"type": "draw", "player": 0, "cards": forged})
    with raises_worded(IllegalEvent, "draws now"):
        GAME.apply(state, {"type": "draw", "player": 1, "cards": ["2a", "3a"]})


def test_reshuffle_must_be_a_permutation_of_the_discard_pile():
    state = build(hands=[["6a"], []], pots=[("G8-7a", ["5a"]), None, None], deck=[], discard=["10a", "11a"])
    GAME.apply(state, {"type": "play", "seat": 0, "card": "6a", "pot": 0, "end": "right"})
    GAME.apply(state, end_turn())
    for forged in (["10a"], ["10a", "12a"], ["10a", "11a", "11a"]):
        with pytest.raises(IllegalEvent):
            GAME.apply(state, {"type": "reshuffle", "deck": forged})
    GAME.apply(state, {"type": "reshuffle", "deck": ["11a", "10a"]})
    assert GAME.chance(state, random.Random(0))["cards"] == ["11a", "10a"]


def test_no_draw_when_deck_and_discard_are_empty():
    state = build(hands=[["6a"], ["1a"]], pots=[("G8-7a", ["5a"]), None, None], deck=[])
    GAME.apply(state, {"type": "play", "seat": 0, "card": "6a", "pot": 0, "end": "right"})
    GAME.apply(state, end_turn())
    assert GAME.chance(state, random.Random(0)) is None and GAME.to_act(state) == 1


# --- end and scoring -------------------------------------------------------------------------------


def _stalled(**options):
    """Deck and discard empty; Ann can only give penalties, Bob has nothing."""
    return build(hands=[["9a"], []], pots=[("G8-7a", ["5a"]), None, None], deck=[], **options)


def test_stalemate_ends_the_game():
    state = _stalled()
    GAME.apply(state, end_turn(0, ["9a"]))
    assert not GAME.is_over(state)
    GAME.apply(state, end_turn(1))
    assert GAME.is_over(state) and GAME.result(state).scores == [-3, 0]


def test_stalemate_counter_resets_when_a_card_is_played():
    state = build(hands=[["9a"], ["6a"]], pots=[("G8-7a", ["5a"]), None, None], deck=[])
    GAME.apply(state, end_turn(0, ["9a"]))
    GAME.apply(state, {"type": "play", "seat": 1, "card": "6a", "pot": 0, "end": "right"})
    GAME.apply(state, end_turn(1))
    GAME.apply(state, end_turn(0))
    assert not GAME.is_over(state)
    GAME.apply(state, end_turn(1))
    assert GAME.is_over(state)


def test_stalemate_off_workshop_moves_keep_the_game_going():
    pots, workshops = [("G8-7a", ["5a"]), None, None], [[["6a", "7a"]], []]
    state = build(hands=[[], []], pots=pots, workshops=workshops, deck=[], stalemate=False)
    GAME.apply(state, {"type": "move", "seat": 0, "rainbow": 0, "from": "left", "pot": 0, "end": "right"})
    GAME.apply(state, end_turn(0))
    GAME.apply(state, end_turn(1))
    assert not GAME.is_over(state)
    GAME.apply(state, end_turn(0))
    assert GAME.is_over(state)
    on = build(hands=[[], []], pots=pots, workshops=workshops, deck=[])
    # the same position with the option on: the workshop move does not count as playing
    GAME.apply(on, {"type": "move", "seat": 0, "rainbow": 0, "from": "left", "pot": 0, "end": "right"})
    GAME.apply(on, end_turn(0))
    GAME.apply(on, end_turn(1))
    assert GAME.is_over(on)


def test_score_is_gold_minus_three_per_penalty():
    state = build(hands=[["9a"], []], pots=[("G8-7a", ["5a"]), None, None])
    state.won = [[0, 17], [1]]  # G3-2a + G8-8b, G3-3a
    state.penalties = [ids(["1a", "2a"]), []]
    assert GAME.view(state, 1).scores == (2 + 8 - 6, 3)


def _tied(**options):
    """Both score 8: Ann 4 + 4 with no penalty, Bob 8 + 3 − 3 with one."""
    state = build(hands=[[], []], pots=[("G8-7a", ["5a"]), None, None], **options)
    state.won = [[4, 5], [17, 1]]  # G4-4a, G4-4b ; G8-8b, G3-3a
    state.penalties = [[], ids(["1a"])]
    state.over = True
    return state


def test_tie_fewer_penalties_wins():
    result = GAME.result(_tied())
    assert result.scores == [8, 8] and result.winners == [0]


def test_tie_still_tied_is_a_shared_win():
    state = _tied()
    state.penalties = [ids(["2a"]), ids(["1a"])]
    state.won = [[4, 5, 1], [17, 1]]
    result = GAME.result(state)
    assert result.winners == [0, 1] and result.summary == Message("kobito.won", {"winners": [0, 1], "score": result.scores[0]})


def test_tie_shared_option():
    assert GAME.result(_tied(tie="shared")).winners == [0, 1]
