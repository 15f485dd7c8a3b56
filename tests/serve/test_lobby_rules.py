"""The lobby's seating rules alone: no hub, no sockets, a fake clock (milliseconds each)."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from kobito_tui.serve import protocol, seatcode
from kobito_tui.serve.lobby import (
    CODE_TRIES_PER_ADDRESS,
    CODE_TRIES_PER_CONNECTION,
    CODE_WINDOW_S,
    Given,
    Lobby,
    Room,
    Seated,
    Visitor,
    claim,
    name_refusal,
    settings_refusal,
)
from kobito_tui.serve.store import OVER, PLAYING
from kobito_tui.serve.table_limits import MAX_OPEN_TABLES
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
    room = lobby.create(creator, protocol.CreateTable(1, "treasure", seats or ["open", "open"]))
    assert isinstance(room, Room)
    return room


def join(lobby: Lobby, visitor: Visitor, room: Room, seat: int | None = None, code: str | None = None):
    return lobby.join(visitor, protocol.Join(1, room.table_id, seat, code))


def give(lobby: Lobby, visitor: Visitor, seat: int) -> Refusal | Given:
    return lobby.give_to_computer(visitor, protocol.GiveToComputer(1, seat, "random"))


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
    assert give(lobby, bob, 1).id == "not-at-table"  # gone from the table
    assert give(lobby, ann, 1).room is room
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
    assert join(lobby, back, room, code="nope").id == "wrong-code"
    assert join(lobby, back, room, code=code.upper().replace("-", "  ")).seat == 0  # read aloud, typed loosely
    assert room.created_by(back)


def test_a_seat_code_is_six_words_for_a_guest_and_none_for_a_key():
    lobby = Lobby()  # the real codes
    guest, ann = Visitor("guest:1", "Gus"), Visitor(ANN, "Ann")
    room = table(lobby, guest)
    code = join(lobby, guest, room, 0).code
    assert len(code.split("-")) == 6 and all(word in seatcode.words() for word in code.split("-"))
    assert join(lobby, ann, room, 1).code == "" and room.chairs[1].code == ""


def test_a_code_never_takes_a_keyed_seat(lobby):
    ann, eve = Visitor(ANN, "Ann"), Visitor("guest:e", "Eve")
    room = table(lobby, ann)
    join(lobby, ann, room, 0)
    room.chairs[0].code = "an-old-code"  # from before codes were for guests only
    assert join(lobby, eve, room, code="an-old-code").id == "wrong-code"
    assert join(lobby, eve, room, 0, code="an-old-code").id == "wrong-code"
    assert ann.seat == 0


def test_one_identity_has_one_seat_per_table(lobby):
    ann, guest = Visitor(ANN, "Ann"), Visitor("guest:1", "Gus")
    room = table(lobby, ann, ["open", "open", "open"])
    join(lobby, ann, room, 0)
    assert join(lobby, ann, room, 1).id == "one-seat-each"
    assert join(lobby, Visitor(ANN, "Ann"), room, 2).id == "one-seat-each"  # another terminal, the same key
    code = join(lobby, guest, room, 1).code
    back = Visitor("guest:2", "Gus")
    assert join(lobby, back, room, code=code).seat == 1
    assert join(lobby, back, room, 2).id == "one-seat-each"  # the seat it has the code of is its one
    assert [c.kind for c in room.chairs] == ["player", "player", "open"]


def test_a_code_takes_the_seat_from_the_connection_that_held_it(lobby):
    guest = Visitor("guest:1", "Gus")
    room = table(lobby, guest)
    code = join(lobby, guest, room, 0).code
    thief = Visitor("guest:2", "Gus?")
    seated = join(lobby, thief, room, code=code)
    assert seated.displaced is guest and guest.room is None and thief.seat == 0
    assert join(lobby, Visitor(ANN, "Ann"), room, 0).id == "seat-taken"
    again = join(lobby, Visitor("guest:3", "Gus"), room, code=code)
    assert again.displaced is thief


def test_guessing_codes_is_limited_per_connection_then_per_address(lobby, clock):
    room = table(lobby, Visitor(ANN, "Ann"))
    guesser = Visitor("guest:g", "Eve", "10.0.0.9")
    for _ in range(CODE_TRIES_PER_CONNECTION):
        assert join(lobby, guesser, room, code="apple-river").id == "wrong-code"
    assert join(lobby, guesser, room, code="apple-river").id == "too-many-codes"
    refused = 0
    for n in range(CODE_TRIES_PER_ADDRESS):  # new connections from the same address
        answer = join(lobby, Visitor(f"guest:{n}", "Eve", "10.0.0.9"), room, code="apple-river")
        refused += answer.id == "too-many-codes"
    assert refused == CODE_TRIES_PER_CONNECTION  # the first five, the guesser's own, counted for the address too
    assert join(lobby, Visitor("guest:o", "Olga", "10.0.0.10"), room, code="x").id == "wrong-code"  # another address
    clock.now += CODE_WINDOW_S + 1
    assert join(lobby, guesser, room, code="apple-river").id == "wrong-code"  # forgotten after the window


def test_a_name_belongs_to_the_first_key_and_settings_are_checked():
    assert claim("  Ann  Lee ") == claim("ann lee")
    assert name_refusal(ANN, "Ann", None) is None
    assert name_refusal(ANN, "Ann", ANN) is None
    assert name_refusal(BOB, "ann", ANN).id == "name-taken"
    assert name_refusal("guest:1", "ann", ANN).id == "name-taken"
    assert settings_refusal({"guide": False, "lang": "uk"}) is None
    for hostile in ({"guide": "no"}, {"lang": "klingon"}, {"lang": True}, {"shell": "rm"}, {"guide": 1}):
        assert settings_refusal(hostile).id == "bad-settings", hostile


def test_creating_is_capped_and_checked(lobby):
    ann = Visitor(ANN, "Ann")
    for _ in range(MAX_OPEN_TABLES):
        table(lobby, ann)
    assert lobby.create(ann, protocol.CreateTable(1, "treasure", ["open", "open"])).id == "too-many-tables"
    bob = Visitor(BOB, "Bob")
    assert lobby.create(bob, protocol.CreateTable(1, "chess", ["open"])).id == "unknown-game"
    assert lobby.create(bob, protocol.CreateTable(1, "treasure", ["open", "god"])).id == "bad-seat"
    assert lobby.create(bob, protocol.CreateTable(1, "treasure", ["open"] * 9)).id == "bad-options"


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
    assert lobby.spectate(ann, protocol.Spectate(1, two.table_id)) is two
    assert one.away_since == {0: clock.now} and ann.seat is None and two.info().spectators == 1
    assert lobby.spectate(ann, protocol.Spectate(1, "nope")).id == "no-such-table"


def state(lobby: Lobby, *visitors: Visitor) -> tuple:
    """Everything a join may change: the rooms' chairs, visitors and away times, and each visitor's place."""
    rooms = [(r.table_id, [dataclasses.astuple(c) for c in r.chairs], sorted(v.name for v in r.visitors), dict(r.away_since))
             for r in lobby.rooms.values()]  # fmt: skip  # aligned by hand with its opening bracket
    return rooms, [(v.room and v.room.table_id, v.seat, sorted(v.codes)) for v in visitors]


def test_a_join_the_hub_could_not_store_is_undone_whole_a_given_seat_too_and_a_new_room_withdrawn(lobby, clock):
    ann, bob, guest = Visitor(ANN, "Ann"), Visitor(BOB, "Bob"), Visitor(lobby.guest_identity(), "Cy")
    first, second = table(lobby, ann), table(lobby, ann, ["open", "open", "open"])
    join(lobby, ann, first, 0)
    join(lobby, bob, second, 0)  # Bob sits elsewhere
    lobby.spectate(guest, protocol.Spectate(1, first.table_id))  # the guest watches
    for visitor, room, seat in ((bob, first, 1), (guest, first, 1), (guest, second, 2)):
        before = state(lobby, ann, bob, guest)
        seated = join(lobby, visitor, room, seat)
        assert isinstance(seated, Seated) and state(lobby, ann, bob, guest) != before
        lobby.unseat(visitor, seated)
        assert state(lobby, ann, bob, guest) == before
    seated = join(lobby, bob, first, 1)
    first.status = PLAYING
    lobby.leave(bob)
    clock.now += 61
    before = state(lobby, ann, bob, guest)
    given = give(lobby, ann, 1)
    assert isinstance(given, Given) and first.chairs[1].kind == "computer"
    lobby.take_back(given)
    assert state(lobby, ann, bob, guest) == before
    lobby.withdraw(second)
    assert second.table_id not in lobby.rooms


def test_any_player_seated_at_the_table_may_give_a_long_away_seat_to_a_computer(lobby, clock):
    ann, bob, cy = Visitor(ANN, "Ann"), Visitor(BOB, "Bob"), Visitor("guest:" + "3" * 16, "Cy")
    room = table(lobby, ann, ["open", "open", "open"])
    for seat, visitor in enumerate((ann, bob, cy)):
        join(lobby, visitor, room, seat)
    room.status = PLAYING
    lobby.leave(cy)
    clock.now += 60.1
    given = give(lobby, bob, 2)  # Bob did not create the table: an absent player stalls him all the same
    assert isinstance(given, Given) and room.chairs[2].kind == "computer"
