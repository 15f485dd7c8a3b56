"""Faults at the hub: a killed server, bad clients, refusals, a client that stops reading."""

from __future__ import annotations

import os
import random
import socket
import stat
import threading
import time

from kobito_tui.i18n import translator
from kobito_tui.i18n.messages import say
from kobito_tui.serve import protocol as p

from .helpers import KEY_ANN, Server, eventually, play_until


def raw(server: Server, hello: bool = True) -> socket.socket:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(5)
    sock.connect(str(server.socket))
    if hello:
        sock.sendall(p.frame(p.Hello(p.VERSION, "guest", "Raw")))
    return sock


def last_words(sock: socket.socket) -> list[p.ServerMessage]:
    """Every message the hub sends until it closes the connection (a timeout fails the test)."""
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    messages = []
    while data:
        size = int.from_bytes(data[:4], "big")
        messages.append(p.decode_server(data[4 : 4 + size]))
        data = data[4 + size :]
    return messages


def test_a_server_killed_mid_game_restarts_at_the_same_position(data_dir):
    server = Server(data_dir / "data")
    ann, bob = server.connect(KEY_ANN, "Ann"), server.connect("guest", "Bob")
    table = ann.create("kobito", ["open", "open"])
    seats = [ann.join(table, 0), bob.join(table, 1)]
    play_until(seats, random.Random(2), lambda u: len(seats[0].last.view.workshops[0]) + u.revision >= 30)
    rng = random.Random(7)
    for _ in range(500):  # until a move can be taken back: one taken back must stay taken back
        newest = max(r.revision for r in seats)
        acting = next(r for r in seats if r.wait_for(lambda u, n=newest: u.revision >= n).legal)
        assert acting.submit(acting.seat, rng.choice(acting.last.legal), acting.last.revision) is None
        if acting.last.can_undo:
            break
    assert acting.undo(acting.seat) is None
    before = [r.wait_for(lambda u: u.revision == acting.last.revision) for r in seats]
    assert acting.last.can_redo
    code, fingerprint = seats[1].code, server.fingerprint
    server.kill()

    server = Server(data_dir / "data")
    try:
        assert server.fingerprint == fingerprint  # the host key is kept
        ann, bob = server.connect(KEY_ANN, "Ann"), server.connect("guest", "Bob")
        assert bob.join(table, None, "wrong").id == "wrong-code"
        again = [ann.join(table), bob.join(table, None, code)]  # by key, and by seat code
        after = [r.wait_for(lambda u: True) for r in again]
        for old, new in zip(before, after):
            assert new.view == old.view and new.to_act == old.to_act and new.legal == old.legal
        play_until(again, random.Random(3), lambda u: u.over)
    finally:
        server.stop()


def test_only_the_servers_user_can_open_the_socket(server):
    assert stat.S_IMODE(os.stat(server.data_dir).st_mode) == 0o700
    assert stat.S_IMODE(os.stat(server.socket).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(server.data_dir / "ssh_host_ed25519_key").st_mode) == 0o600


def test_garbage_oversized_and_out_of_order_messages_end_only_that_connection(server):
    player = server.connect(KEY_ANN, "Ann")
    cases = {
        "garbage": (False, (12).to_bytes(4, "big") + b"not msgpack!"),
        "oversized": (True, (p.MAX_CLIENT_FRAME + 1).to_bytes(4, "big") + b"x" * 100),
        "before hello": (False, p.frame(p.Submit(1, {"type": "pass", "seat": 0}, 0))),
        "hello twice": (True, p.frame(p.Hello(p.VERSION, "guest", "Again"))),
        "unknown tag": (True, (5).to_bytes(4, "big") + b"\x81\xa1t\xa0\x00"),
        "bad identity": (False, p.frame(p.Hello(p.VERSION, "root", "Eve"))),
        "old version": (False, p.frame(p.Hello(99, "guest", "Eve"))),
    }
    for case, (hello, data) in cases.items():
        sock = raw(server, hello)
        sock.sendall(data)
        words = last_words(sock)  # the hub closes it
        assert isinstance(words[-1], p.Bye), case
        sock.close()
    # a move with no table is refused, the connection kept: one can cross a leave on the wire
    assert p.refusal(player.request(p.Undo)).id == "not-seated"
    table = player.create("treasure", ["open", "random"])
    assert player.join(table, 0).wait_for(lambda u: u.legal)  # the server lives on


def test_a_hostile_name_is_refused_and_a_markup_name_is_kept_as_text(server):
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(5)
    sock.connect(str(server.socket))
    sock.sendall(p.frame(p.Hello(p.VERSION, "guest", "Eve\x1b]0;pwned\x07")))
    bye = last_words(sock)[-1]
    assert "control characters" in bye.text and "\x1b" not in bye.text and "\\x1b" in bye.text
    odd = server.connect("guest", "[b]Mallory[/b]")  # markup is only text: kept as typed, shown as plain text
    table = odd.create("kobito", ["open", "greedy"])
    odd.join(table, 0).wait_for(lambda u: True)
    assert odd.tables[table].seats[0].name == "[b]Mallory[/b]"


