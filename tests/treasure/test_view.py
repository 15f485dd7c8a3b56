"""Views, redaction and log lines: the board is public, colours are secret until the end."""

from __future__ import annotations

import dataclasses

from kobito_tui.core.game import SPECTATOR
from kobito_tui.core.message import Message
from kobito_tui.i18n.messages import english
from kobito_tui.treasure import GAME
from kobito_tui.treasure.view import TileView, TreasureView

from .helpers import NAMES, header, play, setup_event, start, turn
from .test_rules import complete_red_row


def test_view_field_names_are_stable():
    assert [f.name for f in dataclasses.fields(TreasureView)] == [
        "seat",
        "names",
        "to_act",
        "tiles",
        "pawns",
        "steps_taken",
        "path",
        "legal_steps",
        "my_colour",
        "my_progress",
        "colours",
        "variant",
        "shared_pawn",
        "round",
        "turn_limit",
        "over",
        "result",
    ]
    assert [f.name for f in dataclasses.fields(TileView)] == ["colour", "treasure", "face_up"]


def test_a_seat_sees_the_board_and_only_its_own_colour():
    state = start(3)
    play(state, "right", "right")
    view = GAME.view(state, 1)
    assert view.seat == 1 and view.names == NAMES[:3] and view.to_act == 0
    assert len(view.tiles) == 25 and view.tiles[0] == TileView("red", "crown", False)
    assert view.tiles[2] == TileView("red", "goblet", True)
    assert view.pawns == ((0, 2), (4, 4), (0, 4))
    assert view.steps_taken == 2 and view.path == ((0, 0), (0, 1), (0, 2))
    assert view.legal_steps == ("down", "left", "right")
    assert view.my_colour == "blue" and view.my_progress == 0
    assert view.colours == (None, "blue", None)
    assert GAME.view(state, 0).my_progress == 2
    assert (view.variant, view.shared_pawn, view.round, view.turn_limit) == ("standard", False, 1, 0)
    assert not view.over and view.result is None


def test_everything_is_shown_to_seat_none_and_to_all_at_the_end():
    state = start()
    assert GAME.view(state, None).colours == ("red", "blue")
    assert GAME.view(state, None).my_colour is None
    complete_red_row(state)
    view = GAME.view(state, 1)
    assert view.over and view.to_act is None and view.colours == ("red", "blue")
    assert view.result.winners == [0] and view.result.details["colours"] == ["red", "blue"]


def test_shared_pawn_view_has_one_pawn():
    state = start(3, shared_pawn=True)
    assert GAME.view(state, 0).pawns == (None,) and GAME.view(state, 0).path == ()
    play(state, "place 4 0", "up")
    view = GAME.view(state, 2)
    assert view.shared_pawn and view.pawns == ((3, 0),) and view.path == ((4, 0), (3, 0))


def test_round_counts_full_rounds():
    state = start()
    turn(state, "right", "left", "right")
    assert GAME.view(state, 0).round == 1
    turn(state, "up", "down", "up")
    assert GAME.view(state, 0).round == 2


def test_redact_hides_the_colours_of_other_seats():
    event = setup_event(3)
    assert GAME.redact(event, 1)["colours"] == [None, "blue", None]
    assert GAME.redact(event, None) == event
    assert event["colours"] == ["red", "blue", "green"]
    step = {"type": "step", "seat": 0, "dir": "up"}
    assert GAME.redact(step, 1) == step


def test_describe_setup_names_only_the_readers_colour():
    state = GAME.new_state(header(2))
    line = GAME.describe(state, setup_event(2), 1)
    assert line == Message("treasure.setup", {"first": 0, "seek": False, "colours": [None, "blue"]})
    assert english(line, NAMES) == ("Tiles laid out; each player drew a secret colour; first turn: Ann. Bob: secret colour blue.")
    assert GAME.describe(state, setup_event(2), SPECTATOR).params == {"first": 0, "seek": False}
    assert "Ann red, Bob blue" in english(GAME.describe(state, setup_event(2), None), NAMES)


