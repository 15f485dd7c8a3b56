"""Applying Kobito events: every check first, then the change, in place.

Decisions where RULES.md is silent (also enforced by ``moves.py``):

* A pot's starting card: :func:`start_step` says what chance must do next —
  lay the pot (deck top is a number card), handle a special top card
  (``special_start``), shuffle the discard pile in, or, with no number card
  left in deck or discard, lay the pot with an *empty* rainbow that only a
  number card can start (played or moved from a workshop).  A special card
  put back into the deck goes ``depth`` ≥ 1 cards down, never straight back
  on top, so laying a pot always makes progress.
* Moving a workshop end card that would leave only wild cards in that
  rainbow is refused (every rainbow keeps a number card); a rainbow holds at
  most 12 cards; a one-card workshop rainbow's card may be taken from either
  end; a workshop rainbow that becomes empty is gone (later ones move up).
* The game ends at once when a pot is won while the gold deck is empty (with
  18 gold cards: the 16th pot), so a place never stays empty in play.
* Ending a turn: with ``played >= requirement`` always, with no penalty.
  Otherwise only when no move from the hand is legal (workshop moves do not
  count), giving exactly ``min(requirement − played, hand size)`` cards, listed in
  the order they stand in the hand (as ``legal_moves`` lists them: a save has one form).
* Stalemate (deck and discard pile empty): with the option on, the game ends
  after every player in a row ended a turn without playing a card; with it
  off, after every player in a row ended a turn without playing or moving any
  card (otherwise such a game could never end).  A turn that draws nothing
  counts like one with both piles empty: with ``refill`` "as-played" every
  hand can run empty while the deck still holds cards, and nothing would
  ever change again.
* Drawing with ``refill`` "as-played": penalty cards count as played (seed
  000: they are the cards the player could not play), else a player whose
  hand ran empty would never draw again and the game could not end.
* Drawing: a draw takes what the deck holds, the discard pile is shuffled in
  (a "reshuffle" event) and the draw goes on; with both empty, nothing more
  is drawn.
"""

from __future__ import annotations

from typing import Any

from kobito_tui.core.game import Event, IllegalEvent
from kobito_tui.kobito.cards import CARD, CARD_COUNT, NAME, NUMBER, is_kobito
from kobito_tui.kobito.moves import MAX_WORKSHOP, has_hand_move
from kobito_tui.kobito.options import FirstPlayer, Refill, SpecialStart
from kobito_tui.kobito.rainbow import Row, add, can_take_end, fits, number_at, run_start, take_end
from kobito_tui.kobito.state import KobitoState, Pot, to_act

HAND_SIZE = 5
POTS = 3


# --- reading events ---------------------------------------------------------


def _int(event: Event, key: str, stop: int, what: str) -> int:
    value = event.get(key)
    if type(value) is not int or not 0 <= value < stop:
        raise IllegalEvent("kobito.bad-number", field=what, last=stop - 1, value=value)
    return value


def _card(event: Event, key: str = "card") -> int:
    name = event.get(key)
    card = CARD.get(name) if isinstance(name, str) else None
    if card is None:
        raise IllegalEvent("kobito.not-a-card", value=name)
    return card


def _cards(event: Event, key: str) -> list[int]:
    names = event.get(key)
    if not isinstance(names, list):
        raise IllegalEvent("kobito.not-a-list", field=key)
    cards = [card for card in (CARD.get(n) if isinstance(n, str) else None for n in names) if card is not None]
    if len(cards) != len(names):
        raise IllegalEvent("kobito.not-all-cards", field=key)
    if len(set(cards)) != len(cards):
        raise IllegalEvent("kobito.card-twice", field=key)
    return cards


def _left(event: Event, key: str = "end") -> bool:
    end: object = event.get(key)
    if end not in ("left", "right"):
        raise IllegalEvent("kobito.bad-end", field=key, value=end)
    return end == "left"


def _from_hand(hand: list[int], cards: list[int]) -> None:
    for card in cards:
        if card not in hand:
            raise IllegalEvent("kobito.not-in-hand", card=NAME[card])


def _pot(state: KobitoState, event: Event) -> Pot:
    pot = state.pots[_int(event, "pot", POTS, "pot")]
    if pot is None:
        raise IllegalEvent("kobito.no-pot-there")
    return pot


