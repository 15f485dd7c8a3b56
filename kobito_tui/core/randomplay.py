"""Whole games of uniformly random legal moves: for benchmarks and property tests."""

from __future__ import annotations

import random
from typing import Any

from kobito_tui.core.game import Event, Game, Header
from kobito_tui.core.record import Record, run_chance


def random_game(game: Game, header: Header, rng: random.Random, max_events: int = 100_000) -> tuple[Record, Any]:
    """Play ``header``'s game to the end with random legal moves; the record and final state.

    Chance is asked for only when no seat is to act (exactly when there are no
    legal moves: chance is pending or the game is over).  The moves come from
    ``legal_moves``, so they are played unchecked (``Game.play``)."""
    legal_moves, play = game.legal_moves, game.play  # the loop's calls, looked up once
    below = rng._randbelow  # type: ignore[attr-defined]  # rng.choice(moves) is moves[below(len(moves))]
    state = game.new_state(header)
    events: list[Event] = []
    record = events.append
    while True:
        moves = legal_moves(state)
        if not moves:
            run_chance(game, header, state, events)
            if game.is_over(state):
                return Record(header, events), state
            moves = legal_moves(state)
        if len(events) >= max_events:
            raise RuntimeError(f"{game.id} game did not end within {max_events} events")
        move = moves[below(len(moves))]
        play(state, move)
        record(move)
