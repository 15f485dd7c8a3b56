"""Components: the rainbow deck and the gold table."""

from __future__ import annotations

from collections import Counter

from kobito_tui.kobito.cards import CARD, CARD_COUNT, GOLD_TABLES, KIND, NAME, NUMBER, gold_cards


def test_rainbow_deck_has_92_cards():
    assert CARD_COUNT == 92 == len(set(NAME))
    assert Counter(KIND) == {"number": 84, "kobito": 5, "paint": 3}


def test_number_cards_one_to_twelve_seven_of_each():
    assert Counter(n for n in NUMBER if n) == {n: 7 for n in range(1, 13)}
    assert NUMBER[CARD["7a"]] == NUMBER[CARD["7g"]] == 7 and "7h" not in CARD


def test_special_cards_are_named_and_wild():
    assert [KIND[CARD[f"K{i}"]] for i in range(1, 6)] == ["kobito"] * 5
    assert [KIND[CARD[f"P{i}"]] for i in range(1, 4)] == ["paint"] * 3
    assert NUMBER[CARD["K1"]] == NUMBER[CARD["P3"]] == 0


def test_standard_gold_table_is_the_edition_table():
    golds = gold_cards(GOLD_TABLES["standard"])
    assert len(golds) == 18 == len({g.name for g in golds})
    by_length = {}
    for g in golds:
        by_length.setdefault(g.length, []).append(g.value)
    assert by_length == {3: [2, 3, 3], 4: [3, 4, 4], 5: [4, 5, 5], 6: [5, 6, 6], 7: [6, 7, 7], 8: [7, 8, 8]}
    assert "G5-4a" in {g.name for g in golds} and "G5-5b" in {g.name for g in golds}
