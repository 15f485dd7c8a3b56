"""Who is who at a real hub: a key's name, one seat each, seat codes and their guessing, settings per identity."""

from __future__ import annotations

import sqlite3

import pytest

from kobito_tui.i18n.messages import english
from kobito_tui.serve.client import HubClosed, HubConnection
from kobito_tui.serve.lobby import CODE_TRIES_PER_CONNECTION

from .helpers import KEY_ANN, KEY_BOB, Server, eventually

KEY_CID = "key:SHA256:" + "C" * 43


def refused_at_hello(server: Server, identity: str, name: str) -> HubClosed:
    with pytest.raises(HubClosed) as closed:
        server.connect(identity, name)
    return closed.value


def test_a_name_is_its_first_keys_another_key_or_a_guest_is_refused_with_a_reason(server):
    ann = server.connect(KEY_ANN, "ann")
    for identity, name in ((KEY_BOB, "ann"), (KEY_BOB, " ANN "), ("guest", "Ann")):
        closed = refused_at_hello(server, identity, name)
        assert closed.refusal.id == "name-taken" and "belongs to another player's key" in english(closed.refusal), (identity, name)
    assert server.connect(KEY_BOB, "bob").name == "bob"  # another name is his
    assert server.connect(KEY_ANN, "annie").name == "ann"  # a key keeps the name it was bound to
    table = ann.create("treasure", ["open", "open"])
    ann.join(table, 0)
    eventually(lambda: [s.name for s in ann.tables[table].seats] == ["ann", ""])
    assert "refused" in server.read_log() and "belongs to another player's key" in server.read_log()


def test_a_bound_name_outlives_a_restart(data_dir):
    server = Server(data_dir / "data")
    server.connect(KEY_ANN, "Ann")
    server.stop()
    server = Server(data_dir / "data")
    try:
        assert refused_at_hello(server, KEY_BOB, "Ann").refusal.id == "name-taken"
        assert server.connect(KEY_ANN, "Ann").name == "Ann"
    finally:
        server.stop()


def test_one_identity_has_one_seat_at_a_table(server):
    ann = server.connect(KEY_ANN, "Ann")
    table = ann.create("kobito", ["open", "open", "open"])
    ann.join(table, 0)
    assert ann.join(table, 1).id == "one-seat-each"
    assert server.connect(KEY_ANN, "Ann").join(table, 2).id == "one-seat-each"  # another terminal, the same key
    assert [s.kind for s in ann.tables[table].seats] == ["player", "open", "open"]


def test_guessing_seat_codes_hits_the_limit_and_is_logged(server):
    ann = server.connect("guest", "Ann")
    table = ann.create("treasure", ["open", "open"])
    code = ann.join(table, 0).code
    assert len(code.split("-")) == 6
    eve = HubConnection(server.socket, "guest", "Eve", 10, address="198.51.100.7")
    answers = [eve.join(table, None, f"apple-river-stone-{n}").id for n in range(CODE_TRIES_PER_CONNECTION + 2)]
    assert answers == ["wrong-code"] * CODE_TRIES_PER_CONNECTION + ["too-many-codes"] * 2
    assert eve.join(table, None, code).id == "too-many-codes"  # even the right one, while the limit holds
    again = HubConnection(server.socket, "guest", "Eve", 10, address="198.51.100.7")
    assert again.join(table, None, "wrong").id == "wrong-code"  # a new connection: its address's allowance goes on
    log = server.read_log()
    assert log.count("seat code refused (wrong-code)") == CODE_TRIES_PER_CONNECTION + 1 and "198.51.100.7" in log
    assert ann.tables[table].seats[0].connected  # Ann kept her seat throughout


def test_a_code_never_takes_a_keyed_seat(server):
    ann = server.connect(KEY_ANN, "Ann")
    table = ann.create("treasure", ["open", "open"])
    mine = ann.join(table, 0)
    assert mine.code == ""  # her key brings her back
    eve = server.connect("guest", "Eve")
    assert eve.join(table, None, "").id == "wrong-code"
    assert eve.join(table, 0, "").id == "wrong-code"
    assert server.connect(KEY_ANN, "Ann").join(table).seat == 0


def test_the_connection_that_held_a_seat_is_told_when_its_code_took_it(server):
    gus = server.connect("guest", "Gus")
    table = gus.create("treasure", ["open", "open"])
    code = gus.join(table, 0).code
    back = server.connect(
        "guest", "Gus again"
    )  # the same player on another terminal (Gus is seated: another name), or someone who heard the code
    assert back.join(table, None, code.upper().replace("-", " ")).seat == 0
    eventually(lambda: gus.closed is not None)
    assert gus.bye.id == "seat-taken-by-code" and gus.bye.params == {"table": table, "seat": 0}
    assert "taken with its seat code" in english(gus.bye)
    eventually(lambda: back.tables[table].seats[0].connected)
    assert "seat 1 at table" in server.read_log()


def test_settings_are_kept_per_key_across_reconnects_and_a_restart(data_dir):
    server = Server(data_dir / "data")
    try:
        ann = server.connect(KEY_ANN, "Ann")
        assert ann.settings == {}
        assert ann.set_settings({"guide": False}) is None
        assert ann.set_settings({"lang": "uk"}) is None
        assert server.connect(KEY_ANN, "Ann").settings == {"guide": False, "lang": "uk"}
        assert server.connect(KEY_BOB, "Bob").settings == {}
        guest = server.connect("guest", "Gus")
        assert guest.set_settings({"lang": "ru"}) is None  # for this connection only
        assert server.connect("guest", "Gus").settings == {}
    finally:
        server.stop()
    server = Server(data_dir / "data")
    try:
        assert server.connect(KEY_ANN, "Ann").settings == {"guide": False, "lang": "uk"}
    finally:
        server.stop()


def test_hostile_settings_are_refused_and_the_kept_ones_stay(server):
    ann = server.connect(KEY_ANN, "Ann")
    assert ann.set_settings({"lang": "ru"}) is None
    for hostile in ({"shell": "rm -rf"}, {"lang": "../../etc"}, {"guide": "yes"}):
        assert ann.set_settings(hostile).id == "bad-settings", hostile
    for malformed in ({f"k{n}": True for n in range(9)}, {"lang": "x" * 17}, {"x" * 17: True}, {"lang": 1}):
        eve = server.connect(KEY_CID, "Eve")
        with pytest.raises(HubClosed, match="not a message"):  # past the protocol's bounds: that connection ends
            eve.set_settings(malformed)
    assert server.connect(KEY_ANN, "Ann").settings == {"lang": "ru"}


def test_a_name_a_key_sat_under_in_an_older_data_dir_stays_that_keys(data_dir):
    server = Server(data_dir / "data")
    ann = server.connect(KEY_ANN, "Ann")
    ann.join(ann.create("treasure", ["open", "open"]), 0)
    server.stop()
    with sqlite3.connect(data_dir / "data" / "tables.sqlite") as db:
        db.execute("DELETE FROM identities")  # as before names were bound
    server = Server(data_dir / "data")
    try:
        assert refused_at_hello(server, KEY_BOB, "ann").refusal.id == "name-taken"
        assert server.connect(KEY_ANN, "Ann").name == "Ann"
    finally:
        server.stop()
