"""Rainbows: rows of consecutive numbers where 12 and 1 are consecutive.

A :class:`Row` keeps its cards in row order and ``start``, the number of its
left-end card (0 while a pot's rainbow is empty).  Wild cards (kobito, paint)
stand for the number their place requires, so ``number_at(start, i)`` is the
number of every card, wild or not.  Invariant: every non-empty row holds at
least one number card, so ``start`` is always defined.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kobito_tui.kobito.cards import MAX_ROW, NUMBER, NUMBERS, WILD_CARDS


@dataclass(slots=True)
class Row:
    start: int = 0  # number of the left-end card; 0 while empty
    cards: list[int] = field(default_factory=list)

    def copy(self) -> Row:
        return Row(self.start, self.cards[:])


def number_at(start: int, index: int) -> int:
    """The number of the card at ``index`` in a row whose left end is ``start``."""
    return (start + index - 1) % NUMBERS + 1


def left_needs(row: Row) -> int:
    """The number a card added on the left end must have (row not empty)."""
    return (row.start - 2) % NUMBERS + 1


def right_needs(row: Row) -> int:
    return (row.start + len(row.cards) - 1) % NUMBERS + 1


def open_ends(row: Row, limit: int = MAX_ROW) -> tuple[int, int] | None:
    """The numbers its (left, right) ends take; (0, 0) while empty; None when ``limit`` is reached."""
    if len(row.cards) >= limit:
        return None
    if not row.cards:
        return 0, 0
    return left_needs(row), right_needs(row)


BOTH, LEFT, RIGHT, NEITHER = (True, False), (True,), (False,), ()


def ends_taking(ends: tuple[int, int] | None, number: int) -> tuple[bool, ...]:
    """The ends (True: left) a card of ``number`` (0: wild) may go on, given ``open_ends``.

    A wild card fits either end of a non-empty row; an empty row takes only a number card."""
    if ends is None:
        return NEITHER
    left, right = ends
    if not left:
        return BOTH if number else NEITHER
    if not number:
        return BOTH
    if number == left:
        return BOTH if number == right else LEFT
    return RIGHT if number == right else NEITHER


def fits(row: Row, card: int, left: bool, limit: int = MAX_ROW) -> bool:
    """Whether ``card`` may go on that end of ``row`` without exceeding ``limit``."""
    return left in ends_taking(open_ends(row, limit), NUMBER[card])


def add(row: Row, card: int, left: bool) -> None:
    """Put ``card`` on an end (``fits`` must hold)."""
    if not row.cards:
        row.start = NUMBER[card]
        row.cards.append(card)
    elif left:
        row.start = left_needs(row)
        row.cards.insert(0, card)
    else:
        row.cards.append(card)


def can_take_end(row: Row, left: bool) -> bool:
    """Whether the end card may leave: the rest must be empty or hold a number card."""
    cards = row.cards
    if len(cards) <= 1 or NUMBER[cards[0] if left else cards[-1]] == 0:
        return True
    if NUMBER[cards[1] if left else cards[-2]]:
        return True  # the new end is a number card
    rest = cards[1:] if left else cards[:-1]
    return not WILD_CARDS.issuperset(rest)


def take_end(row: Row, left: bool) -> int:
    """Remove and return the card at that end (``can_take_end`` must hold)."""
    if left:
        row.start = row.start % NUMBERS + 1
        return row.cards.pop(0)
    return row.cards.pop()


def run_start(cards: list[int]) -> int | None:
    """The left-end number if ``cards`` (row order) form a rainbow, else None.

    A rainbow has 1..12 cards, at least one number card, and every number card
    sits where the numbers run consecutively (wrapping 12 → 1)."""
    if not 0 < len(cards) <= MAX_ROW:
        return None
    start = None
    for index, card in enumerate(cards):
        number = NUMBER[card]
        if number:
            begins = (number - index - 1) % NUMBERS + 1
            if start is None:
                start = begins
            elif begins != start:
                return None
    return start
