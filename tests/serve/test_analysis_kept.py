"""A finished table's analysis kept at the hub: a player's session program hands it over, the
hub keeps it once it reads as that game's analysis, and the table's players get it back at once.
What a client sends is untrusted: too big, not JSON, not this game's, a table not theirs or not
over, a seat the table does not have, are each refused with a clear reason, and the hub goes on."""

from __future__ import annotations

import json
import random
import zlib

import pytest

from kobito_tui.analysis.checked import checked_report
from kobito_tui.analysis.sidecar import estimate_key
from kobito_tui.i18n.messages import english
from kobito_tui.serve import protocol as p
from kobito_tui.serve.client import HubAnalyses, HubClosed, HubConnection
from tests.replay.conftest import example, hand_report

from .helpers import KEY_ANN, KEY_BOB, eventually, play_until, running_hub

KEY = estimate_key()


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    """A hub, Ann and Bob's finished Hide the Treasure table and its record (as the hub gives it them)."""
    from .helpers import remove, short_dir

    folder = short_dir()
    try:
        with running_hub(folder / "data") as hub:
            ann, bob = connect(hub, KEY_ANN, "Ann"), connect(hub, KEY_BOB, "Bob")
            table = ann.create("treasure", ["open", "open"])
            play_until([ann.join(table, 0), bob.join(table, 1)], random.Random(2), lambda u: u.over)
            eventually(lambda: ann.replays() != [])
            yield hub, table, ann.record(table)
            ann.close()
            bob.close()
    finally:
        remove(folder)


def connect(hub, identity: str = "guest", name: str = "Guest") -> HubConnection:
    return HubConnection(hub.socket_path, identity, name, timeout=10)


def keep_raw(connection: HubConnection, table: str, data: bytes, seat: int | None = None, key: str = KEY):
    return connection.request(lambda i: p.KeepAnalysis(i, table, seat, key, data))


def packed(document) -> bytes:
    return zlib.compress(json.dumps(document).encode())


def rows(hub, table: str) -> list:
    return hub.store._db.execute("SELECT key FROM analyses WHERE table_id = ? ORDER BY key", (table,)).fetchall()


def test_a_player_keeps_an_analysis_and_gets_it_at_once_in_another_session_and_no_one_else_does(finished):
    hub, table, record = finished
    report = hand_report(record, {2: "mistake"})
    ann = connect(hub, KEY_ANN, "Ann")
    try:
        assert ann.analysis(table, None, KEY) is None  # nothing kept yet
        assert ann.keep_analysis(table, None, KEY, hand_report(record)) is None
        assert ann.keep_analysis(table, None, KEY, report) is None  # kept again: replaced, not added
        mine = [t for t in report.turns if t.seat == 0]
        own = hand_report(record)
        own.seats, own.turns, own.chances = own.seats[:1], [t for t in own.turns if t.seat == 0], own.chances[: len(mine) + 1]
        assert ann.keep_analysis(table, 0, KEY, own) is None  # her own seat's: another row
    finally:
        ann.close()
    assert rows(hub, table) == [(f"0:{KEY}@{KEY_ANN}",), (f"all:{KEY}@{KEY_ANN}",)]
    again = connect(hub, KEY_ANN, "Ann")  # her next session
    try:
        assert checked_report(again.analysis(table, None, KEY), record, None) == report
        assert HubAnalyses(again, table).load(record, 0) == own
        assert again.analysis(table, 1, KEY) is None and again.analysis(table, None, "0:2-other") is None
    finally:
        again.close()
    bob = connect(hub, KEY_BOB, "Bob")  # the other player: her numbers are her word, not the server's
    try:
        assert bob.analysis(table, None, KEY) is None and HubAnalyses(bob, table).load(record, 0) is None
    finally:
        bob.close()


def test_an_analysis_kept_about_another_players_seat_is_never_shown_to_them(finished):
    hub, table, record = finished
    forged = hand_report(record, {1: "blunder", 3: "blunder"})  # Bob's word on every seat's play, Ann's included
    bob = connect(hub, KEY_BOB, "Bob")
    try:
        assert bob.keep_analysis(table, None, KEY, forged) is None  # his to read again
        assert checked_report(bob.analysis(table, None, KEY), record, None) == forged
    finally:
        bob.close()
    ann = connect(hub, KEY_ANN, "Ann")
    try:
        shown = ann.analysis(table, None, KEY)
        assert shown is None or checked_report(shown, record, None) != forged
    finally:
        ann.close()


