"""One test per rule of Hide the Treasure (see /work/shared/RULES.md)."""

from __future__ import annotations

import random

import pytest
from worded import raises_worded

from kobito_tui.core.game import IllegalEvent
from kobito_tui.core.message import Message
from kobito_tui.treasure import GAME
from kobito_tui.treasure.board import CORNERS, OPPOSITE, TILES, TREASURES, from_rc
from kobito_tui.treasure.state import TreasureState

from .helpers import header, play, reveal, setup_event, start, turn

RED_ROW = [0, 1, 2, 3, 4]


def face_up(state, positions):
    return [state.face_up[pos] for pos in positions]


# --- setup ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_lays_all_25_tiles_treasure_side_up_with_distinct_secret_colours(players):
    for seed in range(20):
        state = GAME.new_state(header(players))
        event = GAME.chance(state, random.Random(seed))
        assert "seat" not in event
        GAME.apply(state, event)
        assert sorted(map(tuple, event["tiles"])) == sorted(TILES)
        assert state.face_up == [True] * 25
        assert len(set(event["colours"])) == players
        assert GAME.chance(state, random.Random(seed)) is None


def test_two_pawns_start_on_opposite_corners():
    starts = set()
    for seed in range(40):
        event = GAME.chance(GAME.new_state(header(2)), random.Random(seed))
        a, b = (from_rc(pawn) for pawn in event["pawns"])
        assert a in CORNERS and b == OPPOSITE[a]
        starts.add(a)
    assert starts == set(CORNERS)


@pytest.mark.parametrize("players", [3, 4])
def test_three_or_four_pawns_start_on_distinct_corners(players):
    for seed in range(40):
        event = GAME.chance(GAME.new_state(header(players)), random.Random(seed))
        pawns = [from_rc(pawn) for pawn in event["pawns"]]
        assert len(set(pawns)) == players and set(pawns) <= set(CORNERS)


def test_setup_refuses_two_pawns_on_adjacent_corners():
    with raises_worded(IllegalEvent, "opposite"):
        GAME.apply(GAME.new_state(header(2)), setup_event(2, pawns=[[0, 0], [0, 4]]))


@pytest.mark.parametrize(
    "change",
    [
        {"tiles": []},
        {"tiles": [["red", "crown"]] * 25},
        {"tiles": [[["red"], "crown"]] + setup_event(2)["tiles"][1:]},  # an unhashable part
        {"tiles": [{"red": "crown"}] + setup_event(2)["tiles"][1:]},
        {"tiles": [["red", "crown", "x"]] + setup_event(2)["tiles"][1:]},
        {"colours": ["red", "red"]},
        {"colours": ["red", "pink"]},
        {"colours": ["red"]},
        {"first": 2},
        {"first": "0"},
        {"pawns": [[0, 0], [2, 2]]},
        {"pawns": [[0, 0], [0, 0]]},
        {"pawns": None},
        {"pawns": [[0, 0], [4, 4, 1]]},
        {"seat": 0},
    ],
)
def test_setup_refuses_malformed_layouts(change):
    with pytest.raises(IllegalEvent):
        GAME.apply(GAME.new_state(header(2)), {**setup_event(2), **change})


def test_the_legal_moves_are_the_callers_own_list():
    state = start()
    moves = GAME.legal_moves(state)
    moves.clear()
    assert GAME.legal_moves(state) == [{"type": "step", "seat": 0, "dir": "down"}, {"type": "step", "seat": 0, "dir": "right"}]


def test_setup_happens_once():
    state = start()
    with raises_worded(IllegalEvent, "already"):
        GAME.apply(state, setup_event())


def test_first_player_random_gives_every_seat_a_chance():
    firsts = {GAME.chance(GAME.new_state(header(3)), random.Random(seed))["first"] for seed in range(40)}
    assert firsts == {0, 1, 2}


def test_first_player_chosen_at_setup():
    for seed in range(10):
        state = GAME.new_state(header(3, first_player=2))
        GAME.apply(state, GAME.chance(state, random.Random(seed)))
        assert GAME.to_act(state) == 2
    with raises_worded(IllegalEvent, "first player"):
        GAME.apply(GAME.new_state(header(3, first_player=2)), setup_event(3, first=0))


def test_moves_before_setup_are_refused():
    state = GAME.new_state(header())
    assert GAME.legal_moves(state) == [] and GAME.to_act(state) is None
    with raises_worded(IllegalEvent, "not set up"):
        play(state, "right")


# --- a turn --------------------------------------------------------------------------------