def test_refusals_a_taken_seat_a_stale_revision_and_a_move_for_another_seat(server):
    ann, bob, eve = server.connect(KEY_ANN, "Ann"), server.connect("guest", "Bob"), server.connect("guest", "Eve")
    table = ann.create("kobito", ["open", "open"])
    seats = [ann.join(table, 0), bob.join(table, 1)]
    assert eve.join(table, 1).id == "seat-taken" and eve.join(table, 5).id == "no-such-seat"
    assert eve.join("nope").id == "no-such-table"
    assert eve.create("chess", ["open", "open"]).id == "unknown-game"
    assert eve.create("kobito", ["open", "god"]).id == "bad-seat" and eve.create("kobito", ["open"]).id == "bad-options"
    unknown = eve.create("kobito", ["open", "open"], {"no_such_rule": 1})
    assert unknown.id == "bad-options" and unknown.params["reason"] == "unknown Kobito option(s): no_such_rule"
    assert say(translator("uk"), unknown) == "Ці налаштування не підходять: невідомі налаштування гри «Кобіто»: no_such_rule"
    assert [isinstance(eve.create("treasure", ["open", "open"]), str) for _ in range(6)] == [True] * 5 + [False]
    acting = next(r for r in seats if r.wait_for(lambda u: True).legal)
    other = seats[1 - acting.seat]
    update = acting.last
    move = update.legal[0]
    assert acting.submit(acting.seat, move, update.revision + 1).id == "stale-revision"
    assert other.submit(other.seat, {**move, "seat": other.seat}, update.revision).id == "not-your-turn"
    assert other.submit(acting.seat, move, update.revision).id == "not-your-seat"  # refused before the wire
    # On the wire, the other seat's connection sends the acting seat's own move: the hub plays it for its sender's seat.
    answer = other.connection.request(lambda i: p.Submit(i, move, update.revision))
    assert isinstance(answer, p.RefusedReply) and answer.reason == "not-your-turn"
    assert acting.submit(acting.seat, {**move, "card": "XX"}, update.revision).id == "illegal-move"
    assert acting.last.revision == update.revision
    assert other.hint(other.seat).exception(10) is not None  # not its turn
    hint = acting.hint(acting.seat).result(10)
    assert hint.revision == update.revision and hint.move in update.legal
    assert acting.submit(acting.seat, move, update.revision) is None


def test_a_client_that_stops_reading_is_dropped_and_the_others_play_on(server):
    slow = raw(server)
    slow.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    flood = p.frame(p.Leave(1)) * 20_000  # each is answered; the answers are never read
    sent = []

    def send() -> None:
        try:
            for _ in range(10):
                slow.sendall(flood)
            sent.append("all")
        except OSError:
            sent.append("dropped")

    threading.Thread(target=send, daemon=True).start()
    ann, bob = server.connect(KEY_ANN, "Ann"), server.connect("guest", "Bob")
    table = ann.create("treasure", ["open", "open"])
    seats = [ann.join(table, 0), bob.join(table, 1)]
    slowest = 0.0
    rng = random.Random(4)
    for _ in range(30):
        acting = next(r for r in seats if r.wait_for(lambda u: True).legal or r.last.over)
        if acting.last.over:
            break
        started, update = time.monotonic(), acting.last
        assert acting.submit(acting.seat, rng.choice(update.legal), update.revision) is None
        for r in seats:
            r.wait_for(lambda u, n=update.revision: u.revision > n)
        slowest = max(slowest, time.monotonic() - started)
    deadline = time.monotonic() + 10
    while not sent and time.monotonic() < deadline:
        time.sleep(0.05)
    assert sent == ["dropped"]
    assert slowest < 1.0
    assert "does not read its updates" in server.read_log()


def test_a_client_that_vanishes_mid_move_leaves_a_consistent_table(server):
    ann, bob = server.connect(KEY_ANN, "Ann"), server.connect("guest", "Bob")
    table = ann.create("kobito", ["open", "open"])
    seats = [ann.join(table, 0), bob.join(table, 1)]
    acting = next(r for r in seats if r.wait_for(lambda u: True).legal)
    other = seats[1 - acting.seat]
    update = acting.last
    eventually(lambda: all(seat.connected for seat in other.connection.tables[table].seats))  # both seen seated first
    acting.connection._send(p.Submit(99, update.legal[0], update.revision))
    acting.connection._sock.close()  # gone before the answer: the move is made whole or not at all
    # (the hub may find the socket gone before it reads the move: never acknowledged, so not owed)
    eventually(lambda: other.connection.tables[table].seats[acting.seat].connected is False)
    back = server.connect(KEY_ANN if acting.seat == 0 else "guest", "Ann" if acting.seat == 0 else "Bob")
    again = back.join(table, None, None if acting.seat == 0 else acting.code)
    mine = again.wait_for(lambda u: True)
    seen = other.wait_for(lambda u: u.revision >= mine.revision)
    assert mine.revision in (update.revision, update.revision + 1)
    assert mine.revision == seen.revision and mine.view.pots == seen.view.pots and mine.full
