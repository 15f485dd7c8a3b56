"""Hide the Treasure through the lead's core: registry, save files, sessions with undo."""

from __future__ import annotations

import random

from kobito_tui.core.games import get_game
from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import Record, new_header, parse_players
from kobito_tui.core.savefile import dumps, loads
from kobito_tui.core.session import Session
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
