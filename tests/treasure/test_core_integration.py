"""Hide the Treasure through the lead's core: registry, save files, sessions with undo."""

from __future__ import annotations

import random

from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import Record, fold, new_header, parse_players
from kobito_tui.core.savefile import dumps, loads
from kobito_tui.core.session import Session
from kobito_tui.games import get_game
from kobito_tui.treasure import GAME


def test_registry_finds_the_game():
    assert get_game("treasure") is GAME


def test_a_random_game_survives_a_save_file_round_trip():
    for options in ({}, {"variant": "seek", "shared_pawn": True, "turn_limit": 5}):
        header = new_header("treasure", parse_players("Ann,Bob,Cy"), options, seed=3)
        record, state = random_game(GAME, header, random.Random(3))
        loaded = loads(dumps(record))
        assert loaded.events == record.events
        replayed = Session(loaded).state
        assert GAME.view(replayed, None) == GAME.view(state, None)


def test_a_session_undoes_steps_but_not_a_confirmed_turn():
    session = Session(Record(new_header("treasure", parse_players("Ann,Bob"), {"first_player": 0}, seed=1)))
    start = session.view(None).pawns[0]
    session.play(session.legal_moves()[0])
    session.play(session.legal_moves()[0])
    assert session.view(None).steps_taken == 2
    session.undo()
    session.undo()
    view = session.view(None)
    assert view.pawns[0] == start and view.steps_taken == 0
    assert all(tile.face_up for tile in view.tiles)
    for _ in range(3):
        session.play(session.legal_moves()[0])
    session.play({"type": "end", "seat": 0})
    assert session.to_act == 1 and not session.can_undo()


def test_in_seek_a_step_that_reveals_a_tile_cannot_be_undone():
    options = {"variant": "seek", "first_player": 0}
    session = Session(Record(new_header("treasure", parse_players("Ann,Bob"), options, seed=2)))
    first = session.legal_moves()[0]
    added = session.play(first)
    assert added[0] == first and added[1]["type"] == "reveal" and "seat" not in added[1]
    assert not session.can_undo() and session.undo() is None  # the reveal is a barrier
    back = {"up": "down", "down": "up", "left": "right", "right": "left"}[first["dir"]]
    added = session.play({"type": "step", "seat": 0, "dir": back})  # turns up another unseen tile
    assert [event["type"] for event in added] == ["step", "reveal"] and not session.can_undo()
    added = session.play({"type": "step", "seat": 0, "dir": first["dir"]})  # the first tile back to its chest
    assert added == [{"type": "step", "seat": 0, "dir": first["dir"]}]  # known: no reveal
    assert session.can_undo() and session.undo() == added[0]
    assert sum(tile.colour is not None for tile in session.view(1).tiles) == 2


def test_in_seek_fold_equals_the_live_game_and_saves_round_trip_to_the_same_bytes():
    for seed in range(6):
        header = new_header("treasure", parse_players("Ann,Bob,Cy"), {"variant": "seek"}, seed=seed)
        session = Session(Record(header))
        rng = random.Random(seed)
        while not session.over:
            session.play(rng.choice(session.legal_moves()))
            if session.can_undo() and rng.random() < 0.2:
                session.undo()
        assert any(event["type"] == "reveal" for event in session.events)
        assert fold(GAME, header, session.events) == session.state
        text = dumps(session.record)
        assert dumps(loads(text)) == text and Session(loads(text)).state == session.state
