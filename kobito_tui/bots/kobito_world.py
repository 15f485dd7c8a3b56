"""Kobito as a bot may imagine it: full game states consistent with one seat's
view (determinizations), and the move facts the bots reason with.

A determinization keeps everything the seat sees (its hand, pots, workshops,
counts, scores) and deals the cards it has not seen — the other hands, the
face-down penalty cards and the deck — from the cards it cannot account for,
using what the public history tells (``kobito_evidence``): the discard pile
is known card by card, a kobito taken back is in its taker's hand, a player
who took penalties held only cards that fitted nowhere then, so the cards it
gave and the ones it still keeps are dealt from those, and the cards a player
kept beside a pot one card would win are dealt from those that do not win it.  The seat's
own penalty cards are known from its history.  Beyond that the deal is
uniform.
"""

from __future__ import annotations

import random
from typing import Any

from kobito_tui.core.game import Event
from kobito_tui.kobito.cards import CARD, CARD_COUNT, NUMBER, gold_cards, is_kobito
from kobito_tui.kobito.options import gold_table
from kobito_tui.kobito.rainbow import Row
from kobito_tui.kobito.state import KobitoState, Pot
from kobito_tui.kobito.view import CardView

from .kobito_evidence import Evidence, Misfit, gather


def _row(cards: tuple[CardView, ...]) -> Row:
    return Row((cards[0].number or 0) if cards else 0, [CARD[c.id] for c in cards])


def own_penalties(history: list[Event], seat: int) -> list[int]:
    """The penalty cards ``seat`` gave (its own are in its history by name)."""
    return [
        CARD[name]
        for event in history
        if event.get("type") == "end-turn" and event.get("seat") == seat
        for name in event.get("penalty", ())
    ]


def _pick(pool: list[int], count: int, misfit: Misfit | None, held: list[int]) -> list[int]:
    """Take ``count`` cards from the (shuffled) ``pool``: ones ``misfit`` allows
    alongside ``held`` while there are such, then any."""
    picked: list[int] = []
    if misfit is not None:
        for card in pool:
            if len(picked) == count:
                break
            if misfit.allows(card, held + picked):
                picked.append(card)
        for card in picked:
            pool.remove(card)
    while len(picked) < count and pool:
        picked.append(pool.pop())
    return picked


class World:
    """Determinizations of one seat's view: what is fixed is worked out once,
    each :meth:`deal` shuffles only what the seat cannot know."""

    def __init__(self, view: Any, history: list[Event]):
        self.view = view
        seat = self.seat = view.seat
        self.golds = gold_cards(gold_table(view.options["gold_table"]))
        gold_index = {g.name: i for i, g in enumerate(self.golds)}
        self.pots = [None if p is None else Pot(gold_index[p.gold], _row(p.cards)) for p in view.pots]
        self.workshops = [[_row(r) for r in w] for w in view.workshops]
        self.hand = [CARD[c.id] for c in view.hand]
        self.mine = own_penalties(history, seat)[: view.penalties[seat]]
        seen = set(self.hand) | set(self.mine)
        for row in [p.row for p in self.pots if p is not None] + [r for w in self.workshops for r in w]:
            seen.update(row.cards)
        self.evidence = _trusted(gather(self.golds, view.options, len(view.names), history), view, seen)
        seen.update(self.evidence.discard)
        for cards in self.evidence.known_in_hand:
            seen.update(cards)
        self.pool = [c for c in range(CARD_COUNT) if c not in seen]
        self.won = self._won(gold_index)

    def _won(self, gold_index: dict[str, int]) -> tuple[list[list[int]], list[int]]:
        """Gold cards won (known by value only: any card of that value will do), and the rest."""
        free = [i for i in range(len(self.golds)) if i not in {p.gold for p in self.pots if p is not None}]
        won = []
        for values in self.view.gold:
            taken = []
            for value in values:
                index = next(i for i in free if self.golds[i].value == value)
                free.remove(index)
                taken.append(index)
            won.append(taken)
        return won, free

    def deal(self, rng: random.Random) -> KobitoState:
        """One full state that agrees with the view and the evidence."""
        view, evidence, seat = self.view, self.evidence, self.seat
        pool = self.pool[:]
        rng.shuffle(pool)
        players = len(view.names)
        hands: list[list[int]] = []
        penalties: list[list[int]] = []
        for s in range(players):
            if s == seat:
                hands.append(self.hand[:])
                penalties.append(self.mine + _pick(pool, view.penalties[s] - len(self.mine), None, []))
                continue
            last = evidence.last_turn[s]
            kept = _pick(pool, last.still_held, last.misfit, []) if last else []
            given: list[int] = []
            for penalty in reversed(evidence.penalties[s]):  # the most recent (most binding) first
                given = _pick(pool, penalty.given, penalty.misfit, kept if penalty is last else []) + given
            hand = evidence.known_in_hand[s] + kept
            hands.append(hand + _pick(pool, view.hand_sizes[s] - len(hand), None, []))
            penalties.append(given + _pick(pool, view.penalties[s] - len(given), None, []))
        discard = evidence.discard[:] or _pick(pool, view.discard_count, None, [])
        won, free = self.won
        free = free[:]
        rng.shuffle(free)
        return KobitoState(
            names=view.names,
            options=view.options,
            gold_cards=self.golds,
            deck=pool,  # whatever is left (equal to view.deck_count when the view is consistent)
            discard=discard,
            gold_deck=free[: view.gold_left],
            pots=[None if p is None else Pot(p.gold, p.row.copy()) for p in self.pots],
            hands=hands,
            workshops=[[r.copy() for r in w] for w in self.workshops],
            won=[w[:] for w in won],
            penalties=penalties,
            set_up=True,
            turn=view.turn,
            requirement=view.requirement,
            played=view.played,
            moved=view.played > 0,
        )


