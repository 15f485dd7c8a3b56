"""Seats at the hub: away players, a seat given to a computer, and tables that do not validate."""

from __future__ import annotations

import random
import sqlite3
import time

from .helpers import KEY_ANN, KEY_BOB, Server, eventually, play_until


def test_a_player_who_drops_is_away_and_the_creator_may_give_the_seat_to_a_computer(data_dir):
    server = Server(data_dir / "data", "--away-before-give", "0.3")
    try:
        ann, bob = server.connect(KEY_ANN, "Ann"), server.connect(KEY_BOB, "Bob")
        table = ann.create("treasure", ["open", "open"])
        mine = ann.join(table, 0)
        bob.join(table, 1)
        eventually(lambda: [s.connected for s in ann.tables[table].seats] == [True, True])
        bob.close()
        eventually(lambda: ann.tables[table].seats[1].connected is False)  # "Bob is away"; the table waits
        assert ann.give_to_computer(1, "random").id == "not-away"  # not long enough yet
        eve = server.connect("guest", "Eve")
        eve.spectate(table)
        assert eve.give_to_computer(1, "random").id == "not-at-table"  # watching
        time.sleep(0.35)
        assert ann.give_to_computer(1, "random") is None
        eventually(lambda: ann.tables[table].seats[1].kind == "computer")
        play_until([mine], random.Random(1), lambda u: u.over)
        assert server.connect(KEY_BOB, "Bob").join(table).id == "no-seat-of-yours"
    finally:
        server.stop()


def test_a_guest_who_created_a_table_and_comes_back_with_the_seat_code_is_its_creator_again(data_dir):
    """A guest's identity lasts one connection: the creator's rights go with the creator's seat, proven by its code."""
    server = Server(data_dir / "data", "--away-before-give", "0.3")
    try:
        ann, bob, cid = (server.connect("guest", name) for name in ("Ann", "Bob", "Cid"))
        table = ann.create("kobito", ["open", "open", "open"])
        code = ann.join(table, 0).code
        bob.join(table, 1)
        cid.join(table, 2)
        eventually(lambda: all(s.connected for s in cid.tables[table].seats))
        ann.close()
        bob.close()
        ann = server.connect("guest", "Ann")  # another connection: another guest identity
        mine = ann.join(table, code=code)
        assert mine.seat == 0
        eventually(lambda: [s.connected for s in ann.tables[table].seats] == [True, False, True])
        time.sleep(0.35)
        eve = server.connect("guest", "Eve")
        eve.spectate(table)
        assert eve.give_to_computer(1, "random").id == "not-at-table"  # watching
        assert ann.give_to_computer(1, "random") is None  # the creator, back by her code
        eventually(lambda: ann.tables[table].seats[1].kind == "computer")
    finally:
        server.stop()


def test_a_stored_table_that_does_not_validate_is_set_aside_and_the_rest_go_on(data_dir):
    server = Server(data_dir / "data")
    ann = server.connect(KEY_ANN, "Ann")
    good = ann.create("kobito", ["open", "random"])
    bad = ann.create("kobito", ["open", "random"])
    for table in (good, bad):
        ann.join(table, 0).wait_for(lambda u: True)
    server.stop()
    with sqlite3.connect(data_dir / "data" / "tables.sqlite") as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        db.execute("UPDATE events SET event = ? WHERE table_id = ? AND seq = 1", ('{"type":"draw","player":0,"cards":["G9"]}', bad))

    server = Server(data_dir / "data")
    try:
        ann = server.connect(KEY_ANN, "Ann")
        assert set(ann.tables) == {good}
        assert f"table {bad} set aside" in server.read_log()
        assert ann.join(bad).id == "no-such-table"
        assert ann.join(good).wait_for(lambda u: u.legal)
    finally:
        server.stop()
