"""The public evidence a seat gathers from its history is true of the real game,
and determinizations deal by it."""

from __future__ import annotations

import random
from collections import Counter

from kobito_tui.bots.kobito_evidence import gather
from kobito_tui.bots.kobito_world import World
from kobito_tui.core.game import Seat
from kobito_tui.core.record import new_header, run_chance
from kobito_tui.games import get_game
from kobito_tui.kobito.rules import penalty_due

GAME = get_game("kobito")


def positions(players: int, seeds, options=None):
    """(state, events, move) for every move of random games, before the move."""
    for seed in seeds:
        seats = tuple(Seat(f"P{i}", "bot", "random") for i in range(players))
        header = new_header("kobito", seats, options, seed=seed)
        rng = random.Random(seed)
        state = GAME.new_state(header)
        events: list = []
        run_chance(GAME, header, state, events)
        while not GAME.is_over(state):
            move = rng.choice(GAME.legal_moves(state))
            yield state, events, move
            GAME.apply(state, move)
            events.append(move)
            run_chance(GAME, header, state, events)


def seen_by(seat: int, events: list) -> list:
    return [GAME.redact(event, seat) for event in events]


def test_the_replayed_table_discard_and_kobitos_in_hand_match_the_game():
    checked = 0
    for options in ({}, {"special_start": "discard", "refill": "as-played"}):
        for state, events, _ in positions(3, range(3), options):
            if len(events) % 9:
                continue
            seat = (state.turn + 1) % state.players
            evidence = gather(state.gold_cards, state.options, state.players, seen_by(seat, events))
            view = GAME.view(state, seat)
            assert [None if p is None else p[1] for p in evidence.pots] == [None if p is None else p.row for p in state.pots]
            assert evidence.workshops == state.workshops
            assert Counter(evidence.discard) == Counter(state.discard)
            assert list(evidence.hand_sizes) == list(view.hand_sizes)
            for s, cards in enumerate(evidence.known_in_hand):
                assert set(cards) <= set(state.hands[s])
            checked += 1
    assert checked > 50


def test_a_penalty_shows_which_cards_the_player_held():
    """At every penalty, each card of the real hand is one the evidence allows."""
    checked = 0
    for state, events, move in positions(2, range(6)):
        if move["type"] != "end-turn" or "penalty" not in move:
            continue
        seat = state.turn
        assert penalty_due(state, seat)
        watcher = 1 - seat
        after = [*seen_by(watcher, events), GAME.redact(move, watcher)]
        penalty = gather(state.gold_cards, state.options, state.players, after).penalties[seat][-1]
        hand = state.hands[seat]
        for index, card in enumerate(hand):
            assert penalty.misfit.allows(card, hand[:index])
        assert penalty.given == len(move["penalty"]) and penalty.kept == len(hand) - penalty.given
        checked += 1
    assert checked >= 5


def test_determinizations_deal_the_kept_cards_from_what_fitted_nowhere():
    checked = 0
    for state, events, move in positions(2, range(6)):
        if not (move["type"] == "end-turn" and "penalty" in move and len(state.hands[state.turn]) > len(move["penalty"])):
            continue
        seat, watcher = state.turn, 1 - state.turn
        after = state.copy()
        GAME.apply(after, move)
        history = [*seen_by(watcher, events), GAME.redact(move, watcher)]
        world = World(GAME.view(after, watcher), history)
        penalty = world.evidence.penalties[seat][-1]
        assert penalty.still_held == len(state.hands[seat]) - len(move["penalty"])
        for number in range(4):
            dealt = world.deal(random.Random(number))
            assert dealt.hands[seat] and all(penalty.misfit.allows(c, []) for c in dealt.hands[seat])
            assert all(penalty.misfit.allows(c, []) for c in dealt.penalties[seat][-penalty.given :])
        checked += 1
    assert checked >= 3


def test_a_greedy_player_beside_a_pot_one_card_would_win_holds_no_such_card():
    """The one assumption: a player takes a pot it can take (greedy always does)."""
    from kobito_tui.bots.kobito_greedy import GreedyBot

    checked = 0
    for seed in range(10):
        seats = tuple(Seat(f"P{i}", "bot", "greedy") for i in range(3))
        header = new_header("kobito", seats, seed=seed)
        state = GAME.new_state(header)
        events: list = []
        run_chance(GAME, header, state, events)
        bots = [GreedyBot(seed * 10 + i) for i in range(3)]
        while not GAME.is_over(state):
            seat = GAME.to_act(state)
            history = seen_by(seat, events)
            move = bots[seat].choose(GAME, header, GAME.view(state, seat), GAME.legal_moves(state), history)
            GAME.apply(state, move)
            events.append(move)
            if move["type"] == "end-turn":
                watcher = (seat + 1) % 3
                end = gather(state.gold_cards, state.options, 3, seen_by(watcher, events)).last_turn[seat]
                if end is not None and not end.given:
                    assert end.kept == len(state.hands[seat])
                    assert all(end.misfit.allows(card, []) for card in state.hands[seat])
                    checked += 1
            run_chance(GAME, header, state, events)
    assert checked >= 3
