"""Leaving a served game for good: with two players the other wins; with more a computer plays on in the seat
and the leaver watches; a game no player is left in is closed, kept unfinished, and its players keep its replay."""

from __future__ import annotations

import random

import pytest

from kobito_tui.core.game import places
from kobito_tui.serve import protocol as p

from .helpers import KEY_ANN, KEY_BOB, Server, eventually, play_until

KEY_CY = "key:SHA256:" + "c" * 43


@pytest.fixture
def server(data_dir):
    served = Server(data_dir / "data")
    yield served
    served.stop()


def test_with_two_players_the_one_who_leaves_loses_and_both_keep_the_replay(server):
    ann, bob = server.connect(KEY_ANN, "Ann"), server.connect(KEY_BOB, "Bob")
    table = ann.create("kobito", ["open", "open"])
    mine, his = ann.join(table, 0), bob.join(table, 1)
    play_until([mine, his], random.Random(3), lambda u: u.revision >= 3)
    assert his.leave_game(1) is None  # on his turn or not
    over = mine.wait_for(lambda u: u.over)
    assert over.result.winners == [0] and over.result.left == [1] and places(over.result, 2) == [1, 2]
    assert any(entry.id == "game.left" and entry.params["seat"] == 1 for entry in mine.log)
    eventually(lambda: ann.tables.get(table) is None or ann.tables[table].status == "over")
    for player in (ann, bob):
        assert table in [info.table for info in player.replays()]
        record = player.record(table)
        assert record.events[-1] == {"type": "leave", "player": 1}
    assert his.leave_game(1).id == "game-over"


def test_with_more_a_computer_plays_on_and_a_game_everyone_left_is_kept_unfinished(server):
    ann, bob = server.connect(KEY_ANN, "Ann"), server.connect(KEY_BOB, "Bob")
    table = ann.create("kobito", ["open", "open", "medium", "easy"])
    mine, his = ann.join(table, 0), bob.join(table, 1)
    play_until([mine, his], random.Random(5), lambda u: u.revision >= 2)
    assert mine.leave_game(0) is None
    eventually(lambda: bob.tables[table].seats[0].left and bob.tables[table].seats[0].kind == "computer")
    before = his.revision
    his.wait_for(lambda u: u.revision > before + 2 or u.to_act == 1, timeout=20)  # the stand-in plays when its turn comes
    assert mine.submit(0, {"type": "end-turn", "seat": 0}, mine.revision) is not None  # no longer hers to play
    assert his.leave_game(1) is None  # the last player leaves: nobody is left but computers
    eventually(lambda: bob.tables.get(table) is None or bob.tables[table].status == "unfinished")
    cy = server.connect(KEY_CY, "Cy")
    assert table not in cy.tables or cy.tables[table].status == "unfinished"
    for player in (server.connect(KEY_ANN, "Ann"), server.connect(KEY_BOB, "Bob")):
        assert table in [info.table for info in player.replays()]  # theirs to replay, unfinished
    assert cy.record(table).id == "no-seat-of-yours"


def test_leaving_what_is_not_yours_to_leave_is_refused_and_the_hub_goes_on(server):
    ann, eve = server.connect(KEY_ANN, "Ann"), server.connect("guest", "Eve")
    resign = lambda i: p.Resign(i)  # noqa: E731 - what a client of its own may send at any time
    assert p.refusal(eve.request(resign)).id == "not-seated"  # in the lobby
    table = ann.create("treasure", ["open", "open"])
    mine = ann.join(table, 0)
    assert mine.leave_game(0).id == "not-begun"  # nothing to leave yet: her seat is hers until it begins
    eve.spectate(table)
    assert p.refusal(eve.request(resign)).id == "not-seated"  # watching
    assert mine.leave_game(1).id == "not-your-seat"
    assert ann.create("kobito", ["open", "random"]) is not None  # the hub answers still


def test_after_a_restart_the_stand_in_plays_on_and_an_unfinished_game_stays_unfinished(data_dir):
    first = Server(data_dir / "data")
    try:
        ann, bob, cy = (first.connect(key, name) for key, name in ((KEY_ANN, "Ann"), (KEY_BOB, "Bob"), (KEY_CY, "Cy")))
        playing = ann.create("kobito", ["open", "open", "open"])
        hers, his, theirs = ann.join(playing, 0), bob.join(playing, 1), cy.join(playing, 2)
        assert hers.leave_game(0) is None
        deserted = ann.create("treasure", ["open", "easy", "easy"])
        ann.join(deserted, 0).leave_game(0)
        eventually(lambda: ann.tables[deserted].status == "unfinished")
    finally:
        first.stop()
    again = Server(data_dir / "data")
    try:
        bob, cy = again.connect(KEY_BOB, "Bob"), again.connect(KEY_CY, "Cy")
        assert bob.tables[playing].seats[0].left and bob.tables[playing].seats[0].kind == "computer"
        assert deserted not in bob.tables  # not listed as playing after the restart either
        his, theirs = bob.join(playing, 1), cy.join(playing, 2)
        play_until([his, theirs], random.Random(2), lambda u: u.over, timeout=60)  # seat 0 is the stand-in's: it plays
        result = his.wait_for(lambda u: u.over).result
        assert result.left == [0] and places(result, 3)[0] == 3
        assert deserted in [info.table for info in again.connect(KEY_ANN, "Ann").replays()]
    finally:
        again.stop()


