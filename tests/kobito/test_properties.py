"""Properties of random legal games: 2–6 players, random seeds and options."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kobito_tui.core.game import IllegalEvent
from kobito_tui.core.message import Message
from kobito_tui.kobito import GAME
from kobito_tui.kobito.cards import CARD_COUNT, MAX_ROW, NAME
from kobito_tui.kobito.rainbow import run_start
from kobito_tui.kobito.view import CardView

from .helpers import header

MAX_EVENTS = 5000

options = st.fixed_dictionaries(
    {
        "refill": st.sampled_from(["to-five", "as-played"]),
        "stalemate": st.booleans(),
        "tie": st.sampled_from(["penalties-then-shared", "shared"]),
        "special_start": st.sampled_from(["reshuffle", "discard"]),
        "gold_table": st.sampled_from(["standard", {"3": [1, 2], "4": [3], "9": [9, 9]}]),
        "first_player": st.sampled_from(["random", 1]),
    }
)


def key(event):
    """Moves equal up to the order of penalty cards (apply takes any order)."""
    if "penalty" in event and isinstance(event["penalty"], list):
        event = {**event, "penalty": sorted(map(str, event["penalty"]))}
    return json.dumps(event, sort_keys=True, default=str)


def check_invariants(state):
    places = state.deck + state.discard
    places += [c for h in state.hands for c in h] + [c for p in state.penalties for c in p]
    for pot in state.pots:
        if pot is not None:
            assert len(pot.row.cards) < state.gold_cards[pot.gold].length
            assert not pot.row.cards or run_start(pot.row.cards) == pot.row.start
            places += pot.row.cards
    for workshop in state.workshops:
        assert len(workshop) <= 4
        for row in workshop:
            assert len(row.cards) <= MAX_ROW and run_start(row.cards) == row.start
            places += row.cards
    assert Counter(places) == Counter(range(CARD_COUNT))
    golds = state.gold_deck + [p.gold for p in state.pots if p] + [g for w in state.won for g in w]
    assert sorted(golds) == list(range(len(state.gold_cards)))


def card_ids(value):
    """Every card id anywhere inside a view."""
    if isinstance(value, CardView):
        yield value.id
    elif dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            yield from card_ids(getattr(value, f.name))
    elif isinstance(value, tuple):
        for item in value:
            yield from card_ids(item)


def check_views(state):
    for seat in range(state.players):
        view = GAME.view(state, seat)
        assert view.hands is None and [c.id for c in view.hand] == [NAME[c] for c in state.hands[seat]]
        others = {NAME[c] for s, h in enumerate(state.hands) if s != seat for c in h}
        assert not others & set(card_ids(view))


def check_words(state, event, seat):
    """Every event has a log message, the same for its redacted form; redaction hides
    the decks' order and other seats' drawn and penalty cards."""
    for who in (None, seat):
        line = GAME.describe(state, event, who)
        assert isinstance(line, Message) and GAME.describe(state, GAME.redact(event, who), who) == line
    secret = []
    if event["type"] in ("setup", "reshuffle"):
        secret = event["deck"]
    elif event["type"] == "draw" and event["player"] != seat:
        secret = event["cards"]
    elif event["type"] == "end-turn" and event["seat"] != seat:
        secret = event.get("penalty", [])
    redacted = str(GAME.redact(event, seat))
    assert not any(f"'{card}'" in redacted for card in secret)


def variants(move, state, rng):
    """Nearby events, some legal, most not."""
    seat = move["seat"]
    hand = [NAME[c] for c in state.hands[seat]]
    cards = [NAME[c] for c in range(CARD_COUNT)]
    yield {**move, "seat": (seat + 1) % state.players}
    yield {**move, "seat": str(seat)}
    yield {**move, "type": "pass"}
    yield {**move, "note": "extra"}
    for field, values in (
        ("card", hand + [rng.choice(cards), "13a", 7]),
        ("kobito", ["K1", "K5", "P1", "5a"]),
        ("pot", [0, 1, 2, 3, -1, "0"]),
        ("end", ["left", "right", "up"]),
        ("from", ["left", "right", None]),
        ("rainbow", [0, 1, 3, 4, True]),
    ):
        if field in move:
            for value in values:
                yield {**move, field: value}
            yield {k: v for k, v in move.items() if k != field}
    if move["type"] == "open":
        run = move["cards"]
        yield {**move, "cards": run[::-1]}
        yield {**move, "cards": run[:1]}
        yield {**move, "cards": run + [rng.choice(cards)]}
        yield {**move, "cards": run + run[:1]}
    card = rng.choice(hand + ["K1"])
    end = rng.choice(["left", "right"])
    yield {"type": "play", "seat": seat, "card": card, "pot": rng.randrange(3), "end": end}
    yield {"type": "take-kobito", "seat": seat, "kobito": rng.choice(["K1", "K2", "K3", "K4", "K5"]), "card": card}
    rainbows = len(state.workshops[seat])
    if rainbows:
        rainbow = rng.randrange(rainbows)
        yield {"type": "extend", "seat": seat, "card": card, "rainbow": rainbow, "end": end}
        source = rng.choice(["left", "right"])
        yield {"type": "move", "seat": seat, "rainbow": rainbow, "from": source, "pot": rng.randrange(3), "end": end}
    if len(hand) >= 2:
        yield {"type": "open", "seat": seat, "cards": rng.sample(hand, rng.randint(2, len(hand)))}
    yield {"type": "end-turn", "seat": seat}
    for size in (1, 2):
        if len(hand) >= size:
            yield {"type": "end-turn", "seat": seat, "penalty": rng.sample(hand, size)}
    yield {"type": "end-turn", "seat": seat, "penalty": ["K1", "K1"]}
    yield {"type": "end-turn", "seat": seat, "penalty": []}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32), opts=options)
def test_random_legal_games(players, seed, opts):
    state = GAME.new_state(header(players, seed, **opts))
    rng = random.Random(seed)
    for _ in range(MAX_EVENTS):  # the game always terminates
        if GAME.is_over(state):
            break
        event = GAME.chance(state, rng)
        if event is None:
            legal = GAME.legal_moves(state)
            assert legal, "a seat to act always has a move"
            accepted = {key(m) for m in legal}
            assert len(accepted) == len(legal)
            for move in rng.sample(legal, min(4, len(legal))):  # legal ⊆ accepted
                trial = GAME.copy_state(state)
                GAME.apply(trial, move)
            for variant in variants(rng.choice(legal), state, rng):  # accepted ⊆ legal
                trial = GAME.copy_state(state)
                try:
                    GAME.apply(trial, variant)
                except IllegalEvent:
                    assert trial == state, f"refused {variant} but changed the state"
                else:
                    assert key(variant) in accepted, f"{variant} accepted but not listed"
            event = rng.choice(legal)
        check_words(state, event, rng.randrange(players))
        GAME.apply(state, event)
        check_invariants(state)
        if rng.random() < 0.1:
            check_views(state)
    assert GAME.is_over(state), "the game did not end"
    result = GAME.result(state)
    assert result.winners and len(result.scores) == players
