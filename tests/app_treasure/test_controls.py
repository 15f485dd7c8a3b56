"""Keys and clicks map onto exactly the legal moves given to the board."""

from treasure.helpers import play, start  # tests/treasure: layouts chosen by hand

from kobito_tui.app.treasure.controls import Choices, acting_pawn, move_cursor, step_target
from kobito_tui.treasure import GAME


def choices(state, seat=None):
    return Choices.of(GAME.view(state, state.to_act if seat is None else seat), GAME.legal_moves(state))


def test_steps_are_keyed_by_target_tile_and_direction():
    state = start()  # Ann on (0, 0), Bob on (4, 4)
    found = choices(state)
    assert found.steps == {
        (1, 0): {"type": "step", "seat": 0, "dir": "down"},
        (0, 1): {"type": "step", "seat": 0, "dir": "right"},
    }
    assert set(found.directions) == {"down", "right"}
    assert found.confirm is None and not found.corners


def test_a_tile_under_another_pawn_is_not_a_target():
    state = start(pawns=[[0, 0], [4, 4]])
    play(state, "down", "down", "down", "end")  # Ann to (3, 0)
    play(state, "left", "left", "left", "end")  # Bob to (4, 1)
    play(state, "down")  # Ann to (4, 0), next to Bob
    assert (4, 1) not in choices(state).steps
    assert set(choices(state).steps) == {(3, 0)}


def test_after_three_steps_only_the_confirm_remains():
    state = start()
    play(state, "down", "up", "down")
    found = choices(state)
    assert found.confirm == {"type": "end", "seat": 0}
    assert not found.steps


def test_a_boxed_in_pawn_may_only_pass():
    state = start(3, pawns=[[0, 0], [0, 4], [4, 0]], first=1)
    play(state, "left", "left", "left", "end")  # Bob to (0, 1)
    play(state, "up", "up", "up", "end")  # Cy to (1, 0): Ann is boxed in
    found = choices(state)
    assert found.confirm == {"type": "pass", "seat": 0}
    assert not found.steps and not found.directions


def test_shared_pawn_corners_before_placing():
    state = start(shared_pawn=True)
    found = choices(state)
    assert set(found.corners) == {(0, 0), (0, 4), (4, 0), (4, 4)}
    assert found.corners[(4, 0)] == {"type": "place", "seat": 0, "corner": [4, 0]}
    play(state, "place 4 4")
    assert acting_pawn(GAME.view(state, 0)) == (4, 4)
    assert set(choices(state).steps) == {(3, 4), (4, 3)}


def test_no_choices_for_a_seat_not_to_act_view():
    state = start()
    view = GAME.view(state, 1)
    assert acting_pawn(view) == (0, 0)  # the acting pawn is public
    assert Choices.of(view, []).steps == {}


def test_target_of_a_hint():
    state = start()
    found = choices(state)
    assert found.target_of({"type": "step", "seat": 0, "dir": "right"}) == (0, 1)
    assert found.target_of({"type": "end", "seat": 0}) is None


def test_cursor_jumps_between_corners():
    assert move_cursor((0, 0), "right") == (0, 4)
    assert move_cursor((0, 4), "down") == (4, 4)
    assert move_cursor((4, 4), "left") == (4, 0)
    assert move_cursor((4, 0), "up") == (0, 0)
    assert move_cursor((0, 0), "up") == (0, 0)
    assert step_target((2, 2), "left") == (2, 1)
