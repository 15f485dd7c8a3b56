"""Undo/redo, chance events and autosave in the core, on the toy game."""

import pytest

from kobito_tui.core.game import IllegalEvent, Seat
from kobito_tui.core.record import Record, fold, new_header
from kobito_tui.core.savefile import dumps, load
from kobito_tui.core.session import Session

SEATS = (Seat("Ann"), Seat("Bob"))


def new_session(path=None, seed=3):
    return Session(Record(new_header("toy", SEATS, seed=seed)), path=path)


def add(session, n=1):
    return session.play({"type": "add", "seat": session.to_act, "n": n})


def end(session):
    return session.play({"type": "end", "seat": session.to_act})


def test_chance_events_are_recorded_and_replay_identically():
    session = new_session()
    add(session)
    end(session)
    draws = [e for e in session.events if e["type"] == "draw"]
    assert len(draws) == 2
    assert fold(session.game, session.header, session.events) == session.state


def test_same_seed_same_chance_events():
    a, b = new_session(seed=11), new_session(seed=11)
    for s in (a, b):
        end(s)
        end(s)
    assert a.events == b.events


def test_undo_takes_back_own_moves_of_this_turn_and_redo_replays_them():
    session = new_session()
    add(session, 2)
    add(session, 1)
    assert session.state.total == 3
    assert session.undo()["n"] == 1
    assert session.state.total == 2
    assert session.can_redo()
    session.redo()
    assert session.state.total == 3
    assert not session.can_redo()


def test_undo_stops_at_the_draw_that_revealed_information():
    session = new_session()
    add(session)
    end(session)  # Bob draws: a barrier
    assert not session.can_undo()
    add(session)
    assert session.undo() is not None
    assert session.undo() is None
    assert session.events[-1]["type"] == "draw"


def test_only_the_seat_to_act_may_undo():
    session = new_session()
    add(session)
    assert not session.can_undo(seat=1)
    assert session.undo(seat=1) is None


def test_undone_moves_are_not_saved(tmp_path):
    path = tmp_path / "g.jsonl"
    session = new_session(path)
    add(session, 2)
    add(session, 1)
    session.undo()
    assert [e.get("n") for e in load(path).events if e["type"] == "add"] == [2]


def test_a_new_move_clears_redo():
    session = new_session()
    add(session, 1)
    session.undo()
    add(session, 2)
    assert not session.can_redo()


def test_refused_move_leaves_state_and_record_unchanged():
    session = new_session()
    add(session)
    before = (session.game.copy_state(session.state), list(session.events))
    with pytest.raises(IllegalEvent):
        session.play({"type": "add", "seat": session.to_act, "n": 5})
    with pytest.raises(IllegalEvent):
        session.play({"type": "add", "seat": 1, "n": 1})
    assert (session.state, session.events) == before


def test_autosave_after_every_move_and_resume(tmp_path):
    path = tmp_path / "g.jsonl"
    session = new_session(path)
    add(session)
    end(session)
    add(session, 2)
    resumed = Session(load(path), path=path)
    assert resumed.state == session.state
    assert dumps(resumed.record) == path.read_text()
    assert not resumed.can_undo()  # a loaded game resumes at a barrier


def test_no_undo_once_the_game_is_over():
    session = new_session()
    while not session.over:
        add(session, 2)
    assert not session.can_undo()
