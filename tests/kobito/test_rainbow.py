"""Rainbows: consecutive with wrap, either end, wild cards, at most 12 cards."""

from __future__ import annotations

import pytest

from kobito_tui.kobito.cards import CARD
from kobito_tui.kobito.rainbow import add, can_take_end, fits, number_at, run_start, take_end

from .helpers import ids, row


def test_twelve_and_one_are_consecutive():
    assert run_start(ids(["11a", "12a", "1a", "2a"])) == 11
    r = row(["12a"])
    assert fits(r, CARD["1b"], left=False) and fits(r, CARD["11b"], left=True)
    assert not fits(r, CARD["2b"], left=False)


def test_cards_may_be_added_at_either_end():
    r = row(["5a", "6a"])
    add(r, CARD["4a"], left=True)
    add(r, CARD["7a"], left=False)
    assert r.start == 4 and r.cards == ids(["4a", "5a", "6a", "7a"])


def test_non_consecutive_cards_are_not_a_rainbow():
    assert run_start(ids(["5a", "7a"])) is None
    assert run_start(ids(["5a", "5b"])) is None


def test_wild_cards_stand_for_the_number_their_place_requires():
    r = row(["K1", "5a", "P1"])
    assert r.start == 4
    assert [number_at(r.start, i) for i in range(3)] == [4, 5, 6]
    assert fits(r, CARD["3a"], left=True) and fits(r, CARD["7a"], left=False)
    assert fits(r, CARD["K2"], left=True) and fits(r, CARD["P2"], left=False)


def test_every_rainbow_contains_a_number_card():
    assert run_start(ids(["K1", "P1"])) is None
    assert run_start(ids(["K1", "3a", "P1"])) == 2


def test_a_rainbow_holds_at_most_twelve_cards():
    twelve = ids([f"{n}a" for n in range(1, 13)])
    assert run_start(twelve) == 1
    assert run_start(twelve + [CARD["K1"]]) is None
    r = row([f"{n}a" for n in range(1, 13)])
    assert not fits(r, CARD["K1"], left=True) and not fits(r, CARD["12b"], left=True)


def test_pot_rainbow_never_longer_than_its_length():
    r = row(["3a", "4a"])
    assert fits(r, CARD["5a"], left=False, limit=3)
    assert not fits(r, CARD["5a"], left=False, limit=2)


def test_empty_rainbow_takes_only_a_number_card():
    r = row([])
    assert fits(r, CARD["9a"], left=True) and not fits(r, CARD["K1"], left=False)
    add(r, CARD["9a"], left=False)
    assert r.start == 9


@pytest.mark.parametrize("left", [True, False])
def test_taking_an_end_card_may_not_leave_only_wild_cards(left):
    r = row(["5a", "K1"] if left else ["K1", "5a"])
    assert not can_take_end(r, left)
    assert can_take_end(r, not left)
    take_end(r, not left)
    assert r.cards == ids(["5a"]) and r.start == 5
