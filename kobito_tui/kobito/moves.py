"""Legal Kobito moves for the seat to act: exactly the moves ``rules.apply`` accepts.

Built on the checks ``rules.py`` uses (``rainbow.ends_taking`` behind
``rainbow.fits``, ``rainbow.can_take_end``); open runs are generated rather
than tested with ``rainbow.run_start``; the property tests hold both sides to
the same answers.  Events name cards by their
strings (``cards.NAME``); ends are "left"/"right".
"""

from __future__ import annotations

from itertools import combinations, permutations

from kobito_tui.core.game import Event
from kobito_tui.kobito.cards import KOBITO_CARDS, MAX_ROW, NAME, NUMBER, NUMBERS
from kobito_tui.kobito.rainbow import Row, can_take_end, ends_taking, number_at, open_ends
from kobito_tui.kobito.state import KobitoState, to_act

MAX_WORKSHOP = 4  # the rainbows a workshop holds at most: the one place that says it
ENDS = ((True, "left"), (False, "right"))
END = dict(ENDS)


def _kobito_spots(state: KobitoState, seat: int) -> list[tuple[Row, int, int]]:
    """(row, index, kobito) for every kobito in a pot or in ``seat``'s workshop."""
    spots = []
    for row in [p.row for p in state.pots if p is not None] + state.workshops[seat]:
        if not KOBITO_CARDS.isdisjoint(row.cards):
            spots += [(row, index, card) for index, card in enumerate(row.cards) if card in KOBITO_CARDS]
    return spots


def _hand(hand: list[int]) -> tuple[dict[int, list[int]], list[int]]:
    """The hand as (number → number cards, wild cards)."""
    by_number: dict[int, list[int]] = {}
    wilds: list[int] = []
    for card in hand:
        if NUMBER[card]:
            by_number.setdefault(NUMBER[card], []).append(card)
        else:
            wilds.append(card)
    return by_number, wilds


def _can_open(by_number: dict[int, list[int]], wilds: list[int]) -> bool:
    """A run of two (any longer run holds one) with a number card: a number and a
    wild card, or two numbers in a row."""
    if wilds:
        return bool(by_number)
    return any(n % NUMBERS + 1 in by_number for n in by_number)


Fit = tuple[tuple[str, ...], ...]
"""The ends (by name) a card may go on at one row, indexed by the card's number (0: wild)."""


def _named(ends: tuple[int, int] | None) -> Fit:
    return tuple(tuple(END[left] for left in ends_taking(ends, number)) for number in range(NUMBERS + 1))


FULL = _named(None)
FIT_AT: tuple[tuple[Fit, ...], ...] = tuple(
    tuple(_named(open_ends(Row(start, [0] * count))) for count in range(MAX_ROW + 1)) for start in range(NUMBERS + 1)
)
"""``rainbow.ends_taking`` worked out once for every row below the limit, by its start
number and length (the ends of a row depend on nothing else): see :func:`_fit`."""


def _fit(row: Row, limit: int = MAX_ROW) -> Fit:
    """The ends of ``row`` (holding at most ``limit`` cards) that each card fits:
    ``_fit(row, limit)[NUMBER[card]]`` is ``ends_taking(open_ends(row, limit), NUMBER[card])`` by name."""
    count = len(row.cards)
    return FULL if count >= limit else FIT_AT[row.start][count]


def has_hand_move(state: KobitoState, seat: int) -> bool:
    """Whether ``seat`` has any legal move that plays a card from its hand."""
    hand = state.hands[seat]
    by_number, wilds = _hand(hand)
    workshop = state.workshops[seat]
    if len(workshop) < MAX_WORKSHOP and _can_open(by_number, wilds):
        return True
    fits = _pot_fits(state) + [(None, _fit(row)) for row in workshop]
    if any(fit[NUMBER[card]] for _, fit in fits for card in hand):
        return True
    return any(number_at(row.start, index) in by_number for row, index, _ in _kobito_spots(state, seat))


def _runs(by_number: dict[int, list[int]], wilds: list[int], longest: int) -> list[list[int]]:
    """Every row-ordered run of ≥2 distinct hand cards with a number card, each
    built once: its leading wild cards, its first number card, then the rest."""
    runs: list[list[int]] = []

    def grow(run: list[int], number: int) -> None:
        if len(run) >= 2:
            runs.append(run[:])
        if len(run) == longest:
            return
        for card in by_number.get(number, ()):
            run.append(card)
            grow(run, number % NUMBERS + 1)
            run.pop()
        for card in wilds:
            if card not in run:
                run.append(card)
                grow(run, number % NUMBERS + 1)
                run.pop()

    for count in range(min(len(wilds), longest - 1) + 1):
        for prefix in permutations(wilds, count):
            for number, cards in by_number.items():
                if not wilds and number % NUMBERS + 1 not in by_number:
                    continue  # no run starts with this number
                for card in cards:
                    grow([*prefix, card], number % NUMBERS + 1)
    return runs


def _pot_fits(state: KobitoState) -> list[tuple[int, Fit]]:
    """(slot, fit) for each pot on the table."""
    return [(slot, _fit(pot.row, state.gold_cards[pot.gold].length)) for slot, pot in enumerate(state.pots) if pot]


def legal_moves(state: KobitoState) -> list[Event]:
    seat = to_act(state)
    if seat is None:
        return []
    hand = state.hands[seat]
    workshop = state.workshops[seat]
    by_number, wilds = _hand(hand)
    pots = _pot_fits(state)
    moves: list[Event] = []
    for slot, fit in pots:
        for card in hand:
            for end in fit[NUMBER[card]]:
                moves.append({"type": "play", "seat": seat, "card": NAME[card], "pot": slot, "end": end})
    if len(workshop) < MAX_WORKSHOP and _can_open(by_number, wilds):
        for run in _runs(by_number, wilds, min(MAX_ROW, len(hand))):
            moves.append({"type": "open", "seat": seat, "cards": [NAME[c] for c in run]})
    for index, row in enumerate(workshop):
        fit = _fit(row)
        for card in hand:
            for end in fit[NUMBER[card]]:
                moves.append({"type": "extend", "seat": seat, "card": NAME[card], "rainbow": index, "end": end})
    for row, index, kobito in _kobito_spots(state, seat):
        for card in by_number.get(number_at(row.start, index), ()):
            moves.append({"type": "take-kobito", "seat": seat, "kobito": NAME[kobito], "card": NAME[card]})
    from_hand = bool(moves)
    for index, row in enumerate(workshop):
        for source_left, source in ENDS:
            if can_take_end(row, source_left):
                number = NUMBER[row.cards[0] if source_left else row.cards[-1]]
                for slot, fit in pots:
                    for end in fit[number]:
                        move = {"type": "move", "seat": seat, "rainbow": index, "from": source, "pot": slot, "end": end}
                        moves.append(move)
    short = state.requirement - state.played
    if short <= 0:
        moves.append(_end_turn(seat, ()))
    elif not from_hand:
        moves += [_end_turn(seat, cards) for cards in combinations(hand, min(short, len(hand)))]
    return moves


def _end_turn(seat: int, penalty: tuple[int, ...]) -> Event:
    event: Event = {"type": "end-turn", "seat": seat}
    if penalty:
        event["penalty"] = [NAME[c] for c in penalty]
    return event
