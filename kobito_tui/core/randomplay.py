"""Whole games of uniformly random legal moves: for benchmarks and property tests."""

from __future__ import annotations

import random
from typing import Any

from kobito_tui.core.game import Event, Game, Header
from kobito_tui.core.record import Record, run_chance


def random_game(game: Game, header: Header, rng: random.Random, max_events: int = 100_000) -> tuple[Record, Any]:
    """Play ``header``'s game to the end with random legal moves; the record and final state."""
    state = game.new_state(header)
    events: list[Event] = []
    run_chance(game, header, state, events)
    while not game.is_over(state):
        if len(events) >= max_events:
            raise RuntimeError(f"{game.id} game did not end within {max_events} events")
        move = rng.choice(game.legal_moves(state))
        game.apply(state, move)
        events.append(move)
        run_chance(game, header, state, events)
    return Record(header, events), state