def test_a_turn_is_exactly_three_steps():
    state = start()
    play(state, "right", "right")
    with raises_worded(IllegalEvent, "exactly 3"):
        play(state, "end")
    play(state, "right")
    assert GAME.legal_moves(state) == [{"type": "end", "seat": 0}]
    with raises_worded(IllegalEvent, "end the turn"):
        play(state, "right")
    play(state, "end")
    assert GAME.to_act(state) == 1


def test_staying_put_by_passing_is_refused_when_a_step_exists():
    state = start()
    with raises_worded(IllegalEvent, "passing"):
        play(state, "pass")


def test_steps_are_orthogonal_and_stay_on_the_board():
    state = start()
    assert sorted(GAME.view(state, 0).legal_steps) == ["down", "right"]
    for bad in ("up", "left", "north", None, 3):
        with raises_worded(IllegalEvent, "cannot step"):
            GAME.apply(state, {"type": "step", "seat": 0, "dir": bad})


def test_no_step_onto_another_pawn():
    state = start(3, pawns=[[0, 0], [0, 4], [4, 4]], first=1)
    turn(state, "left", "left", "left")  # Bob to (0, 1), next to Ann
    turn(state, "up", "down", "up")
    with raises_worded(IllegalEvent, "another pawn"):
        play(state, "right")
    assert GAME.view(state, 0).legal_steps == ("down",)


def test_every_tile_stepped_off_flips_and_the_last_one_does_not():
    state = start()
    turn(state, "right", "right", "right")
    assert face_up(state, RED_ROW) == [False, False, False, True, True]
    assert state.pawns[0] == 3


def test_back_and_forth_flips_the_same_tile_twice():
    state = start()
    play(state, "right", "left", "right")
    assert face_up(state, [0, 1]) == [True, False]
    assert state.on_winning_side[0] == 1


def test_blocked_first_step_means_pass_and_nothing_flips():
    state = start(3, pawns=[[0, 0], [0, 4], [4, 0]], first=1)
    turn(state, "left", "left", "left")  # Bob to (0, 1)
    turn(state, "up", "up", "up")  # Cy to (1, 0): Ann is boxed in
    assert GAME.legal_moves(state) == [{"type": "pass", "seat": 0}]
    before = list(state.face_up)
    play(state, "pass")
    assert state.face_up == before and GAME.to_act(state) == 1


def test_moves_out_of_turn_are_refused():
    state = start()
    for seat in (1, True, "0", None):
        with raises_worded(IllegalEvent, "turn"):
            GAME.apply(state, {"type": "step", "seat": seat, "dir": "right"})


@pytest.mark.parametrize(
    "event",
    [
        None,
        [],
        "step",
        {},
        {"type": 3},
        {"type": ["step"]},
        {"type": "jump", "seat": 0},
        {"type": "step"},
        {"type": "step", "seat": 0},
        {"type": "step", "seat": 0, "dir": ["up"]},
        {"type": "place", "seat": 0, "corner": [0, 0]},
    ],
)
def test_malformed_or_illegal_events_raise_illegal_event(event):
    with pytest.raises(IllegalEvent):
        GAME.apply(start(), event)


def test_end_and_pass_close_the_turn_steps_do_not():
    assert GAME.closes_turn({"type": "end", "seat": 0})
    assert GAME.closes_turn({"type": "pass", "seat": 0})
    assert not GAME.closes_turn({"type": "step", "seat": 0, "dir": "up"})
    assert not GAME.closes_turn({"type": "place", "seat": 0, "corner": [0, 0]})


# --- winning -------------------------------------------------------------------------------


def complete_red_row(state):
    turn(state, "right", "right", "right")  # Ann flips (0,0) (0,1) (0,2)
    turn(state, "up", "down", "up")  # Bob stays at the bottom
    play(state, "right", "down")  # flips (0,3), then (0,4): the row is all chests


def test_win_when_all_five_tiles_of_your_colour_are_chests_checked_after_every_flip():
    state = start()
    complete_red_row(state)
    assert GAME.is_over(state) and GAME.to_act(state) is None
    assert GAME.result(state).winners == [0]
    assert GAME.legal_moves(state) == []
    with raises_worded(IllegalEvent, "over"):
        play(state, "down")


def test_accidental_win_for_another_player():
    state = start(colours=["blue", "red"])
    complete_red_row(state)
    assert GAME.result(state).winners == [1]


def test_completing_a_colour_nobody_drew_wins_nothing():
    state = start(colours=["blue", "green"])
    complete_red_row(state)
    assert not GAME.is_over(state) and state.on_winning_side[0] == 5


BACK = {"up": "down", "down": "up", "left": "right", "right": "left"}


def dance(state):
    """A turn back and forth between two tiles."""
    there = GAME.view(state, None).legal_steps[0]
    turn(state, there, BACK[there], there)


