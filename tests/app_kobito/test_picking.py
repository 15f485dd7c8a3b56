"""The picker offers exactly the legal moves: every legal move can be picked, nothing else can."""

from __future__ import annotations

from itertools import combinations

from app_kobito.conftest import kobito
from app_kobito.drive import quick_player
from kobito_tui.app.kobito.picking import END, Picker, split
from kobito_tui.core.record import Record
from kobito_tui.core.session import Session


def states(seed: int, players: str = "Ann,Bob,Cay"):
    """Every position of a quick game where a seat is to move: (session view, legal moves)."""
    session = Session(Record(kobito(players, seed=seed)))
    choose = quick_player(seed)
    while not session.over:
        legal = session.legal_moves()
        yield session.view(session.to_act), legal
        session.play(choose(legal))


def test_every_pick_is_a_legal_move_and_every_legal_move_can_be_picked():
    for seed in (1, 2):
        for view, legal in states(seed):
            picker = Picker(legal)
            hand = [card.id for card in view.hand]
            selections = [frozenset(c) for size in (0, 1, 2, 3) for c in combinations(hand, size)]
            rainbows = range(len(view.workshops[view.seat]))
            selections += [("workshop", r, end) for r in rainbows for end in ("left", "right")]
            for selection in selections:
                picker.selection = selection
                for target in [*picker.targets, END]:
                    move = picker.move_to(target)
                    assert move in legal or (target == END and move is None)
            for move in legal:
                source, target = split(move)
                picker.selection = source
                assert target == END or target in picker.targets
                assert picker.move_to(target) == move


def test_a_card_without_a_move_offers_no_place():
    view, legal = next(states(3))
    picker = Picker(legal)
    stuck = [card.id for card in view.hand if not picker.playable(card.id)]
    assert stuck, "this deal has a card that goes nowhere"
    picker.toggle_card(stuck[0])
    assert picker.targets == [] and picker.current is None


def test_ending_with_penalties_needs_exactly_the_penalty_cards():
    for view, legal in states(0, "Ann,Bob"):  # noqa: B007 - the pair found is used after the loop
        if view.penalty_due == 2:
            break
    picker = Picker(legal)
    assert picker.needs_penalty and picker.end_move() is None
    first, second = [card.id for card in view.hand][:2]
    picker.toggle_card(first)
    assert picker.end_move() is None
    picker.toggle_card(second)
    assert sorted(picker.end_move()["penalty"]) == sorted([first, second])


def test_ending_without_penalty_ignores_the_selection():
    for view, legal in states(4, "Ann,Bob"):
        if {"type": "end-turn", "seat": view.seat} in legal and view.hand:
            break
    picker = Picker(legal)
    picker.toggle_card(view.hand[0].id)
    assert picker.end_move() == {"type": "end-turn", "seat": view.seat}


def test_hint_selects_the_source_and_points_at_the_target():
    view, legal = next(states(5))
    move = next(m for m in legal if m["type"] == "play")
    picker = Picker(legal)
    picker.hint(move)
    assert picker.selection == frozenset([move["card"]])
    assert picker.current == ("pot", move["pot"], move["end"]) == picker.hinted
    picker.step(1)
    assert picker.hinted is None


def test_the_cursor_cycles_through_the_targets():
    for view, legal in states(5):
        picker = Picker(legal)
        several = [c.id for c in view.hand if len(picker.moves.get(frozenset([c.id]), {})) > 2]
        if several:
            break
    picker.toggle_card(several[0])
    targets = picker.targets
    seen = []
    for _ in targets:
        seen.append(picker.current)
        picker.step(1)
    assert seen == targets and picker.current == targets[0]
    picker.step(-1)
    assert picker.current == targets[-1]
