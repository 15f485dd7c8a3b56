"""Turn-based tables: a time per move and a bank, on the wall clock (injected), kept with the seating; an overdue
seat may be handed to a computer by any other player, and its player takes it back on return."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kobito_tui.serve import protocol
from kobito_tui.serve.lobby import Lobby, Room, Visitor
from kobito_tui.serve.pace import BANK_MOVES, Clocks

from .helpers import KEY_ANN, KEY_BOB, Server, eventually, play_until

HOUR = 100.0  # seconds, in these tests


class Wall:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def turn_based(pace: str = "1h"):
    wall = Wall()
    lobby = Lobby(wall=wall, hour_s=HOUR)
    ann, bob = Visitor("key:SHA256:" + "a" * 43, "Ann"), Visitor("key:SHA256:" + "b" * 43, "Bob")
    room = lobby.create(ann, protocol.CreateTable(1, "kobito", ["open", "open"], {}, pace))
    assert isinstance(room, Room)
    lobby.join(ann, protocol.Join(2, room.table_id, 0))
    lobby.join(bob, protocol.Join(3, room.table_id, 1))
    room.status = "playing"
    lobby.turn_passed(room, None, 1)  # the game begins: Bob's turn
    return wall, lobby, ann, bob, room


def test_a_move_past_its_time_draws_on_the_bank_and_a_seat_past_both_is_overdue():
    wall, lobby, ann, bob, room = turn_based()
    clocks = room.pace.clocks
    assert clocks.deadline(1) == wall.now + HOUR + BANK_MOVES * HOUR
    wall.now += 1.5 * HOUR  # Bob takes half an hour more than his hour
    lobby.turn_passed(room, 1, 0)
    assert clocks.banks == [BANK_MOVES * HOUR, (BANK_MOVES - 0.5) * HOUR]
    wall.now += HOUR  # Ann, within her time
    lobby.turn_passed(room, 0, 1)
    assert clocks.banks[0] == BANK_MOVES * HOUR
    give = protocol.GiveToComputer(4, 1, "easy")
    wall.now += HOUR + (BANK_MOVES - 0.5) * HOUR - 1
    assert lobby.give_to_computer(ann, give).id == "not-overdue" and not room.info(wall.now).overdue
    wall.now += 1
    assert room.info(wall.now).overdue and room.info(wall.now).pace == "1h"
    assert room.info(wall.now).deadline is not None and room.info(wall.now).deadline.endswith("Z")
    given_away = lobby.give_to_computer(ann, give)
    assert not isinstance(given_away, type(give)) and room.chairs[1].kind == "computer" and room.chairs[1].identity == bob.identity
    assert lobby.join(bob, protocol.Join(5, room.table_id)).took_back  # he is back: his seat again


def test_only_the_seat_to_act_can_be_overdue_and_a_live_table_keeps_the_away_rule():
    wall, lobby, ann, bob, room = turn_based()
    wall.now += 10 * HOUR
    assert lobby.give_to_computer(bob, protocol.GiveToComputer(4, 0, "easy")).id == "not-overdue"  # not Ann's turn
    live = lobby.create(ann, protocol.CreateTable(6, "kobito", ["open", "open"]))
    assert live.pace.clocks is None and live.info().pace == "live" and live.info().deadline is None


def test_a_pace_that_is_not_one_is_refused():
    lobby = Lobby()
    ann = Visitor("key:SHA256:" + "a" * 43, "Ann")
    assert lobby.create(ann, protocol.CreateTable(1, "kobito", ["open", "open"], {}, "2w")).id == "bad-pace"


@given(st.lists(st.floats(0, 10 * HOUR), min_size=1, max_size=30))
def test_the_clocks_survive_the_store_and_a_bank_never_runs_below_nothing(moves):
    clocks = Clocks.start("1h", 3, HOUR)
    now, seat = 0.0, 0
    clocks.turn_passed(None, now)
    for took in moves:
        now += took
        clocks.turn_passed(seat, now)
        seat = (seat + 1) % 3
        assert all(0 <= bank <= BANK_MOVES * HOUR for bank in clocks.banks)
        assert Clocks.from_kept(clocks.kept()) == clocks


def test_clocks_that_do_not_read_set_the_table_aside():
    with pytest.raises(TypeError):
        Clocks.from_kept({"per_move": "x", "banks": [], "turn_began": None})
    with pytest.raises(KeyError):
        Room.from_seating("t", [{"meta": {"game": "kobito", "options": {}, "creator": "c", "creator_name": "C", "pace": "2w"}}])


@pytest.mark.slow  # more than 2 s
def test_a_turn_based_game_between_players_never_there_together_survives_a_restart(data_dir):
    extra = ("--pace-hour", "0.3")  # an hour of 0.3 s: a move's time 0.3 s, a bank of 0.9 s
    server = Server(data_dir / "data", *extra)
    try:
        ann = server.connect(KEY_ANN, "Ann")
        table = ann.create("kobito", ["open", "open"], pace="1h")
        hers = ann.join(table, 0)
        bob = server.connect(KEY_BOB, "Bob")
        his = bob.join(table, 1)
        assert bob.tables[table].pace == "1h" and bob.tables[table].deadline is not None
        bob.close()  # nobody need be there: Ann plays her turns alone
        assert server.connect(KEY_BOB, "Bob").back_to == ""  # turn-based: back in the lobby, not at the table
        play_until([hers], random.Random(1), lambda u: u.to_act == 1, timeout=20)
        ann.close()
    finally:
        server.stop()
    server = Server(data_dir / "data", *extra)  # a restart: the clock runs on from where it was kept
    try:
        ann = server.connect(KEY_ANN, "Ann")
        eventually(lambda: ann.tables[table].overdue, timeout=5)  # Bob's time ran out while nobody was there
        assert ann.join(table).seat == 0
        assert ann.give_to_computer(1, "easy") is None
        bob = server.connect(KEY_BOB, "Bob")
        his = bob.join(table)  # back: his seat again, the computer's moves kept
        assert his.seat == 1
    finally:
        server.stop()


def test_the_others_vote_to_end_a_game_held_up_and_the_last_vote_ends_it():
    wall, lobby, ann, bob, room = turn_based()
    assert lobby.vote_to_end(ann, True).id == "nobody-holds-up"  # Bob still has time
    wall.now += 10 * HOUR
    assert lobby.holding_up(room) == 1
    assert lobby.vote_to_end(bob, True).id == "nobody-holds-up"  # not his vote: he holds it up
    assert lobby.vote_to_end(ann, True) == 1  # the only other player: it ends now
    lobby.turn_passed(room, 1, 0)  # (had Bob moved first, the votes would be gone)
    assert room.votes == set()
