"""A turn-based table played as friends play one across days: two players with keys, never connected at the
same time, each signing in to move (OpenSSH in tmux, and the protocol for the moves in between); a deadline
runs out with nobody there, the other player hands the seat to a computer, and its player takes it back."""

from __future__ import annotations

import random
import shutil
import subprocess
import time

import pytest

from .helpers import Server, click, eventually, new_key, play_until, signed_in

pytestmark = [
    pytest.mark.skipif(not (shutil.which("ssh") and shutil.which("tmux") and shutil.which("ssh-keygen")), reason="needs OpenSSH and tmux"),
    pytest.mark.slow,  # more than 2 s
]
HOUR_S = 1.0  # this server's hour: a move's time 1 s, a bank of 3 s


def test_two_players_never_there_together_finish_a_turn_based_game_across_sign_ins(data_dir):
    server = Server(data_dir / "data", "--pace-hour", str(HOUR_S))
    tag, began, sign_ins = data_dir.name, time.monotonic(), 0
    (ann_key, ann_id), (bob_key, bob_id) = new_key(data_dir, "ann"), new_key(data_dir, "bob")
    rng = random.Random(5)
    try:
        ann = server.connect(ann_id, "ann")
        table = ann.create("treasure", ["open", "open"], {"first_player": 0, "turn_limit": 6}, pace="1h")  # 12 turns at most
        ann.join(table, 0)
        ann.close()
        sign_ins += 1

        bob = signed_in(server, bob_key, "bob", tag)  # Bob, on his own, finds the table and sits down: it begins
        sign_ins += 1
        bob.wait(rf"{table}.*open · 1 h ")
        bob.type("j")
        bob.wait(r"bob \(you")
        bob.type("q")
        bob.close()

        def turn(identity: str, name: str) -> None:
            """One sign-in: the player plays their turn and goes."""
            nonlocal sign_ins
            sign_ins += 1
            connection = server.connect(identity, name)
            seat = connection.join(table)
            start = seat.wait_for(lambda u: True)
            if not start.over and start.to_act == seat.seat:
                play_until([seat], rng, lambda u: u.over or u.to_act != seat.seat, timeout=20)
            connection.close()

        turn(ann_id, "ann")  # Ann's turn: then Bob's, and he stays away past his time
        time.sleep(HOUR_S * 4 + 0.5)

        ann_screen = signed_in(server, ann_key, "ann", tag)
        sign_ins += 1
        ann_screen.type("j")  # her table: the only one (its row first: it waits for nobody of hers, but it is hers)
        ann_screen.wait(r"ann \(you")
        ann_screen.type("F4")
        ann_screen.wait(r"Give seat 2 to the computer")
        click(ann_screen, "Give seat 2 to the computer")
        ann_screen.wait(r"Seat 2 is the computer's now")
        watcher = server.connect(ann_id, "ann")
        eventually(lambda: watcher.tables[table].seats[1].kind == "computer", 10)
        ann_screen.type("Escape", "q")
        ann_screen.close()

        bob = signed_in(server, bob_key, "bob", tag)  # back: the lobby says a computer plays for him, j gives it back
        sign_ins += 1
        bob.wait(r"bob \(computer for now\)")
        bob.type("j")
        bob.wait(r"bob \(you")
        eventually(lambda: watcher.tables[table].seats[1].kind == "player", 10)
        bob.type("q")
        bob.close()

        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:  # on to the end, a sign-in a turn
            info = watcher.tables[table]
            if info.status != "playing":
                break
            mover = info.to_act
            if mover is not None:
                turn(*((ann_id, "ann") if mover == 0 else (bob_id, "bob")))
            else:
                time.sleep(0.05)
        eventually(lambda: watcher.tables.get(table) is None or watcher.tables[table].status == "over", 20)
        record = watcher.record(table)
        assert {"type": "stand-in", "player": 1} in record.events and {"type": "back", "player": 1} in record.events
        print(f"turn-based game over: {sign_ins} sign-ins, {time.monotonic() - began:.1f} s, {len(record.events)} events")
    finally:
        for name in ("ann", "bob"):
            subprocess.run(["tmux", "kill-session", "-t", f"{tag}-{name}"], check=False, capture_output=True)
        server.stop()
