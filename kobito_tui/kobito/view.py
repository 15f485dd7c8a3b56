"""What one seat may see of a Kobito game: frozen dataclasses for the UI and bots.

Built by :func:`kobito_tui.kobito.GAME.view`.  A seat's view holds its own hand
and everything public (pots, workshops, counts); ``SPECTATOR`` sees only what
is public (no hand); ``seat=None`` is the all-seeing view for replays and tests
(``hands`` filled, ``hand`` None).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kobito_tui.core.game import SPECTATOR, Result, plain_options
from kobito_tui.kobito.cards import KIND, NAME, NUMBER
from kobito_tui.kobito.rainbow import Row, left_needs, number_at, right_needs
from kobito_tui.kobito.rules import penalty_due
from kobito_tui.kobito.scoring import gold_values, result, scores
from kobito_tui.kobito.state import KobitoState, to_act


@dataclass(frozen=True)
class CardView:
    """One rainbow card: ``number`` is its printed number, or for a wild card
    (``kind`` "kobito" | "paint") the number it stands for in its row (None in a hand)."""

    id: str
    number: int | None
    kind: str  # "number" | "kobito" | "paint"

    @property
    def wild(self) -> bool:
        return self.kind != "number"


@dataclass(frozen=True)
class PotView:
    """A pot: its gold card and its rainbow in row order.

    ``left_needs`` / ``right_needs``: the number a card must have (or stand for)
    to go on that end; None while the rainbow is empty (any number card starts it)."""

    slot: int
    gold: str  # gold card id, e.g. "G5-4a"
    length: int  # required length
    value: int  # gold value
    cards: tuple[CardView, ...]
    left_needs: int | None
    right_needs: int | None

    @property
    def label(self) -> str:
        return "ABC"[self.slot]


@dataclass(frozen=True)
class KobitoView:
    """The table as ``seat`` sees it (``seat`` None: everything)."""

    seat: int | None
    names: tuple[str, ...]
    to_act: int | None  # the seat that must move now (None while chance is pending or over)
    turn: int  # whose turn it is (also while a draw or a new pot is pending)
    hand: tuple[CardView, ...] | None  # own hand; None for seat None and SPECTATOR
    hands: tuple[tuple[CardView, ...], ...] | None  # every hand, only for seat None
    hand_sizes: tuple[int, ...]
    pots: tuple[PotView | None, ...]  # 3 places; None for an empty place
    workshops: tuple[tuple[tuple[CardView, ...], ...], ...]  # per seat: rainbows in row order
    gold: tuple[tuple[int, ...], ...]  # per seat: gold values won
    penalties: tuple[int, ...]  # per seat: penalty cards (face down, count only)
    scores: tuple[int, ...]  # per seat: gold − 3 × penalties
    deck_count: int
    discard_count: int
    gold_left: int  # gold cards still in the gold deck
    requirement: int  # cards the player on turn must play this turn
    played: int  # cards played so far this turn
    # Penalty cards the acting seat must take to end now (0 if none); None for
    # any other seat: it would tell whether the acting seat can still play from its hand.
    penalty_due: int | None
    over: bool
    result: Result | None
    options: dict[str, Any]


def _card(card: int, number: int | None = None) -> CardView:
    return CardView(NAME[card], NUMBER[card] or number, KIND[card])


def _row(row: Row) -> tuple[CardView, ...]:
    return tuple(_card(c, number_at(row.start, i)) for i, c in enumerate(row.cards))


def _hand(hand: list[int]) -> tuple[CardView, ...]:
    return tuple(_card(c) for c in hand)


def _pot(state: KobitoState, slot: int) -> PotView | None:
    pot = state.pots[slot]
    if pot is None:
        return None
    gold = state.gold_cards[pot.gold]
    row = pot.row
    empty = not row.cards
    return PotView(
        slot,
        gold.name,
        gold.length,
        gold.value,
        _row(row),
        None if empty else left_needs(row),
        None if empty else right_needs(row),
    )


def make_view(state: KobitoState, seat: int | None) -> KobitoView:
    acting = to_act(state)
    due = (penalty_due(state, acting) or 0) if acting is not None and seat in (None, acting) else None
    return KobitoView(
        seat=seat,
        names=state.names,
        to_act=acting,
        turn=state.turn,
        hand=None if seat is None or seat == SPECTATOR else _hand(state.hands[seat]),
        hands=tuple(_hand(h) for h in state.hands) if seat is None else None,
        hand_sizes=tuple(len(h) for h in state.hands),
        pots=tuple(_pot(state, slot) for slot in range(len(state.pots))),
        workshops=tuple(tuple(_row(r) for r in w) for w in state.workshops),
        gold=tuple(gold_values(state, s) for s in range(state.players)),
        penalties=tuple(len(p) for p in state.penalties),
        scores=tuple(scores(state)),
        deck_count=len(state.deck),
        discard_count=len(state.discard),
        gold_left=len(state.gold_deck),
        requirement=state.requirement,
        played=state.played,
        penalty_due=due,
        over=state.over,
        result=result(state),
        options=plain_options(state.options),
    )
