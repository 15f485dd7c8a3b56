"""The lobby's seating rules alone: no hub, no sockets, a fake clock (milliseconds each)."""

from __future__ import annotations

import itertools

import pytest

from kobito_tui.serve import protocol as p
from kobito_tui.serve.limits import MAX_OPEN_TABLES
from kobito_tui.serve.lobby import Lobby, Room, Visitor
from kobito_tui.serve.store import OVER, PLAYING
from kobito_tui.table import Refusal

ANN, BOB = "key:SHA256:" + "A" * 43, "key:SHA256:" + "B" * 43


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def lobby(clock: Clock) -> Lobby:
    ids = (f"t{n}" for n in itertools.count())
    return Lobby(away_before_give_s=60, clock=clock, new_id=lambda: next(ids))


def table(lobby: Lobby, creator: Visitor, seats: list[str] | None = None) -> Room:
    room = lobby.create(creator, p.CreateTable(1, "treasure", seats or ["open", "open"]))
    assert isinstance(room, Room)
    return room


def join(lobby: Lobby, visitor: Visitor, room: Room, seat: int | None = None, code: str | None = None):
    return lobby.join(visitor, p.Join(1, room.table_id, seat, code))


def give(lobby: Lobby, visitor: Visitor, seat: int) -> Refusal | Room:
    return lobby.give_to_computer(visitor, p.GiveToComputer(1, seat, "random"))


def test_a_seat_is_given_to_a_computer_only_after_its_player_is_away_long_enough(lobby, clock):
    ann, bob = Visitor(ANN, "Ann"), Visitor(BOB, "Bob")
    room = table(lobby, ann)
    join(lobby, ann, room, 0)
    seated = join(lobby, bob, room, 1)
    assert seated.full and seated.took_open
    room.status = PLAYING  # the hub began the game
    assert give(lobby, ann, 1).id == "not-away"  # Bob is here
    lobby.leave(bob)
    assert room.info().seats[1].connected is False
    clock.now += 59.9
    assert give(lobby, ann, 1).id == "not-away"
    clock.now += 0.2
    assert give(lobby, bob, 1).id == "not-creator"
    assert give(lobby, ann, 1) is room
    assert room.chairs[1].kind == "computer" and room.chairs[1].name == "Bob"


def test_before_the_game_begins_no_seat_is_long_away(lobby, clock):
    ann, bob = Visitor(ANN, "Ann"), Visitor(BOB, "Bob")
    room = table(lobby, ann, ["open", "open", "open"])
    join(lobby, ann, room, 0)
    join(lobby, bob, room, 1)
    lobby.leave(bob)
    clock.now += 3600
    assert give(lobby, ann, 1).id == "not-away"


def test_coming_back_clears_away_and_a_seat_taken_is_refused(lobby, clock):
    ann, bob, eve = Visitor(ANN, "Ann"), Visitor(BOB, "Bob"), Visitor("guest:e", "Eve")
    room = table(lobby, ann)
    join(lobby, ann, room, 0)
    join(lobby, bob, room, 1)
    room.status = PLAYING
    assert join(lobby, eve, room, 1).id == "seat-taken"
    lobby.leave(bob)
    clock.now += 120
    again = join(lobby, Visitor(BOB, "Bob"), room)  # a new connection, the same key: its seat back
    assert again.seat == 1 and not again.took_open and not again.full
    assert give(lobby, ann, 1).id == "not-away"


def test_a_code_gives_a_guest_its_seat_and_the_creators_rights_back(lobby, clock):
    guest = Visitor("guest:1", "Ann")
    room = table(lobby, guest)
    code = join(lobby, guest, room, 0).code
    lobby.leave(guest)
    back = Visitor("guest:2", "Ann")
    assert not room.created_by(back)
    assert join(lobby, back, room).id == "no-seat-of-yours"
    assert join(lobby, back, room, code="nope").id == "no-seat-of-yours"
    assert join(lobby, back, room, code=code).seat == 0
    assert room.created_by(back)


def test_creating_is_capped_and_checked(lobby):
    ann = Visitor(ANN, "Ann")
    for _ in range(MAX_OPEN_TABLES):
        table(lobby, ann)
    assert lobby.create(ann, p.CreateTable(1, "treasure", ["open", "open"])).id == "too-many-tables"
    bob = Visitor(BOB, "Bob")
    assert lobby.create(bob, p.CreateTable(1, "chess", ["open"])).id == "unknown-game"
    assert lobby.create(bob, p.CreateTable(1, "treasure", ["open", "god"])).id == "bad-seat"
    assert lobby.create(bob, p.CreateTable(1, "treasure", ["open"] * 9)).id == "bad-options"


def test_the_listing_leaves_out_finished_tables_and_replays_are_the_seats_one_had(lobby):
    ann, bob = Visitor(ANN, "Ann"), Visitor(BOB, "Bob")
    done, going = table(lobby, ann), table(lobby, ann)
    join(lobby, ann, done, 0)
    join(lobby, bob, done, 1)
    done.status = OVER
    assert [info.table for info in lobby.listing()] == [going.table_id]
    assert lobby.played(Visitor(BOB, "Bob")) == [done]
    assert lobby.played(Visitor(BOB + "x", "Bob")) == []


def test_spectating_moves_a_player_out_of_its_seat_and_marks_it_away(lobby, clock):
    ann, bob = Visitor(ANN, "Ann"), Visitor(BOB, "Bob")
    one, two = table(lobby, ann), table(lobby, bob)
    join(lobby, ann, one, 0)
    assert lobby.spectate(ann, p.Spectate(1, two.table_id)) is two
    assert one.away_since == {0: clock.now} and ann.seat is None and two.info().spectators == 1
    assert lobby.spectate(ann, p.Spectate(1, "nope")).id == "no-such-table"