def test_turn_limit_draw():
    state = start(turn_limit=2)
    for _ in range(3):
        dance(state)
        assert not GAME.is_over(state)
    dance(state)
    assert GAME.is_over(state) and GAME.result(state).winners == []
    assert GAME.view(state, None).round == 2


def test_no_turn_limit_by_default():
    state = start()
    for _ in range(50):
        dance(state)
    assert not GAME.is_over(state)


# --- variants ------------------------------------------------------------------------------


def test_seek_variant_starts_chest_side_up_and_wins_on_treasures():
    state = start(variant="seek")
    assert state.face_up == [False] * 25
    complete_red_row(state)
    assert face_up(state, RED_ROW) == [True] * 5
    assert GAME.result(state).winners == [0]
    assert GAME.result(state).summary == Message("treasure.won", {"seat": 0, "colour": "red", "seek": True})


# --- seek: every tile unseen until first turned up -----------------------------------------


def step(state, direction):
    GAME.apply(state, {"type": "step", "seat": state.to_act, "dir": direction})


def test_seek_setup_holds_no_layout_and_refuses_one():
    for seed in range(10):
        state = GAME.new_state(header(3, variant="seek"))
        event = GAME.chance(state, random.Random(seed))
        assert "tiles" not in event and sorted(event) == ["colours", "first", "pawns", "type"]
        GAME.apply(state, event)
        assert state.face_up == [False] * 25 and state.tile_colour == [None] * 25
        assert GAME.chance(state, random.Random(seed)) is None
    with raises_worded(IllegalEvent, "unseen"):
        GAME.apply(GAME.new_state(header(2, variant="seek")), setup_event(2))


def test_a_step_turning_up_an_unseen_tile_waits_for_its_reveal():
    state = start(variant="seek")
    step(state, "right")  # (0, 0) turns treasure side up: nobody knows it yet
    assert state.pending == 0 and state.face_up[0] and state.tile_colour[0] is None
    assert GAME.to_act(state) is None and GAME.legal_moves(state) == []
    assert GAME.view(state, 0).to_act is None and GAME.view(state, 0).legal_steps == ()
    with raises_worded(IllegalEvent, "still to be revealed"):
        step(state, "right")
    event = GAME.chance(state, random.Random(1))
    assert "seat" not in event and event["pos"] == [0, 0] and tuple(event["tile"]) in TILES
    GAME.apply(state, event)
    assert GAME.to_act(state) == 0 and GAME.view(state, 1).tiles[0].colour == event["tile"][0]


def test_reveals_are_drawn_uniformly_from_the_tiles_not_yet_placed():
    state = start(variant="seek")
    play(state, "right")  # (0, 0) revealed as the red crown
    step(state, "right")
    drawn = {tuple(GAME.chance(state, random.Random(seed))["tile"]) for seed in range(400)}
    assert drawn == set(TILES) - {("red", "crown")}


@pytest.mark.parametrize(
    "change, reason",
    [
        ({"pos": [0, 0]}, "at \\[0, 1\\]"),
        ({"pos": None}, "at"),
        ({"tile": ["red", "crown"]}, "still to place"),  # already on the board at (0, 0)
        ({"tile": ["pink", "crown"]}, "still to place"),
        ({"tile": "red ring"}, "still to place"),
        ({"tile": ["red", "ring", "x"]}, "still to place"),
        ({"seat": 0}, "no seat"),
    ],
)
def test_illegal_reveals_are_refused(change, reason):
    state = start(variant="seek")
    play(state, "right")
    step(state, "right")
    with raises_worded(IllegalEvent, reason):
        GAME.apply(state, {"type": "reveal", "pos": [0, 1], "tile": ["red", "ring"], **change})
    GAME.apply(state, {"type": "reveal", "pos": [0, 1], "tile": ["red", "ring"]})


def test_a_reveal_when_none_is_due_is_refused():
    for state in (start(variant="seek"), start()):
        with raises_worded(IllegalEvent, "no tile is waiting"):
            GAME.apply(state, {"type": "reveal", "pos": [0, 0], "tile": ["red", "crown"]})


def test_a_colour_has_at_most_five_tiles():
    state = start(variant="seek", colours=["blue", "green"])
    turn(state, "right", "right", "right")
    turn(state, "up", "down", "up")
    play(state, "right", "down")  # the top row: all five red tiles revealed
    assert all(colour != "red" for colour, _ in state.pool) and len(state.pool) == 18
    step(state, "down")
    for treasure in TREASURES:
        with raises_worded(IllegalEvent, "still to place"):
            GAME.apply(state, {"type": "reveal", "pos": [1, 4], "tile": ["red", treasure]})


