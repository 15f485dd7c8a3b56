"""The chance events Kobito's rules need next, drawn with ``rng``.

Only ``chance`` calls the RNG; ``rules.apply`` checks each event against the
state (a draw must be the deck top, a reshuffle a permutation, ...).
"""

from __future__ import annotations

import random

from kobito_tui.core.game import Event
from kobito_tui.kobito.cards import CARD_COUNT, NAME
from kobito_tui.kobito.options import FirstPlayer, SpecialStart
from kobito_tui.kobito.rules import start_step
from kobito_tui.kobito.state import KobitoState


def _shuffled(cards: list[int], rng: random.Random) -> list[str]:
    names = [NAME[c] for c in cards]
    rng.shuffle(names)
    return names


def chance(state: KobitoState, rng: random.Random) -> Event | None:
    if state.over:
        return None
    if not state.set_up:
        first = state.options["first_player"]
        golds = [g.name for g in state.gold_cards]
        rng.shuffle(golds)
        return {
            "type": "setup",
            "deck": _shuffled(list(range(CARD_COUNT)), rng),
            "gold": golds,
            "first": rng.randrange(state.players) if first == FirstPlayer.RANDOM else first,
        }
    if state.pending_pots:
        return _pot_step(state, rng)
    if state.owed:
        player, count = state.owed[0]
        if not state.deck:
            return {"type": "reshuffle", "deck": _shuffled(state.discard, rng)}
        drawn = state.deck[: -min(count, len(state.deck)) - 1 : -1]
        return {"type": "draw", "player": player, "cards": [NAME[c] for c in drawn]}
    return None


def _pot_step(state: KobitoState, rng: random.Random) -> Event:
    slot = state.pending_pots[0]
    gold = state.gold_cards[state.gold_deck[-1]].name
    step = start_step(state)
    if step == "pot":
        return {"type": "pot", "slot": slot, "gold": gold, "start": NAME[state.deck[-1]]}
    if step == "empty":
        return {"type": "pot", "slot": slot, "gold": gold, "start": None}
    if step == "reshuffle":
        return {"type": "reshuffle", "deck": _shuffled(state.deck + state.discard, rng)}
    event: Event = {"type": "special-start", "card": NAME[state.deck[-1]]}
    if state.options["special_start"] == SpecialStart.RESHUFFLE:
        event["depth"] = rng.randint(1, len(state.deck) - 1)
    return event
