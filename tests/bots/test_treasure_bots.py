"""The treasure bots take a win whenever one is in reach."""

from __future__ import annotations

from kobito_tui.bots import make_bot
from kobito_tui.bots.treasure_model import Layout, paths, walk
from kobito_tui.core.game import Seat
from kobito_tui.core.record import new_header, run_chance
from kobito_tui.games import get_game


def winning_path_exists(state, seat) -> bool:
    layout = Layout.of(state.tile_colour)
    board = sum(1 << p for p in range(25) if state.face_up[p] == state.seek)
    blocked = frozenset(p for s, p in enumerate(state.pawns) if s != seat)
    return any(walk(board, layout, p)[1] == state.colour_of[seat] for p in paths(state.pawns[seat], blocked))


def test_greedy_and_strong_take_a_win_in_reach():
    game = get_game("treasure")
    chances = 0
    for seed in range(12):
        levels = ("strong", "greedy") if seed % 2 else ("greedy", "strong")
        header = new_header("treasure", tuple(Seat(l, "bot", l) for l in levels), {"turn_limit": 40}, seed=seed)
        state = game.new_state(header)
        events: list = []
        run_chance(game, header, state, events)
        bots = [make_bot("treasure", level, seed, budget_s=5) for level in levels]
        while not game.is_over(state):
            seat = game.to_act(state)
            can_win = state.steps == 0 and winning_path_exists(state, seat)
            while game.to_act(state) == seat and not game.is_over(state):
                history = [game.redact(e, seat) for e in events]
                move = bots[seat].choose(game, header, game.view(state, seat), game.legal_moves(state), history)
                game.apply(state, move)
                events.append(move)
            if can_win:
                assert state.winner == seat
                chances += 1
    assert chances >= 5