def _workshop_row(state: KobitoState, seat: int, event: Event) -> Row:
    rows = state.workshops[seat]
    if not rows:
        raise IllegalEvent("kobito.workshop-empty")
    return rows[_int(event, "rainbow", len(rows), "rainbow")]


# --- chance -------------------------------------------------------------------


def start_step(state: KobitoState) -> str:
    """What laying the next pot needs: "pot", "special", "reshuffle" or "empty"."""
    deck = state.deck
    if deck and NUMBER[deck[-1]]:
        return "pot"
    discard_has_number = any(NUMBER[c] for c in state.discard)
    if state.options["special_start"] == SpecialStart.DISCARD:
        if deck:
            return "special"
        return "reshuffle" if discard_has_number else "empty"
    if deck and any(NUMBER[c] for c in deck):
        return "special"
    return "reshuffle" if discard_has_number else "empty"


def _setup(state: KobitoState, event: Event) -> None:
    if state.set_up:
        raise IllegalEvent("game.set-up-already")
    deck = _cards(event, "deck")
    if len(deck) != CARD_COUNT:
        raise IllegalEvent("kobito.whole-deck", count=CARD_COUNT)
    golds = event.get("gold")
    index = {g.name: i for i, g in enumerate(state.gold_cards)}
    if not isinstance(golds, list) or not all(isinstance(g, str) for g in golds) or sorted(golds) != sorted(index):
        raise IllegalEvent("kobito.whole-gold-deck", count=len(index))
    first = _int(event, "first", state.players, "first player")
    if state.options["first_player"] not in (FirstPlayer.RANDOM, first):
        raise IllegalEvent("game.first-player", seat=state.options["first_player"])
    state.deck = deck[::-1]
    state.gold_deck = [index[g] for g in reversed(golds)]
    state.turn = first
    state.pending_pots = list(range(POTS))
    state.owed = [[p, HAND_SIZE] for p in range(state.players)]
    state.set_up = True


def _lay_pot(state: KobitoState, event: Event) -> None:
    if not state.pending_pots:
        raise IllegalEvent("kobito.no-pot-waiting")
    slot = state.pending_pots[0]
    if _int(event, "slot", POTS, "slot") != slot:
        raise IllegalEvent("kobito.next-pot", slot=slot)
    gold = state.gold_cards[state.gold_deck[-1]].name
    if event.get("gold") != gold:
        raise IllegalEvent("kobito.gold-on-top")
    step = start_step(state)
    if step == "pot":
        if event.get("start") != NAME[state.deck[-1]]:
            raise IllegalEvent("kobito.start-on-top")
        card = state.deck.pop()
        row = Row(NUMBER[card], [card])
    elif step == "empty":
        if event.get("start") is not None:
            raise IllegalEvent("kobito.start-empty")
        row = Row()
    else:
        raise IllegalEvent("kobito.start-needs", step=step)
    state.pots[slot] = Pot(state.gold_deck.pop(), row)
    state.pending_pots.pop(0)


def _special_start(state: KobitoState, event: Event) -> None:
    if not state.pending_pots or start_step(state) != "special":
        raise IllegalEvent("kobito.no-special")
    card = _card(event)
    if card != state.deck[-1]:
        raise IllegalEvent("kobito.special-on-top")
    if state.options["special_start"] == SpecialStart.DISCARD:
        if "depth" in event:
            raise IllegalEvent("kobito.special-to-discard")
        state.discard.append(state.deck.pop())
        return
    depth = event.get("depth")
    rest = len(state.deck) - 1
    if type(depth) is not int or not 1 <= depth <= rest:
        raise IllegalEvent("kobito.bad-depth", last=rest)
    state.deck.insert(rest - depth, state.deck.pop())


def _reshuffle(state: KobitoState, event: Event) -> None:
    if state.pending_pots:
        needed = start_step(state) == "reshuffle"
    else:
        needed = bool(state.owed) and not state.deck and bool(state.discard)
    if not needed:
        raise IllegalEvent("kobito.no-reshuffle")
    deck = _cards(event, "deck")
    if sorted(deck) != sorted(state.deck + state.discard):
        raise IllegalEvent("kobito.reshuffle-cards")
    state.deck = deck[::-1]
    state.discard = []


