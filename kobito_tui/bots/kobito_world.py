"""Kobito as a bot may imagine it: full game states consistent with one seat's
view (determinizations), and the move facts the bots reason with.

A determinization keeps everything the seat sees (its hand, pots, workshops,
counts, scores) and deals the cards it has not seen — the other hands, the
face-down penalty cards, the deck and the discard pile — at random from the
cards it cannot account for.  The seat's own penalty cards are known from its
history and left out of that pool.

Simplifications: the pool is dealt uniformly, so two things a sharp player
could remember are not used — which cards went to the discard pile with the
pots won since the last reshuffle, and which cards an opponent showed it
lacked when it took a penalty (no card of its hand fitted anywhere).
"""

from __future__ import annotations

import random
from typing import Any

from kobito_tui.core.game import Event
from kobito_tui.kobito.cards import CARD, CARD_COUNT, NUMBER, gold_cards, is_kobito
from kobito_tui.kobito.options import gold_table
from kobito_tui.kobito.rainbow import Row
from kobito_tui.kobito.state import KobitoState, Pot


def _row(cards: tuple) -> Row:
    return Row(cards[0].number if cards else 0, [CARD[c.id] for c in cards])


def own_penalties(history: list[Event], seat: int) -> list[int]:
    """The penalty cards ``seat`` gave (its own are in its history by name)."""
    return [
        CARD[name]
        for event in history
        if event.get("type") == "end-turn" and event.get("seat") == seat
        for name in event.get("penalty", ())
    ]


def determinize(view: Any, history: list[Event], rng: random.Random) -> KobitoState:
    """A full state that agrees with ``view`` (a seat's :class:`KobitoView`)."""
    seat = view.seat
    golds = gold_cards(gold_table(view.options["gold_table"]))
    gold_index = {g.name: i for i, g in enumerate(golds)}
    pots = [None if p is None else Pot(gold_index[p.gold], _row(p.cards)) for p in view.pots]
    workshops = [[_row(r) for r in w] for w in view.workshops]
    hand = [CARD[c.id] for c in view.hand]
    mine = own_penalties(history, seat)[: view.penalties[seat]]
    seen = set(hand) | set(mine)
    for row in [p.row for p in pots if p is not None] + [r for w in workshops for r in w]:
        seen.update(row.cards)
    pool = [c for c in range(CARD_COUNT) if c not in seen]
    rng.shuffle(pool)
    players = len(view.names)

    def deal(count: int) -> list[int]:
        cards = pool[-count:] if count else []
        del pool[len(pool) - len(cards):]
        return cards

    hands = [hand if s == seat else deal(view.hand_sizes[s]) for s in range(players)]
    penalties = [mine + deal(view.penalties[s] - len(mine)) if s == seat else deal(view.penalties[s]) for s in range(players)]
    discard = deal(view.discard_count)
    deck = pool  # whatever is left (equal to view.deck_count when the view is consistent)
    # Gold: the won cards are known by value only; any card of that value will do.
    free = [i for i in range(len(golds)) if i not in {p.gold for p in pots if p is not None}]
    won = []
    for values in view.gold:
        taken = []
        for value in values:
            index = next(i for i in free if golds[i].value == value)
            free.remove(index)
            taken.append(index)
        won.append(taken)
    rng.shuffle(free)
    return KobitoState(
        names=view.names,
        options=view.options,
        gold_cards=golds,
        deck=deck,
        discard=discard,
        gold_deck=free[: view.gold_left],
        pots=pots,
        hands=hands,
        workshops=workshops,
        won=won,
        penalties=penalties,
        set_up=True,
        turn=view.turn,
        requirement=view.requirement,
        played=view.played,
        moved=view.played > 0,
    )


def card_class(name: str) -> str:
    """Cards that play alike: a number ("7"), any kobito ("K") or any paint card ("P")."""
    card = CARD[name]
    return str(NUMBER[card]) if NUMBER[card] else "K" if is_kobito(card) else "P"


def move_key(move: Event) -> tuple:
    """A move with its cards replaced by their classes: moves with equal keys
    are interchangeable, whoever holds which copy."""
    key = []
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
    pot = state.pots[move["pot"]]
    return len(pot.row.cards) + 1 == state.gold_cards[pot.gold].length


def remaining(state: KobitoState, slot: int) -> int | None:
    """Cards pot ``slot`` still needs, or None for an empty place."""
    pot = state.pots[slot]
    return None if pot is None else state.gold_cards[pot.gold].length - len(pot.row.cards)
