"""Positions from real games for bot tests: the full state, and the same
game with the hidden information dealt differently."""

from __future__ import annotations

import random

from kobito_tui.core.game import Seat
from kobito_tui.core.record import new_header, run_chance
from kobito_tui.games import get_game

NAMES = ("Ann", "Bob", "Cy", "Di")


def positions(game_id: str, seed: int, every: int = 7, options: dict | None = None, players: int = 2):
    """(game, header, state, events) at every ``every``-th move of a random game."""
    game = get_game(game_id)
    seats = tuple(Seat(name, "bot", "random") for name in NAMES[:players])
    header = new_header(game_id, seats, options, seed=seed)
    rng = random.Random(seed)
    state = game.new_state(header)
    events: list = []
    run_chance(game, header, state, events)
    count = 0
    while not game.is_over(state):
        if count % every == 0:
            yield game, header, game.copy_state(state), list(events)
        move = rng.choice(game.legal_moves(state))
        game.apply(state, move)
        events.append(move)
        run_chance(game, header, state, events)
        count += 1


def rehide_kobito(state, seat: int, rng: random.Random):
    """The same Kobito table with the cards ``seat`` cannot see dealt anew:
    other hands, their penalties and the deck are reshuffled among themselves."""
    other = state.copy()
    others = [s for s in range(other.players) if s != seat]
    pool = other.deck + [c for s in others for c in other.hands[s] + other.penalties[s]]
    rng.shuffle(pool)
    for s in others:
        size, penalties = len(other.hands[s]), len(other.penalties[s])
        other.hands[s], pool = pool[:size], pool[size:]
        other.penalties[s], pool = pool[:penalties], pool[penalties:]
    other.deck = pool
    return other


def rehide_treasure(state, seat: int):
    """The same board with every other seat holding another colour: the
    others' colours are rotated among the colours ``seat`` does not hold.
    (In seek an unseen tile is not in the state at all: it is drawn when it
    is turned up, so the colours are the whole hidden world.)"""
    other = state.copy()
    mine = state.colour_of[seat]
    free = [c for c in range(5) if c != mine]
    shift = {c: free[(free.index(c) + 1) % len(free)] for c in free}
    other.colour_of = [c if s == seat else shift[c] for s, c in enumerate(state.colour_of)]
    other.owner_of = {c: s for s, c in enumerate(other.colour_of)}
    return other