def _draw(state: KobitoState, event: Event) -> None:
    if state.pending_pots or not state.owed:
        raise IllegalEvent("kobito.no-draw")
    player, count = state.owed[0]
    if _int(event, "player", state.players, "player") != player:
        raise IllegalEvent("kobito.other-draws", seat=player)
    count = min(count, len(state.deck))
    names = event.get("cards")
    if not count or names != [NAME[c] for c in state.deck[: -count - 1 : -1]]:
        raise IllegalEvent("kobito.draw-top", count=count)
    state.hands[player] += state.deck[: -count - 1 : -1]
    del state.deck[-count:]
    state.owed[0][1] -= count
    if not state.owed[0][1]:
        state.owed.pop(0)
    _settle(state)


def _settle(state: KobitoState) -> None:
    """No more cards to draw anywhere: the draws still owed lapse."""
    if state.owed and not state.deck and not state.discard:
        state.owed.clear()


# --- moves --------------------------------------------------------------------


def _won_if_complete(state: KobitoState, seat: int, slot: int) -> None:
    pot = state.pots[slot]
    assert pot is not None
    if len(pot.row.cards) < state.gold_cards[pot.gold].length:
        return
    state.won[seat].append(pot.gold)
    state.discard += pot.row.cards
    state.pots[slot] = None
    if state.gold_deck:
        state.pending_pots.append(slot)
    else:
        state.over = True


def _play(state: KobitoState, seat: int, event: Event) -> None:
    card = _card(event)
    pot = _pot(state, event)
    left = _left(event)
    hand = state.hands[seat]
    _from_hand(hand, [card])
    if not fits(pot.row, card, left, state.gold_cards[pot.gold].length):
        raise IllegalEvent("kobito.pot-misfit", card=NAME[card])
    hand.remove(card)
    add(pot.row, card, left)
    state.played += 1
    state.moved = True
    _won_if_complete(state, seat, event["pot"])


def _open(state: KobitoState, seat: int, event: Event) -> None:
    cards = _cards(event, "cards")
    if len(state.workshops[seat]) >= MAX_WORKSHOP:
        raise IllegalEvent("kobito.workshop-full", count=MAX_WORKSHOP)
    if len(cards) < 2:
        raise IllegalEvent("kobito.rainbow-too-short")
    hand = state.hands[seat]
    _from_hand(hand, cards)
    start = run_start(cards)
    if start is None:
        raise IllegalEvent("kobito.not-a-rainbow")
    for card in cards:
        hand.remove(card)
    state.workshops[seat].append(Row(start, cards))
    state.played += len(cards)
    state.moved = True


def _extend(state: KobitoState, seat: int, event: Event) -> None:
    card = _card(event)
    row = _workshop_row(state, seat, event)
    left = _left(event)
    hand = state.hands[seat]
    _from_hand(hand, [card])
    if not fits(row, card, left):
        raise IllegalEvent("kobito.rainbow-misfit", card=NAME[card])
    hand.remove(card)
    add(row, card, left)
    state.played += 1
    state.moved = True


def _move(state: KobitoState, seat: int, event: Event) -> None:
    row = _workshop_row(state, seat, event)
    source_left = _left(event, "from")
    pot = _pot(state, event)
    left = _left(event)
    card = row.cards[0] if source_left else row.cards[-1]
    if not can_take_end(row, source_left):
        raise IllegalEvent("kobito.only-wild-left")
    if not fits(pot.row, card, left, state.gold_cards[pot.gold].length):
        raise IllegalEvent("kobito.pot-misfit", card=NAME[card])
    take_end(row, source_left)
    if not row.cards:
        del state.workshops[seat][event["rainbow"]]
    add(pot.row, card, left)
    state.moved = True
    _won_if_complete(state, seat, event["pot"])


def _find_kobito(state: KobitoState, seat: int, kobito: int) -> tuple[Row, int]:
    rows = [p.row for p in state.pots if p is not None] + state.workshops[seat]
    for row in rows:
        if kobito in row.cards:
            return row, row.cards.index(kobito)
    raise IllegalEvent("kobito.kobito-not-laid", card=NAME[kobito])


