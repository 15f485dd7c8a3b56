"""Kobito events as log messages, and events as one seat may know them.

Hidden: the order of the decks, the cards a player draws or gives as
penalty (only that player and the all-seeing ``seat=None`` learn them).
A message names cards by name ("7a", "K2") and a wild card in a row with the
number it stands for (``"as"``); ``kobito_tui.i18n.messages`` words them.
"""

from __future__ import annotations

from typing import Any

from kobito_tui.core.game import Event
from kobito_tui.core.message import Message
from kobito_tui.kobito.cards import CARD, NAME, NUMBER
from kobito_tui.kobito.options import SpecialStart
from kobito_tui.kobito.rainbow import number_at
from kobito_tui.kobito.state import KobitoState


def _size(event: Event, key: str, redacted: str = "count") -> int:
    """How many cards ``key`` lists, also in a redacted event (which keeps only ``redacted``)."""
    return len(event[key]) if key in event else event.get(redacted, 0)


def _won(state: KobitoState, event: Event) -> int | None:
    """The gold won when the card about to land completes the pot, else None."""
    pot = state.pot(event["pot"])
    gold = state.gold_cards[pot.gold]
    return gold.value if len(pot.row.cards) + 1 == gold.length else None


def _landing(state: KobitoState, event: Event, card: int) -> dict[str, Any]:
    """The card as it lands on a pot: a wild card with the number it stands for, and the gold won."""
    row = state.pot(event["pot"]).row
    index = -1 if event["end"] == "left" else len(row.cards)
    stands_for = None if NUMBER[card] else number_at(row.start, index)
    return {"card": NAME[card], "as": stands_for, "pot": event["pot"], "end": event["end"], "gold": _won(state, event)}


def describe(state: KobitoState, event: Event, seat: int | None) -> Message | None:
    kind = event["type"]
    if kind == "setup":
        return Message("kobito.setup", {"first": event["first"]})
    if kind == "pot":
        gold = next(g for g in state.gold_cards if g.name == event["gold"])
        return Message("kobito.pot", {"slot": event["slot"], "gold": gold.value, "length": gold.length, "start": event["start"]})
    if kind == "special-start":
        into_deck = state.options["special_start"] == SpecialStart.RESHUFFLE
        return Message("kobito.special-start", {"card": event["card"], "into_deck": into_deck})
    if kind == "reshuffle":
        return Message("kobito.reshuffle", {"count": _size(event, "deck")})
    if kind == "draw":
        player = event["player"]
        if "cards" in event and (seat is None or seat == player):
            return Message("kobito.drew-cards", {"player": player, "cards": list(event["cards"])})
        return Message("kobito.drew", {"player": player, "count": _size(event, "cards")})
    who = {"seat": event["seat"]}
    if kind == "play":
        return Message("kobito.play", who | _landing(state, event, CARD[event["card"]]))
    if kind == "open":
        return Message("kobito.open", who | {"cards": list(event["cards"])})
    if kind == "extend":
        return Message("kobito.extend", who | {k: event[k] for k in ("card", "rainbow", "end")})
    if kind == "move":
        row = state.workshops[event["seat"]][event["rainbow"]]
        card = row.cards[0] if event["from"] == "left" else row.cards[-1]
        return Message("kobito.move", who | {"rainbow": event["rainbow"]} | _landing(state, event, card))
    if kind == "take-kobito":
        return Message("kobito.take-kobito", who | {"card": event["card"]})
    if kind == "end-turn":
        penalty = _size(event, "penalty", "penalty_count")
        if "penalty" in event and seat in (None, event["seat"]):
            return Message("kobito.end-turn", who | {"count": penalty, "penalty": list(event["penalty"])})
        return Message("kobito.end-turn", who | {"count": penalty})
    return None


def redact(event: Event, seat: int | None) -> Event:
    """``event`` without what ``seat`` may not know (None: unchanged)."""
    if seat is None:
        return event
    kind = event.get("type")
    if kind == "setup":
        return {"type": "setup", "first": event["first"]}
    if kind == "reshuffle":
        return {"type": "reshuffle", "count": len(event["deck"])}
    if kind == "special-start" and "depth" in event:
        return {k: v for k, v in event.items() if k != "depth"}
    if kind == "draw" and event["player"] != seat:
        return {"type": "draw", "player": event["player"], "count": len(event["cards"])}
    if kind == "end-turn" and "penalty" in event and event["seat"] != seat:
        return {**{k: v for k, v in event.items() if k != "penalty"}, "penalty_count": len(event["penalty"])}
    return event
