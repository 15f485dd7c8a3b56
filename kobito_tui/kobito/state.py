"""The mutable state of a Kobito game (cards as ints, see ``cards.py``).

Decks are lists with the *top at the end* (``pop()`` draws); events list
them top first.  ``pending_pots`` are empty places waiting for a new pot;
``owed`` are draws still to make, ``[player, count]`` in order.  While either
is non-empty (or before ``set_up``) chance must act before any seat.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kobito_tui.kobito.cards import GoldCard
from kobito_tui.kobito.rainbow import Row


@dataclass(slots=True)
class Pot:
    gold: int  # index into KobitoState.gold_cards
    row: Row


@dataclass(slots=True)
class KobitoState:
    names: tuple[str, ...]
    options: dict[str, Any]
    gold_cards: tuple[GoldCard, ...]
    deck: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    gold_deck: list[int] = field(default_factory=list)
    pots: list[Pot | None] = field(default_factory=lambda: [None, None, None])
    hands: list[list[int]] = field(default_factory=list)
    workshops: list[list[Row]] = field(default_factory=list)
    won: list[list[int]] = field(default_factory=list)  # gold cards in each score pile
    penalties: list[list[int]] = field(default_factory=list)  # face-down penalty cards
    set_up: bool = False
    pending_pots: list[int] = field(default_factory=list)
    owed: list[list[int]] = field(default_factory=list)
    turn: int = 0
    requirement: int = 1  # fixed at the start of the turn
    played: int = 0  # cards that left the hand this turn (moves 1, 2, 3, 5)
    moved: bool = False  # any move this turn, workshop moves included
    quiet: int = 0  # turns in a row that ended quiet (see rules.end_turn)
    over: bool = False
    left: list[int] = field(default_factory=list)  # the seats whose players left (core.leaving)
    called_off: bool = False  # the players ended the game as it stood (core.leaving)

    @property
    def players(self) -> int:
        return len(self.names)

    def pot(self, slot: int) -> Pot:
        """Pot ``slot``, which must be on the table (as for any legal play or move onto it)."""
        pot = self.pots[slot]
        assert pot is not None, f"no pot in place {slot}"
        return pot

    def copy(self) -> KobitoState:
        return KobitoState(
            self.names,
            self.options,
            self.gold_cards,
            self.deck[:],
            self.discard[:],
            self.gold_deck[:],
            [None if p is None else Pot(p.gold, p.row.copy()) for p in self.pots],
            [h[:] for h in self.hands],
            [[r.copy() for r in w] for w in self.workshops],
            [w[:] for w in self.won],
            [p[:] for p in self.penalties],
            self.set_up,
            self.pending_pots[:],
            [o[:] for o in self.owed],
            self.turn,
            self.requirement,
            self.played,
            self.moved,
            self.quiet,
            self.over,
            self.left[:],
            self.called_off,
        )


def new_state(names: tuple[str, ...], options: dict[str, Any], gold_cards: tuple[GoldCard, ...]) -> KobitoState:
    n = len(names)
    return KobitoState(
        names,
        options,
        gold_cards,
        hands=[[] for _ in range(n)],
        workshops=[[] for _ in range(n)],
        won=[[] for _ in range(n)],
        penalties=[[] for _ in range(n)],
    )


def to_act(state: KobitoState) -> int | None:
    if state.over or not state.set_up or state.pending_pots or state.owed:
        return None
    return state.turn