def test_seek_win_is_checked_after_the_reveal():
    state = start(variant="seek")
    turn(state, "right", "right", "right")  # (0,0)-(0,2) revealed red
    turn(state, "up", "down", "up")  # Bob turns up blue and purple tiles
    play(state, "right")  # (0,3) red
    step(state, "down")  # (0,4) turned up: all five red tiles may be up, but nobody knows yet
    assert not GAME.is_over(state) and state.on_winning_side[0] == 4
    reveal(state)
    assert GAME.is_over(state) and GAME.result(state).winners == [0]


def test_seek_no_win_when_the_last_tile_turns_out_another_colour():
    state = start(variant="seek")
    turn(state, "right", "right", "right")
    turn(state, "up", "down", "up")
    play(state, "right")
    play(state, "down", rows="RRRRB BBBBR GGGGG YYYYY PPPPP")  # (0,4) is blue
    assert not GAME.is_over(state) and state.on_winning_side[:2] == [4, 1]


def test_a_revealed_tile_stays_known_when_flipped_back():
    state = start(variant="seek")
    play(state, "right", "left")  # (0,0) and (0,1) revealed treasure side up
    assert state.on_winning_side[0] == 2
    play(state, "right")  # (0,0) back to its chest: still known, no reveal due
    assert state.pending is None and GAME.to_act(state) == 0
    tile = GAME.view(state, 1).tiles[0]
    assert (tile.colour, tile.treasure, tile.face_up) == ("red", "crown", False)
    assert state.on_winning_side[0] == 1
    play(state, "end", "up", "down", "up", "end", "left")  # Ann steps off (0,1) onto (0,0)
    play(state, "right")  # (0,0) up again: known, so no reveal
    assert state.pending is None and state.face_up[0] and len(state.pool) == 25 - 2 - 2


@pytest.mark.parametrize("players", [2, 3, 4])
def test_shared_pawn_is_placed_on_a_corner_by_the_first_player(players):
    state = start(players, first=1, shared_pawn=True)
    assert state.pawns == [None]
    assert [from_rc(m["corner"]) for m in GAME.legal_moves(state)] == list(CORNERS)
    with raises_worded(IllegalEvent, "place the shared pawn"):
        play(state, "up")
    with raises_worded(IllegalEvent, "corner"):
        play(state, "place 2 2")
    play(state, "place 4 4")
    with raises_worded(IllegalEvent, "no pawn to place"):
        play(state, "place 0 0")
    assert GAME.to_act(state) == 1 and sorted(GAME.view(state, 1).legal_steps) == ["left", "up"]


def test_shared_pawn_is_moved_by_everyone_and_ignores_blocking():
    state = start(3, shared_pawn=True)
    play(state, "place 0 0")
    turn(state, "right", "down", "down")  # Ann leaves it on (2, 1)
    assert GAME.to_act(state) == 1 and state.pawns == [11]
    assert sorted(GAME.view(state, 1).legal_steps) == ["down", "left", "right", "up"]
    turn(state, "left", "right", "right")  # Bob moves the same pawn on
    assert GAME.view(state, None).pawns == ((2, 2),)


def test_shared_pawn_setup_has_no_pawns():
    with raises_worded(IllegalEvent, "places the shared pawn"):
        GAME.apply(GAME.new_state(header(2, shared_pawn=True)), setup_event(2))


# --- options -------------------------------------------------------------------------------


def test_options_defaults_and_checks():
    assert GAME.normalize_options({}, 2) == {"variant": "standard", "shared_pawn": False, "turn_limit": 0, "first_player": "random"}
    names = [spec.name for spec in GAME.option_specs()]
    assert names == ["variant", "shared_pawn", "turn_limit", "first_player"]
    assert GAME.normalize_options({"variant": "seek", "shared_pawn": True}, 4)["shared_pawn"] is True
    for bad, players in [
        ({"variant": "hide"}, 2),
        ({"shared_pawn": "yes"}, 2),
        ({"turn_limit": -1}, 2),
        ({"turn_limit": True}, 2),
        ({"first_player": 2}, 2),
        ({"colour": "red"}, 2),
        ({}, 1),
        ({}, 5),
    ]:
        with pytest.raises(ValueError):
            GAME.normalize_options(bad, players)


def test_copy_state_is_independent():
    state = start()
    copy = GAME.copy_state(state)
    turn(copy, "right", "right", "right")
    assert state.face_up == [True] * 25 and state.pawns == [0, 24] and state.steps == 0


@pytest.mark.parametrize("options", [{}, {"variant": "seek"}, {"shared_pawn": True}])
def test_a_copy_shares_nothing_that_can_change_in_place(options):
    state = start(4, **options)
    copy = GAME.copy_state(state)
    assert copy == state
    for name in TreasureState.__slots__:
        value = getattr(state, name)
        assert getattr(copy, name) is not value or isinstance(value, (int, bool, str, tuple, type(None)))
