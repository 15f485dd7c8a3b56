"""A whole turn taken back against computers, and never where another person sits."""

from __future__ import annotations

import pytest

from kobito_tui.core.record import Record, new_header, parse_players
from kobito_tui.core.session import Session
from kobito_tui.table.perspective import SeatPerspective
from kobito_tui.table.table import Occupant, Table


def treasure_table(second: Occupant) -> Table:
    header = new_header("treasure", parse_players("Ann,Bob"), {"first_player": 0}, seed=4)
    table = Table(Record(header))
    table.bind(0, Occupant.LOCAL)
    table.bind(1, second)
    return table


def play_turn(table: Table, seat: int) -> None:
    """Three steps and the end, the first legal move each time."""
    while table.to_act == seat:
        move = table._session.legal_moves()[0]
        assert table.submit(seat, move, table.revision) is None


def test_against_a_computer_undo_takes_back_its_reply_and_your_turn():
    table = treasure_table(Occupant.COMPUTER)
    updates = []
    table.subscribe(SeatPerspective(0), updates.append)
    start = list(table._session.events)
    play_turn(table, 0)
    play_turn(table, 1)  # the computer's reply
    assert table.to_act == 0 and not table._session.can_undo(0) and updates[-1].can_undo
    assert table.undo(0) is None
    assert table._session.events == start and table.to_act == 0
    assert table._session.state == Session(Record(table._session.header, list(start))).state
    assert updates[-1].undone > 0 and not updates[-1].can_undo  # nothing before the first turn


@pytest.mark.parametrize("other", [Occupant.REMOTE, Occupant.LOCAL])
def test_with_another_person_undo_stays_within_your_own_turn(other):
    table = treasure_table(other)
    updates = []
    table.subscribe(SeatPerspective(0), updates.append)
    play_turn(table, 0)
    play_turn(table, 1)
    events = list(table._session.events)
    assert not updates[-1].can_undo
    refusal = table.undo(0)
    assert refusal is not None and refusal.id == "nothing-to-undo" and table._session.events == events


def test_within_a_turn_undo_still_takes_one_move_back_first():
    table = treasure_table(Occupant.COMPUTER)
    play_turn(table, 0)
    play_turn(table, 1)
    before = len(table._session.events)
    table.submit(0, table._session.legal_moves()[0], table.revision)
    assert table.undo(0) is None and len(table._session.events) == before  # the step only
    assert table.undo(0) is None and len(table._session.events) < before  # then the whole turn


def test_a_loaded_game_keeps_its_saved_turns():
    table = treasure_table(Occupant.COMPUTER)
    play_turn(table, 0)
    play_turn(table, 1)
    loaded = Session(Record(table._session.header, list(table._session.events)))
    assert loaded.turn_start(0) is None and loaded.undo_turn(0) == 0