def _take_kobito(state: KobitoState, seat: int, event: Event) -> None:
    kobito = _card(event, "kobito")
    if not is_kobito(kobito):
        raise IllegalEvent("kobito.only-kobito")
    card = _card(event)
    hand = state.hands[seat]
    _from_hand(hand, [card])
    row, index = _find_kobito(state, seat, kobito)
    if NUMBER[card] != number_at(row.start, index):
        raise IllegalEvent("kobito.stands-for", number=number_at(row.start, index), card=NAME[card])
    row.cards[index] = card
    hand.remove(card)
    hand.append(kobito)
    state.played += 1
    state.moved = True


def penalty_due(state: KobitoState, seat: int) -> int | None:
    """Penalty cards ``seat`` must give to end the turn now; None if it may not end yet."""
    short = state.requirement - state.played
    if short <= 0:
        return 0
    if has_hand_move(state, seat):
        return None
    return min(short, len(state.hands[seat]))


def _end_turn(state: KobitoState, seat: int, event: Event) -> None:
    penalty = _cards(event, "penalty") if "penalty" in event else []
    if "penalty" in event and not penalty:
        raise IllegalEvent("kobito.empty-penalty")
    due = penalty_due(state, seat)
    if due is None:
        raise IllegalEvent("kobito.play-more", count=state.requirement - state.played)
    if len(penalty) != due:
        raise IllegalEvent("kobito.penalty-count", count=due)
    hand = state.hands[seat]
    _from_hand(hand, penalty)
    if penalty != [card for card in hand if card in penalty]:
        raise IllegalEvent("kobito.penalty-order")
    for card in penalty:
        hand.remove(card)
    state.penalties[seat] += penalty
    refill = HAND_SIZE - len(hand) if state.options["refill"] == Refill.TO_FIVE else state.played + len(penalty)
    quiet = not state.played if state.options["stalemate"] else not state.moved
    draws_nothing = refill <= 0 or (not state.deck and not state.discard)
    state.quiet = state.quiet + 1 if quiet and draws_nothing else 0
    if state.quiet >= state.players:
        state.over = True
        return
    if refill > 0:
        state.owed.append([seat, refill])
    state.turn = (seat + 1) % state.players
    state.requirement = 1 + len(state.workshops[state.turn])
    state.played = 0
    state.moved = False
    _settle(state)


CHANCE = {
    "setup": _setup,
    "pot": _lay_pot,
    "special-start": _special_start,
    "reshuffle": _reshuffle,
    "draw": _draw,
}
MOVES = {
    "play": _play,
    "open": _open,
    "extend": _extend,
    "move": _move,
    "take-kobito": _take_kobito,
    "end-turn": _end_turn,
}


FIELDS = {
    kind: {"type", *fields}
    for kind, fields in {
        "setup": ("deck", "gold", "first"),
        "pot": ("slot", "gold", "start"),
        "special-start": ("card", "depth"),
        "reshuffle": ("deck",),
        "draw": ("player", "cards"),
        "play": ("seat", "card", "pot", "end"),
        "open": ("seat", "cards"),
        "extend": ("seat", "card", "rainbow", "end"),
        "move": ("seat", "rainbow", "from", "pot", "end"),
        "take-kobito": ("seat", "kobito", "card"),
        "end-turn": ("seat", "penalty"),
    }.items()
}
"""The fields each event may have (each handler checks the ones it needs)."""


def apply(state: KobitoState, event: Any) -> None:
    """Check ``event`` and apply it; ``IllegalEvent`` (nothing changed) if refused."""
    if not isinstance(event, dict):
        raise IllegalEvent("game.not-an-object")
    if state.over:
        raise IllegalEvent("game.over")
    kind = event.get("type")
    is_move = "seat" in event
    if not isinstance(kind, str) or kind not in (MOVES if is_move else CHANCE):
        raise IllegalEvent("kobito.unknown-event", kind=kind, move=is_move)
    if not event.keys() <= FIELDS[kind]:
        extra = event.keys() - FIELDS[kind]
        raise IllegalEvent("game.unknown-fields", kind=kind, fields=sorted(extra))
    if is_move:
        seat = event["seat"]
        if type(seat) is not int or seat != to_act(state):
            raise IllegalEvent("game.not-seats-turn", seat=seat)
        MOVES[kind](state, seat, event)
    else:
        CHANCE[kind](state, event)
