"""Kobito events in words for the log, and events as one seat may know them.

Hidden: the order of the decks, the cards a player draws or gives as
penalty (only that player and the all-seeing ``seat=None`` learn them).
"""

from __future__ import annotations

from kobito_tui.core.game import Event
from kobito_tui.core.words import verb
from kobito_tui.kobito.cards import CARD, NUMBER, card_words
from kobito_tui.kobito.rainbow import number_at
from kobito_tui.kobito.state import KobitoState

POT_LABELS = "ABC"


def _list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _cards(names: list[str]) -> str:
    return _list([card_words(CARD[n]) for n in names])


def _count(n: int, what: str = "card") -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def _size(event: Event, key: str, redacted: str = "count") -> int:
    """How many cards ``key`` lists, also in a redacted event (which keeps only ``redacted``)."""
    return len(event[key]) if key in event else event.get(redacted, 0)


def _wins(state: KobitoState, event: Event) -> str:
    """Words to add when the card about to land completes the pot."""
    pot = state.pots[event["pot"]]
    gold = state.gold_cards[pot.gold]
    return f" and won {gold.value} gold" if len(pot.row.cards) + 1 == gold.length else ""


def _pot_end(event: Event) -> str:
    return f"the {event['end']} end of pot {POT_LABELS[event['pot']]}"


def _placed(state: KobitoState, event: Event, card: int) -> str:
    """The card as it lands: a wild card says which number it stands for."""
    if NUMBER[card]:
        return card_words(card)
    row = state.pots[event["pot"]].row
    index = -1 if event["end"] == "left" else len(row.cards)
    return card_words(card, number_at(row.start, index))


def describe(state: KobitoState, event: Event, seat: int | None) -> str | None:
    kind = event["type"]
    who = state.names[event["seat"]] if "seat" in event else None
    if kind == "setup":
        return f"The decks are shuffled; {state.names[event['first']]} {verb(state.names[event['first']], 'goes')} first."
    if kind == "pot":
        gold = next(g for g in state.gold_cards if g.name == event["gold"])
        start = f"starting with {card_words(CARD[event['start']])}" if event["start"] else "with an empty rainbow"
        return f"Pot {POT_LABELS[event['slot']]}: {gold.value} gold for a rainbow of {gold.length}, {start}."
    if kind == "special-start":
        where = "back into the deck" if state.options["special_start"] == "reshuffle" else "to the discard pile"
        return f"{card_words(CARD[event['card']]).capitalize()} came up as a starting card and went {where}."
    if kind == "reshuffle":
        return f"The discard pile is shuffled into a new deck of {_count(_size(event, 'deck'))}."
    if kind == "draw":
        name = state.names[event["player"]]
        if "cards" in event and (seat is None or seat == event["player"]):
            return f"{name} drew {_cards(event['cards'])}."
        return f"{name} drew {_count(_size(event, 'cards'))}."
    if kind == "play":
        card = CARD[event["card"]]
        return f"{who} played {_placed(state, event, card)} on {_pot_end(event)}{_wins(state, event)}."
    if kind == "open":
        return f"{who} opened a workshop rainbow: {_cards(event['cards'])}."
    if kind == "extend":
        card = card_words(CARD[event["card"]])
        return f"{who} added {card} to the {event['end']} end of workshop rainbow {event['rainbow'] + 1}."
    if kind == "move":
        row = state.workshops[event["seat"]][event["rainbow"]]
        card = row.cards[0] if event["from"] == "left" else row.cards[-1]
        return (
            f"{who} moved {_placed(state, event, card)} from workshop rainbow {event['rainbow'] + 1} "
            f"to {_pot_end(event)}{_wins(state, event)}."
        )
    if kind == "take-kobito":
        return f"{who} took a kobito back, putting {card_words(CARD[event['card']])} in its place."
    if kind == "end-turn":
        penalty = _size(event, "penalty", "penalty_count")
        if not penalty:
            return f"{who} ended the turn."
        shown = f": {_cards(event['penalty'])}" if "penalty" in event and seat in (None, event["seat"]) else ""
        return f"{who} ended the turn with {_count(penalty, 'penalty card')}{shown}."
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
