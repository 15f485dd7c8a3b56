"""Build Kobito positions directly, for rule tests."""

from __future__ import annotations

import random

from kobito_tui.core.game import Header, Seat
from kobito_tui.kobito import GAME
from kobito_tui.kobito.cards import CARD, CARD_COUNT, gold_cards
from kobito_tui.kobito.options import gold_table, normalize
from kobito_tui.kobito.rainbow import Row, run_start
from kobito_tui.kobito.state import KobitoState, Pot, new_state

NAMES = ("Ann", "Bob", "Cay", "Dee", "Eve", "Fay")


def header(players: int = 2, seed: int = 1, **options) -> Header:
    seats = tuple(Seat(n) for n in NAMES[:players])
    return Header("kobito", seats, GAME.normalize_options(options, players), seed, "", "")


def ids(names: list[str]) -> list[int]:
    return [CARD[n] for n in names]


def row(names: list[str]) -> Row:
    cards = ids(names)
    return Row(run_start(cards) or 0, cards)


def build(
    players: int = 2,
    hands: list[list[str]] | None = None,
    pots: list[tuple[str, list[str]] | None] | None = None,
    workshops: list[list[list[str]]] | None = None,
    deck: list[str] | None = None,
    discard: list[str] | None = None,
    gold_deck: list[str] | None = None,
    turn: int = 0,
    played: int = 0,
    **options,
) -> KobitoState:
    """A position on the turn of ``turn``. Pots are (gold name, cards); the deck
    (top first) defaults to every card placed nowhere else, in id order; the
    gold deck to every gold card not in a pot."""
    opts = normalize(options, players)
    state = new_state(NAMES[:players], opts, gold_cards(gold_table(opts["gold_table"])))
    gold_index = {g.name: i for i, g in enumerate(state.gold_cards)}
    state.set_up = True
    state.hands = [ids(h) for h in (hands or [[] for _ in range(players)])]
    state.pots = [None if p is None else Pot(gold_index[p[0]], row(p[1])) for p in (pots or [None] * 3)]
    state.workshops = [[row(r) for r in w] for w in (workshops or [[] for _ in range(players)])]
    state.discard = ids(discard or [])
    used = {c for h in state.hands for c in h} | set(state.discard)
    used |= {c for p in state.pots if p for c in p.row.cards}
    used |= {c for w in state.workshops for r in w for c in r.cards}
    state.deck = (ids(deck) if deck is not None else [c for c in range(CARD_COUNT) if c not in used])[::-1]
    in_pots = {p.gold for p in state.pots if p}
    state.gold_deck = (
        [gold_index[g] for g in gold_deck][::-1] if gold_deck is not None else [i for i in range(len(state.gold_cards)) if i not in in_pots]
    )
    state.turn = turn
    state.requirement = 1 + len(state.workshops[turn])
    state.played = played
    return state


def settle(state: KobitoState, seed: int = 0) -> None:
    """Apply chance events until a seat must act (or the game is over)."""
    rng = random.Random(seed)
    while (event := GAME.chance(state, rng)) is not None:
        GAME.apply(state, event)
