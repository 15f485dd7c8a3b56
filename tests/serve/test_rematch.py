"""A rematch at a finished table (issue 36): every player seated accepts and the same game, options and seats
begin again with the next seat first; a player who declines or leaves, or the wait running out, ends it."""

from __future__ import annotations

import itertools

import pytest

from kobito_tui.serve import protocol
from kobito_tui.serve.lobby import REMATCH_S, Lobby, Rematched, Room, Visitor, first_player
from kobito_tui.serve.store import OVER
from kobito_tui.table import Refusal

ANN, BOB = "key:SHA256:" + "A" * 43, "key:SHA256:" + "B" * 43
WENDY = "guest:" + "1" * 16


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def finished(lobby: Lobby, seats: list[str], *visitors: Visitor, first: int | None = 0) -> Room:
    """A table of ``seats`` ("open" for each visitor, in turn), played to its end."""
    room = lobby.create(visitors[0], protocol.CreateTable(1, "kobito", seats, {"first_player": "random"}))
    assert isinstance(room, Room)
    opened = (seat for seat, kind in enumerate(seats) if kind == "open")
    for visitor in visitors:
        assert not isinstance(lobby.join(visitor, protocol.Join(1, room.table_id, next(opened), None)), Refusal)
    room.status, room.first = OVER, first
    return room


def answer(lobby: Lobby, visitor: Visitor, room: Room, accept: bool = True) -> Rematched:
    answered = lobby.answer_rematch(visitor, protocol.Rematch(1, room.table_id, accept))
    assert isinstance(answered, Rematched), answered
    return answered


def lobby_with_clock() -> tuple[Lobby, Clock]:
    clock, ids, codes = Clock(), (f"t{n}" for n in itertools.count()), (f"code{n}" for n in itertools.count())
    return Lobby(clock=clock, new_id=lambda: next(ids), new_code=lambda: next(codes)), clock


def test_everyone_accepting_sets_the_same_game_with_the_next_seat_first():
    lobby, _ = lobby_with_clock()
    ann, bob = Visitor(ANN, "Ann"), Visitor(BOB, "Bob")
    room = finished(lobby, ["open", "hard", "open"], ann, bob, first=2)
    assert answer(lobby, ann, room).new is None
    assert room.info().rematch == [0] and room.info().next == ""
    new = answer(lobby, bob, room).new
    assert new is not None and room.info().next == new.table_id and room.info().rematch == [0, 2]
    assert new.game == "kobito" and new.options == {**room.options, "first_player": 0}  # after seat 3, seat 1
    assert [(c.kind, c.identity, c.name, c.level) for c in new.chairs] == [
        ("player", ANN, "Ann", None),
        ("computer", "", "", "hard"),
        ("player", BOB, "Bob", None),
    ]
    assert new.status != OVER and all(c.kind != "open" for c in new.chairs)  # every seat taken: the hub starts it
    seated = lobby.join(bob, protocol.Join(2, new.table_id, None, None))  # each player's own seat, by identity
    assert not isinstance(seated, Refusal) and seated.seat == 2 and not seated.took_open
    late = answer(lobby, ann, room)  # a late answer makes nothing new: the rematch is at room.next
    assert late.new is None and room.next == new.table_id and len(lobby.rooms) == 2


def test_an_unknown_first_player_keeps_the_option():
    lobby, _ = lobby_with_clock()
    ann, bob = Visitor(ANN, "Ann"), Visitor(BOB, "Bob")
    room = finished(lobby, ["open", "open"], ann, bob, first=None)
    answer(lobby, ann, room)
    new = answer(lobby, bob, room).new
    assert new is not None and new.options["first_player"] == "random"
    assert first_player([{"type": "setup", "first": 1, "deck": []}, {"type": "play"}]) == 1 and first_player([]) is None


def test_a_guest_seat_is_the_guests_again_by_identity_with_a_new_code():
    lobby, _ = lobby_with_clock()
    wendy, bob = Visitor(WENDY, "Wendy"), Visitor(BOB, "Bob")
    room = finished(lobby, ["open", "open"], wendy, bob)
    answer(lobby, wendy, room)
    new = answer(lobby, bob, room).new
    assert new is not None and new.chairs[0].identity == WENDY and new.chairs[0].code.startswith("code")
    assert new.options["first_player"] == 1
    seated = lobby.join(wendy, protocol.Join(2, new.table_id, None, None))
    assert not isinstance(seated, Refusal) and seated.seat == 0 and seated.code == new.chairs[0].code


