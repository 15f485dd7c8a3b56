"""What one seat may see of a Kobito game: frozen dataclasses for the UI and bots.

Built by :func:`kobito_tui.kobito.GAME.view`.  A seat's view holds its own hand
and everything public (pots, workshops, counts); ``seat=None`` is the
all-seeing view for replays and tests (``hands`` filled, ``hand`` None).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kobito_tui.core.game import Result


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
    hand: tuple[CardView, ...] | None  # own hand; None for seat None
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
    penalty_due: int  # penalty cards the acting seat must take to end now (0 if none)
    over: bool
    result: Result | None
    options: dict[str, Any]
