"""The treasure bots' board model and colour inference."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from kobito_tui.bots import make_bot
from kobito_tui.bots.treasure_heuristics import best_path, closable, greedy_score, steps_to_finish
from kobito_tui.bots.treasure_model import Layout, Path, colour_beliefs, paths, table_from_history, trapped, walk
from kobito_tui.core.game import Seat
from kobito_tui.core.record import new_header, run_chance
from kobito_tui.games import get_game
from kobito_tui.treasure.board import DIRECTIONS

from .positions import positions

STRIPES = Layout.of([p // 5 for p in range(25)])  # row r is all colour r


def test_walk_flips_the_tiles_stepped_off_and_reports_the_first_completion():
    board = 0b01111  # colour 0: four of five tiles won, position 4 open
    after, done = walk(board, STRIPES, Path((), (4, 3, 4, 9)))
    assert after == 0b01111 ^ (1 << 4) ^ (1 << 3) ^ (1 << 4)  # 4 flipped twice, 3 once
    assert done == 0  # the first flip completed row 0, even though it is undone later
    assert walk(0, STRIPES, Path((), (0, 1, 2, 3)))[1] is None


def test_a_pawn_on_the_last_open_tile_of_a_colour_is_trapped():
    assert trapped(0b01111, STRIPES, 4) == 0
    assert trapped(0b00111, STRIPES, 4) is None
    assert trapped(0b11111, STRIPES, 4) is None


def test_paths_never_step_onto_a_blocked_tile():
    found = paths(0, frozenset({1}))
    assert found and all(1 not in p.cells for p in found)
    on_board = [
        (a, b, c)
        for a in DIRECTIONS
        for b in DIRECTIONS
        for c in DIRECTIONS
        if all(0 <= 2 + dr <= 4 for dr in _walked(a, b, c, 0)) and all(0 <= 0 + dc <= 4 for dc in _walked(a, b, c, 1))
    ]
    assert sorted(p.dirs for p in paths(10, frozenset())) == sorted(on_board)  # from row 2, column 0


def _walked(a, b, c, axis):
    """Offsets along ``axis`` after each of the steps a, b, c."""
    total, out = 0, []
    for d in (a, b, c):
        total += DIRECTIONS[d][axis]
        out.append(total)
    return out


def test_steps_to_finish_tours_the_open_tiles():
    assert steps_to_finish(0b11111, STRIPES, 0, 20) == 0
    assert steps_to_finish(0, STRIPES, 0, 0) == 5  # walk along the row, then step off
    assert steps_to_finish(0b01111, STRIPES, 0, 24) == 5


def test_a_greedy_players_colour_is_inferred_from_its_moves():
    game = get_game("treasure")
    hits = 0
    for seed in range(8):
        seats = (Seat("A", "bot", "random"), Seat("B", "bot", "greedy"))
        header = new_header("treasure", seats, {"turn_limit": 4, "first_player": 0}, seed=seed)
        state = game.new_state(header)
        events: list = []
        run_chance(game, header, state, events)
        bots = [make_bot("treasure", "random", seed), make_bot("treasure", "greedy", seed)]
        while not game.is_over(state):
            seat = game.to_act(state)
            history = [game.redact(e, seat) for e in events]
            move = bots[seat].choose(game, header, game.view(state, seat), game.legal_moves(state), history)
            game.apply(state, move)
            events.append(move)
        table = table_from_history([game.redact(e, 0) for e in events])
        belief = colour_beliefs(table, 1, excluded={state.colour_of[0]})
        hits += max(range(5), key=belief.__getitem__) == state.colour_of[1]
    assert hits >= 6  # chance alone would name it about 2 times in 8


def test_the_replayed_table_matches_the_game_in_both_variants():
    checked = 0
    for variant in ("standard", "seek"):
        for game, _header, state, events in positions("treasure", seed=3, every=3, options={"variant": variant}):
            table = table_from_history([game.redact(e, 0) for e in events])
            assert table.board == sum(1 << p for p in range(25) if state.face_up[p] == state.seek)
            assert list(table.layout.colour_of) == state.tile_colour
            assert table.pawns == state.pawns
            checked += 1
    assert checked > 10


def test_seek_credits_an_unseen_tile_turned_up_in_a_look_ahead():
    unseen = Layout.of([None] * 25)  # seek, nothing seen yet
    assert steps_to_finish(0, unseen, 0, 12) == 22  # 5 hidden among 25: 5 * 26 / 6 tiles to turn up
    assert steps_to_finish(0b111, unseen, 0, 12) < 22  # three turned up: some may be this colour's


@settings(max_examples=300, deadline=None)
@given(
    st.permutations([c for c in range(5) for _ in range(5)]),
    st.integers(0, 2**25 - 1) | st.lists(st.integers(0, 24), max_size=8).map(lambda down: 2**25 - 1 - sum({1 << p for p in down})),
    st.sampled_from([0, 0, 2**25 - 1]) | st.integers(0, 2**25 - 1),
    st.integers(0, 24),
    st.integers(0, 4),
    st.integers(1, 3),
)
@example([p // 5 for p in range(25)], 2**25 - 1 - 0b1110, 0, 1, 1, 3)  # 1 → 4 completes row 0 with three flips
def test_best_path_is_the_first_path_with_the_best_greedy_score(tiles, board, unseen, start, colour, steps):
    layout = Layout.of([None if unseen >> p & 1 else c for p, c in enumerate(tiles)])
    options = paths(start, frozenset(), steps)
    near = closable(board, layout)  # a path that touches none of these is scored without its walk
    assert [greedy_score(board, layout, colour, q, near) for q in options] == [greedy_score(board, layout, colour, q) for q in options]
    expected = max(options, key=lambda q: greedy_score(board, layout, colour, q))
    assert best_path(board, layout, colour, options) == expected
    assert best_path(board, layout, colour, []) is None
