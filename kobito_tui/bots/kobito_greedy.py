"""The greedy Kobito bot: the habits of a decent human player.

1. Win a pot whenever some sequence of this turn's moves can fill it (the
   most valuable first); a workshop card is spent before a hand card once the
   requirement is met.
2. Otherwise meet the requirement with the safest plays: take a kobito back,
   extend the own workshop, open a new rainbow while the workshop is small,
   and only then feed a pot, preferring pots left far from full (a pot one or
   two cards short is a gift to the next player).
3. Past the requirement, stop: extra cards on pots only help the others.
4. Penalties, when forced, are the least useful cards: numbers, never wilds.

Everything it reads is the acting seat's hand and the public table.
"""

from __future__ import annotations

import random
from typing import Any

from kobito_tui.core.game import Event, Game, Header
from kobito_tui.kobito.cards import CARD, NUMBER
from kobito_tui.kobito.moves import legal_moves
from kobito_tui.kobito.rules import apply
from kobito_tui.kobito.state import KobitoState

from .kobito_world import completes, determinize, remaining

# Chance that the next player can finish a pot left this many cards short.
GIFT = {1: 0.75, 2: 0.35, 3: 0.1}
FINISH_DEPTH = 3  # longest sequence of moves searched to finish one pot


def finishing_moves(state: KobitoState, slot: int, legal: list[Event] | None = None, depth: int = FINISH_DEPTH) -> list[Event] | None:
    """Moves of this turn (onto pot ``slot`` only) that win it, or None
    (``legal``: the legal moves now, if known)."""
    short = remaining(state, slot)
    if short is None or short > depth:
        return None
    tried = set()
    for move in legal_moves(state) if legal is None else legal:
        if move["type"] not in ("play", "move") or move["pot"] != slot:
            continue
        if completes(state, move):
            return [move]
        key = (move.get("card"), move.get("rainbow"), move.get("from"), move["end"])
        if short == 1 or key in tried:
            continue
        tried.add(key)
        after = state.copy()
        apply(after, move)
        rest = finishing_moves(after, slot, depth=short - 1)
        if rest:
            return [move, *rest]
    return None


def safety(state: KobitoState, move: Event) -> float:
    """How good a non-winning move is for meeting the requirement (higher is better)."""
    kind = move["type"]
    if kind == "take-kobito":
        return 3.0
    if kind == "extend":
        return 2.0
    if kind == "open":
        crowded = len(state.workshops[state.turn]) >= 2
        return 1.5 + 0.2 * len(move["cards"]) - 2.0 * crowded
    if kind == "play":
        pot = state.pot(move["pot"])
        short = state.gold_cards[pot.gold].length - len(pot.row.cards) - 1
        return 1.0 - state.gold_cards[pot.gold].value * GIFT.get(short, 0.02)
    if kind == "move":
        return -20.0  # never needed, and it brings a pot closer for the next player
    return -100.0  # a penalty; only legal when nothing else is


def penalty_cost(move: Event) -> int:
    """How much the cards given as penalty would have been worth to keep."""
    return sum(10 if not NUMBER[CARD[name]] else 1 for name in move.get("penalty", ()))


def finishing_move(state: KobitoState, legal: list[Event]) -> Event | None:
    """The first move of the best way to win a pot this turn (the most valuable,
    then the shortest), or None; a workshop card is spent before a hand card once
    the requirement is met."""
    plans = []
    for slot, pot in enumerate(state.pots):
        plan = finishing_moves(state, slot, legal) if pot is not None else None
        if plan and pot is not None:
            plans.append((state.gold_cards[pot.gold].value, -len(plan), slot, plan))
    if not plans:
        return None
    plan = max(plans)[3]
    first = plan[0]
    if len(plan) == 1 and state.played >= state.requirement:
        spare = [m for m in legal if m["type"] == "move" and m["pot"] == first["pot"] and completes(state, m)]
        first = spare[0] if spare else first
    return first


def greedy_move(state: KobitoState, legal: list[Event], rng: random.Random) -> Event:
    """The greedy choice for the seat to act in ``state`` (its own hand and the table only)."""
    if len(legal) == 1:
        return legal[0]
    finish = finishing_move(state, legal)
    if finish is not None:
        return finish
    met = state.played >= state.requirement
    ends = [m for m in legal if m["type"] == "end-turn"]
    if met:
        kobitos = [m for m in legal if m["type"] == "take-kobito"]
        return kobitos[0] if kobitos else ends[0]
    if ends:  # short of the requirement with no card to play: penalties are due
        return min(ends, key=lambda m: (penalty_cost(m), rng.random()))
    return max(legal, key=lambda m: (safety(state, m), rng.random()))


class GreedyBot:
    """:func:`greedy_move` on a state rebuilt from the view (unseen cards dealt
    at random: the choice never depends on them)."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, game: Game, header: Header, view: Any, legal: list[Event], history: list[Event]) -> Event:
        state = determinize(view, history, self.rng)
        choice = greedy_move(state, legal, self.rng)
        return next(move for move in legal if move == choice)