def _trusted(evidence: Evidence, view: Any, seen: set[int]) -> Evidence:
    """``evidence``, with any part that disagrees with the view dropped (it then
    plays no part in the deal, as if never gathered)."""
    if len(evidence.discard) != view.discard_count or seen.intersection(evidence.discard):
        evidence.discard = []
    for s, cards in enumerate(evidence.known_in_hand):
        if s == view.seat or len(cards) > view.hand_sizes[s] or seen.intersection(cards):
            evidence.known_in_hand[s] = []
    for s, penalties in enumerate(evidence.penalties):
        if s == view.seat or sum(p.given for p in penalties) != view.penalties[s]:
            evidence.penalties[s] = []
            evidence.last_turn[s] = None
    return evidence


def determinize(view: Any, history: list[Event], rng: random.Random) -> KobitoState:
    """A full state that agrees with ``view`` (a seat's :class:`KobitoView`) and its history."""
    return World(view, history).deal(rng)


def card_class(name: str) -> str:
    """Cards that play alike: a number ("7"), any kobito ("K") or any paint card ("P")."""
    card = CARD[name]
    return str(NUMBER[card]) if NUMBER[card] else "K" if is_kobito(card) else "P"


# A move with its cards replaced by their classes (see ``move_key``).
MoveKey = tuple[tuple[str, Any], ...]


def move_key(move: Event) -> MoveKey:
    """A move with its cards replaced by their classes: moves with equal keys
    are interchangeable, whoever holds which copy."""
    key: list[tuple[str, Any]] = []
    for name, value in move.items():
        if name in ("card", "kobito"):
            value = card_class(value)
        elif isinstance(value, list):
            value = tuple(card_class(v) for v in value)
        key.append((name, value))
    return tuple(key)


def completes(state: KobitoState, move: Event) -> bool:
    """Whether ``move`` wins a pot (it fills the pot's rainbow to its length)."""
    if move["type"] not in ("play", "move"):
        return False
    pot = state.pot(move["pot"])
    return len(pot.row.cards) + 1 == state.gold_cards[pot.gold].length


def remaining(state: KobitoState, slot: int) -> int | None:
    """Cards pot ``slot`` still needs, or None for an empty place."""
    pot = state.pots[slot]
    return None if pot is None else state.gold_cards[pot.gold].length - len(pot.row.cards)