def test_describe_tells_a_turn_once_it_is_confirmed():
    state = start()
    assert GAME.describe(state, {"type": "step", "seat": 0, "dir": "right"}, 1) is None
    play(state, "right", "down", "up")
    line = GAME.describe(state, {"type": "end", "seat": 0}, 1)
    assert line == Message("treasure.turn", {"seat": 0, "directions": ["right", "down", "up"]})
    assert english(line, NAMES) == "Ann moved right, down, up — flipped 3 tiles."


def test_describe_a_winning_step_reveals_the_winner():
    state = start(colours=["blue", "red"])
    turn(state, "right", "right", "right")
    turn(state, "up", "down", "up")
    play(state, "right")
    line = GAME.describe(state, {"type": "step", "seat": 0, "dir": "down"}, 0)
    won = {"id": "treasure.won", "params": {"seat": 1, "colour": "red", "seek": False}}
    assert line == Message("treasure.turn", {"seat": 0, "directions": ["right", "down"], "result": won})
    assert english(line, NAMES) == ("Ann moved right, down — flipped 2 tiles. All 5 red tiles show the chest side: the winner is Bob.")


def test_describe_pass_place_and_draw():
    state = start(3, pawns=[[0, 0], [0, 4], [4, 0]], first=1, turn_limit=1)
    turn(state, "left", "left", "left")
    turn(state, "up", "up", "up")
    passed = GAME.describe(state, {"type": "pass", "seat": 0}, None)
    draw = {"id": "treasure.turn-limit", "params": {"rounds": 1}}
    assert passed == Message("treasure.pass", {"seat": 0, "result": draw})
    assert english(passed, NAMES) == ("Ann cannot take a step: the turn passes on. Draw: the turn limit of 1 round is reached.")
    shared = start(shared_pawn=True)
    placed = GAME.describe(shared, {"type": "place", "seat": 0, "corner": [0, 4]}, 1)
    assert placed == Message("treasure.place", {"seat": 0, "corner": [0, 4]})
    assert english(placed, NAMES) == "Ann put the shared pawn on the top-right corner."


def test_in_seek_a_tile_is_unknown_to_every_view_until_revealed():
    state = start(variant="seek")
    play(state, "right")  # (0, 0) turned up and revealed: the red crown
    for seat in (0, 1, None):
        tiles = GAME.view(state, seat).tiles
        assert tiles[0] == TileView("red", "crown", True)
        assert tiles[1:] == (TileView(None, None, False),) * 24


def test_redact_keeps_seek_setups_and_reveals_public():
    setup = setup_event(2, seek=True)
    assert GAME.redact(setup, 0) == {**setup, "colours": ["red", None]}
    reveal = {"type": "reveal", "pos": [0, 0], "tile": ["red", "crown"]}
    assert GAME.redact(reveal, 1) == reveal


def test_describe_seek_setup_and_reveals():
    state = GAME.new_state(header(2, variant="seek"))
    line = GAME.describe(state, setup_event(2, seek=True), 0)
    assert line.params["seek"] and english(line, NAMES).startswith("Tiles laid out chest side up, unseen;")
    state = start(variant="seek")
    play(state, "right")
    GAME.apply(state, {"type": "step", "seat": 0, "dir": "right"})
    event = {"type": "reveal", "pos": [0, 1], "tile": ["blue", "ring"]}
    assert GAME.describe(state, event, 1) == Message("treasure.reveal", {"seat": 0, "tile": ["blue", "ring"]})
    assert english(GAME.describe(state, event, 1), NAMES) == "Ann revealed a blue ring."


def test_describe_a_winning_reveal_tells_the_turn_and_the_winner():
    state = start(variant="seek")
    turn(state, "right", "right", "right")
    turn(state, "up", "down", "up")
    play(state, "right")
    last_step = {"type": "step", "seat": 0, "dir": "down"}
    assert GAME.describe(state, last_step, 1) is None  # not over until the reveal
    GAME.apply(state, last_step)
    line = GAME.describe(state, {"type": "reveal", "pos": [0, 4], "tile": ["red", "gem"]}, 1)
    assert line.id == "treasure.turn" and line.params["tile"] == ["red", "gem"]
    assert english(line, NAMES) == (
        "Ann moved right, down — flipped 2 tiles. Ann revealed a red gem. All 5 red tiles show the treasure side: the winner is Ann."
    )