def test_a_player_who_declines_or_leaves_ends_it_and_others_are_refused():
    lobby, _ = lobby_with_clock()
    ann, bob = Visitor(ANN, "Ann"), Visitor(BOB, "Bob")
    room = finished(lobby, ["open", "open"], ann, bob)
    answer(lobby, ann, room)
    assert answer(lobby, bob, room, accept=False).off
    info = room.info()
    assert info.rematch_off == "declined" and info.declined == 1 and info.next == ""
    late = lobby.answer_rematch(ann, protocol.Rematch(1, room.table_id, True))
    assert isinstance(late, Refusal) and late.id == "rematch-off"
    other = finished(lobby, ["open", "open"], ann, bob)
    lobby.leave(bob)  # back to the lobby from the final screen
    assert other.info().rematch_off == "declined" and other.info().declined == 1


def test_the_wait_times_out_on_the_lobbys_clock():
    lobby, clock = lobby_with_clock()
    ann, bob = Visitor(ANN, "Ann"), Visitor(BOB, "Bob")
    room = finished(lobby, ["open", "open"], ann, bob)
    answer(lobby, ann, room)
    clock.now += REMATCH_S - 1
    assert lobby.expire_rematches() == []
    clock.now += 1
    assert lobby.expire_rematches() == [room] and room.info().rematch_off == "timeout"
    late = lobby.answer_rematch(bob, protocol.Rematch(1, room.table_id, True))
    assert isinstance(late, Refusal) and late.id == "rematch-off"
    assert lobby.expire_rematches() == []  # told once


def test_only_a_player_of_a_finished_table_may_answer():
    lobby, _ = lobby_with_clock()
    ann, bob, eve = Visitor(ANN, "Ann"), Visitor(BOB, "Bob"), Visitor("key:SHA256:" + "E" * 43, "Eve")
    room = finished(lobby, ["open", "open"], ann, bob)
    refused = lobby.answer_rematch(eve, protocol.Rematch(1, room.table_id, True))
    assert isinstance(refused, Refusal) and refused.id == "no-rematch"
    room.status = "playing"
    refused = lobby.answer_rematch(ann, protocol.Rematch(1, room.table_id, True))
    assert isinstance(refused, Refusal) and refused.id == "no-rematch"


@pytest.mark.slow  # a real server and whole games
def test_at_the_hub_both_accepting_begin_the_rematch_and_one_declining_tells_the_other(server):
    import random

    from .helpers import KEY_ANN, KEY_BOB, eventually, play_until

    ann, bob = server.connect(KEY_ANN, "Ann"), server.connect(KEY_BOB, "Bob")
    table = ann.create("kobito", ["open", "easy", "open"], {"first_player": 1})
    seats = [ann.join(table, 0), bob.join(table, 2)]
    play_until(seats, random.Random(4), lambda u: u.over, timeout=120)
    assert ann.rematch(table) is None
    eventually(lambda: bob.tables[table].rematch == [0])
    new = bob.rematch(table)
    assert isinstance(new, str) and new != table
    eventually(lambda: ann.tables[table].next == new)
    again = [ann.join(new), bob.join(new)]  # each player's own seat, by identity
    assert [r.seat for r in again] == [0, 2]
    first = again[0].wait_for(lambda u: u.to_act is not None)
    header = first.header
    assert [s.kind for s in header.seats] == ["human", "bot", "human"] and header.options["first_player"] == 2
    assert first.to_act == 2 and ann.tables[new].seats[1].level == "easy"
    # The rematch's rematch: Bob declines (he goes back to the lobby), and Ann is told.
    play_until(again, random.Random(5), lambda u: u.over, timeout=120)
    assert ann.rematch(new) is None
    bob.leave()
    eventually(lambda: ann.tables[new].rematch_off == "declined" and ann.tables[new].declined == 2)
    refused = ann.rematch(new)
    assert isinstance(refused, Refusal) and refused.id == "rematch-off"
    for connection in (ann, bob):
        connection.close()