def test_a_player_away_comes_back_to_the_seat_a_computer_played_and_the_record_tells_it(data_dir):
    server = Server(data_dir / "data", "--away-before-give", "0")
    try:
        ann, bob = server.connect(KEY_ANN, "Ann"), server.connect(KEY_BOB, "Bob")
        table = ann.create("kobito", ["open", "open"])
        hers = ann.join(table, 0)
        bob.join(table, 1)
        eventually(lambda: [s.connected for s in ann.tables[table].seats] == [True, True])
        bob.close()
        eventually(lambda: ann.tables[table].seats[1].connected is False)  # away now, not an open seat still
        given = ann.give_to_computer(1, "random")
        assert given is None, given  # any player seated there may: Bob stalls nobody
        eventually(lambda: ann.tables[table].seats[1].kind == "computer" and ann.tables[table].seats[1].name == "Bob")
        play_until([hers], random.Random(4), lambda u: u.revision >= 8)  # the stand-in plays Bob's turns
        bob = server.connect(KEY_BOB, "Bob")
        his = bob.join(table)  # his seat back, by his key
        assert his.seat == 1
        eventually(lambda: ann.tables[table].seats[1].kind == "player" and ann.tables[table].seats[1].connected)
        kinds = [entry.id for entry in hers.log]
        assert kinds.index("game.stand-in") < kinds.index("game.back")
        play_until([hers, his], random.Random(5), lambda u: u.over, timeout=60)
        record = hers.record()
        assert {"type": "stand-in", "player": 1} in record.events and {"type": "back", "player": 1} in record.events
        assert server.connect("guest", "Eve").join(table).id == "no-seat-of-yours"
    finally:
        server.stop()


def test_the_others_vote_to_end_a_game_a_player_away_holds_up(data_dir):
    server = Server(data_dir / "data", "--away-before-give", "0")
    try:
        ann, bob, cy = (server.connect(key, name) for key, name in ((KEY_ANN, "Ann"), (KEY_BOB, "Bob"), (KEY_CY, "Cy")))
        table = ann.create("kobito", ["open", "open", "open"])
        hers, _his = ann.join(table, 0), bob.join(table, 1)
        cy.join(table, 2)
        eventually(lambda: all(s.connected for s in ann.tables[table].seats))
        assert ann.vote_to_end().id == "nobody-holds-up"
        cy.close()
        eventually(lambda: not ann.tables[table].seats[2].connected)
        assert ann.vote_to_end() is None
        eventually(lambda: ann.tables[table].votes == [0])
        assert not hers.wait_for(lambda u: True).over  # Bob has not voted
        assert bob.vote_to_end() is None
        result = hers.wait_for(lambda u: u.over).result
        assert result.left == [2] and result.summary.id == "game.called-off" and places(result, 3)[2] == 3
        assert {"type": "called-off", "player": 2} in hers.record().events
    finally:
        server.stop()


def test_a_rated_tables_players_are_told_their_rating_changes_and_nobody_else_is(server):
    ann, bob = server.connect(KEY_ANN, "Ann"), server.connect(KEY_BOB, "Bob")
    table = ann.create("treasure", ["open", "open"])
    hers, his = ann.join(table, 0), bob.join(table, 1)
    assert his.leave_game(1) is None  # the shortest rated game: Bob leaves, Ann wins
    hers.wait_for(lambda u: u.over)
    changes: list = []

    def told() -> bool:
        changes[:] = ann.rating_changes(table)
        return len(changes) == 2

    eventually(told, 10)  # once the projection has folded the table
    mine, theirs = sorted(changes, key=lambda change: change.seat)
    assert mine.before == theirs.before == "1500?" and mine.change.startswith("+") and theirs.change.startswith("-")
    assert all("key:" not in repr(change) and "SHA256" not in repr(change) for change in changes)  # numbers, not who
    assert server.connect("guest", "Eve").rating_changes(table).id == "no-seat-of-yours"