def test_whoever_did_not_play_the_finished_table_may_neither_keep_nor_read_its_analysis(finished):
    hub, table, record = finished
    report = hand_report(record)
    eve = connect(hub, "guest", "Eve")
    ann = connect(hub, KEY_ANN, "Ann")
    try:
        assert eve.keep_analysis(table, None, KEY, report).id == "no-seat-of-yours"
        assert eve.analysis(table, None, KEY).id == "no-seat-of-yours"
        assert ann.keep_analysis("nosuch", None, KEY, report).id == "no-seat-of-yours"
        playing = ann.create("treasure", ["open", "open"])  # hers, but not over: its analysis would leak the hands
        ann.join(playing, 0)
        assert ann.keep_analysis(playing, None, KEY, report).id == "no-seat-of-yours"
        assert ann.analysis(playing, 0, KEY).id == "no-seat-of-yours"
        assert ann.keep_analysis(table, 2, KEY, report).id == "no-such-seat"
        assert rows(hub, playing) == []
    finally:
        eve.close()
        ann.close()


@pytest.mark.parametrize(
    "data, refusal",
    [
        (b"not zlib at all", "not-an-analysis"),
        (zlib.compress(b"{")[:-4], "not-an-analysis"),  # cut short
        (zlib.compress(b"{"), "not-an-analysis"),
        (zlib.compress(b"\xff\xfe"), "not-an-analysis"),
        (zlib.compress(json.dumps(hand_report(example("treasure-standard.jsonl")).to_json()).encode("utf-16")), "not-an-analysis"),
        (zlib.compress(b"[" * 50_000 + b"]" * 50_000), "not-an-analysis"),  # nested too deep to read
        (packed({"game": "treasure", "seats": [], "turns": [], "chances": []}), "not-an-analysis"),
        (packed(hand_report(example("kobito-2-players.jsonl")).to_json()), "not-an-analysis"),  # another game's
        (zlib.compress(b" " * (p.MAX_ANALYSIS_BYTES + 1)), "analysis-too-big"),  # a zip bomb's small cousin
        (zlib.compress(b"[" + b"0," * 2_000_000 + b"0]"), "analysis-too-big"),
    ],
)
def test_a_hostile_analysis_is_refused_with_a_reason_and_nothing_is_kept(finished, data, refusal):
    hub, table, record = finished
    before = rows(hub, table)
    ann = connect(hub, KEY_ANN, "Ann")
    try:
        answer = keep_raw(ann, table, data)
        assert isinstance(answer, p.RefusedReply) and answer.reason == refusal
        said = english(p.refusal(answer))
        assert said.startswith(
            "That is not an analysis of this game ("
            if refusal == "not-an-analysis"
            else f"The analysis is too big to keep at the server (the limit is {p.MAX_ANALYSIS_BYTES // 1024} KiB)."
        )
        assert ann.replays() != []  # the connection goes on
    finally:
        ann.close()
    assert rows(hub, table) == before


def test_a_seats_analysis_must_be_that_seats_own_and_a_bad_key_ends_only_that_connection(finished):
    hub, table, record = finished
    whole = hand_report(record)
    ann = connect(hub, KEY_ANN, "Ann")
    try:
        assert ann.keep_analysis(table, 1, KEY, whole).id == "not-an-analysis"  # every seat's, said to be one seat's
        with pytest.raises(HubClosed):
            keep_raw(ann, table, packed(whole.to_json()), key="all:0:x\x1b[2J")  # not a key: the message does not decode
        eventually(lambda: ann.closed is not None)
    finally:
        ann.close()
    bob = connect(hub, KEY_BOB, "Bob")  # the hub goes on
    try:
        assert bob.replays() != []
    finally:
        bob.close()


def test_a_report_too_big_to_send_is_refused_by_the_client_before_it_ends_the_connection(finished, monkeypatch):
    hub, table, record = finished
    report = hand_report(record)
    ann = connect(hub, KEY_ANN, "Ann")
    try:
        monkeypatch.setattr(p, "MAX_CLIENT_FRAME", 64)  # as a report that does not compress under the frame's limit
        assert ann.keep_analysis(table, None, KEY, report).id == "analysis-too-big"
        monkeypatch.undo()
        monkeypatch.setattr(p, "MAX_ANALYSIS_BYTES", 1000)
        assert ann.keep_analysis(table, None, KEY, report).id == "analysis-too-big"
        assert ann.closed is None and ann.replays() != []
    finally:
        ann.close()