@pytest.mark.slow  # a real server and whole games
async def test_two_players_press_rematch_on_the_final_screen_and_land_at_the_new_table(server, data_dir):
    import random

    from textual.widgets import Button, Static

    from kobito_tui.app.remote import lobby_app
    from kobito_tui.app.screens.final import FinalScreen
    from kobito_tui.app.screens.game import GameScreen

    from .helpers import KEY_ANN, KEY_BOB
    from .test_remote_app import in_lobby, notices, until

    table = server.connect(KEY_ANN, "Ann").create("treasure", ["open", "open"], {"first_player": 0})
    ann, bob = lobby_app(server.socket, KEY_ANN, "Ann", data_dir / "saves"), lobby_app(server.socket, KEY_BOB, "Bob", data_dir / "saves")
    async with ann.run_test(size=(80, 24)) as a, bob.run_test(size=(80, 24)) as b:
        for pilot, app in ((a, ann), (b, bob)):
            await until(pilot, lambda app=app: in_lobby(app) and app.screen.chosen() == table)
            await pilot.press("j")
        await until(a, lambda: isinstance(ann.screen, GameScreen))
        await until(b, lambda: isinstance(bob.screen, GameScreen))
        rng = random.Random(6)

        async def to_the_end() -> None:
            remotes = [ann.home.remote, bob.home.remote]
            while not remotes[0].wait_for(lambda u: True).over:  # their moves, made by the test through their tables
                for remote in remotes:
                    update = remote.last
                    if update is not None and update.legal and not update.over:
                        remote.submit(remote.seat, rng.choice(update.legal), update.revision)
                await a.pause(0.01)
            await until(a, lambda: isinstance(ann.screen, FinalScreen))
            await until(b, lambda: isinstance(bob.screen, FinalScreen))

        await to_the_end()
        await until(a, lambda: [str(button.label) for button in ann.screen.query("#play_again").results(Button)] == ["Rematch"])
        await a.press("p")
        line = lambda: "".join(str(said.render()) for said in ann.screen.query("#final-rematch").results(Static))  # noqa: E731
        await until(a, lambda: line() == "Waiting for Bob…")
        await until(
            b,
            lambda: (
                "".join(str(said.render()) for said in bob.screen.query("#final-rematch").results(Static)) == "Rematch proposed by Ann."
            ),
        )
        await b.press("p")
        for pilot, app in ((a, ann), (b, bob)):
            await until(pilot, lambda app=app: isinstance(app.screen, GameScreen) and app.home.remote.table_id != table)
        new = ann.home.remote.table_id
        assert bob.home.remote.table_id == new and (ann.home.remote.seat, bob.home.remote.seat) == (0, 1)
        assert ann.home.remote.wait_for(lambda u: u.to_act is not None).header.options["first_player"] == 1
        await to_the_end()  # and again: Ann would, Bob goes back to the lobby
        await a.press("p")
        await until(a, lambda: line() == "Waiting for Bob…")
        await b.press("escape")
        await until(b, lambda: in_lobby(bob))
        await until(a, lambda: in_lobby(ann) and "Bob declined the rematch." in notices(ann))


@pytest.mark.slow  # a real server and whole games
def test_at_the_hub_a_rematch_nobody_else_accepts_times_out_and_everyone_is_told(data_dir):
    import random

    from kobito_tui.serve.client import HubConnection

    from .helpers import KEY_ANN, KEY_BOB, eventually, play_until, running_hub

    with running_hub(data_dir) as hub:
        hub.lobby.rematch_s = 0.3
        ann, bob = (HubConnection(hub.socket_path, key, name, timeout=10) for key, name in ((KEY_ANN, "Ann"), (KEY_BOB, "Bob")))
        table = ann.create("treasure", ["open", "open"])
        play_until([ann.join(table, 0), bob.join(table, 1)], random.Random(7), lambda u: u.over, timeout=120)
        assert bob.rematch(table) is None
        eventually(lambda: ann.tables[table].rematch_off == "timeout" and bob.tables[table].rematch_off == "timeout")
        assert ann.tables[table].rematch == [1] and ann.tables[table].next == ""
        for connection in (ann, bob):
            connection.close()
