"""The Kobito cards as small ints, their names in events, and the gold tables.

Rainbow cards 0..91: number cards 0..83 (number ``c // 7 + 1``, copy letter
``"abcdefg"[c % 7]``, named "7a".."7g"), kobitos 84..88 ("K1".."K5"), paint
cards 89..91 ("P1".."P3").  Gold cards are indexes into the table in force;
their names are "G<length>-<value><copy>", e.g. "G5-4a".
"""

from __future__ import annotations

from dataclasses import dataclass

NUMBERS = 12
COPIES = 7
KOBITOS = 5
PAINTS = 3
FIRST_KOBITO = NUMBERS * COPIES
FIRST_PAINT = FIRST_KOBITO + KOBITOS
CARD_COUNT = FIRST_PAINT + PAINTS  # 92
MAX_ROW = 12  # a rainbow holds at most 12 cards

NUMBER: tuple[int, ...] = tuple(c // COPIES + 1 if c < FIRST_KOBITO else 0 for c in range(CARD_COUNT))
"""Printed number of each card; 0 for the wild cards."""
KIND: tuple[str, ...] = tuple("number" if c < FIRST_KOBITO else "kobito" if c < FIRST_PAINT else "paint" for c in range(CARD_COUNT))
NAME: tuple[str, ...] = tuple(
    f"{NUMBER[c]}{'abcdefg'[c % COPIES]}"
    if c < FIRST_KOBITO
    else f"K{c - FIRST_KOBITO + 1}"
    if c < FIRST_PAINT
    else f"P{c - FIRST_PAINT + 1}"
    for c in range(CARD_COUNT)
)
CARD: dict[str, int] = {name: c for c, name in enumerate(NAME)}
KOBITO_CARDS = frozenset(range(FIRST_KOBITO, FIRST_PAINT))
WILD_CARDS = frozenset(range(FIRST_KOBITO, CARD_COUNT))


def is_kobito(card: int) -> bool:
    return FIRST_KOBITO <= card < FIRST_PAINT


GOLD_TABLES: dict[str, dict[int, tuple[int, ...]]] = {
    # required length: gold values, one gold card each
    "standard": {3: (2, 3, 3), 4: (3, 4, 4), 5: (4, 5, 5), 6: (5, 6, 6), 7: (6, 7, 7), 8: (7, 8, 8)},
}


COPY_LETTERS = "abcdefghijklmnopqrstuvwxyz"  # told apart: "G3-3a", "G3-3b", ...
MAX_GOLD_COPIES = len(COPY_LETTERS)


@dataclass(frozen=True)
class GoldCard:
    name: str
    length: int
    value: int


def gold_cards(table: dict[int, tuple[int, ...]]) -> tuple[GoldCard, ...]:
    """The gold deck for ``table`` (length → values), in a fixed order."""
    cards: list[GoldCard] = []
    for length in sorted(table):
        seen: dict[int, int] = {}
        for value in table[length]:
            copy = seen[value] = seen.get(value, -1) + 1
            cards.append(GoldCard(f"G{length}-{value}{COPY_LETTERS[copy]}", length, value))
    return tuple(cards)
