"""Two real `kobito serve` processes on one PostgreSQL database: a game played from both, its
owner killed with SIGKILL mid-game, the other server taking the table and the game finished
with no acknowledged move lost; and the same over OpenSSH in tmux, a player on each server."""

from __future__ import annotations

import random
import re
import shutil
import subprocess

import pytest

from .helpers import KEY_ANN, MOVED, Server, eventually, play_the_hint, play_until, remove, short_dir
from .test_door import SSH, Terminal, hand


def test_the_owner_killed_mid_game_the_other_server_takes_the_table_and_the_game_is_finished(pg_url):
    folders = [short_dir(), short_dir()]
    a = Server(folders[0] / "data", "--database", pg_url)
    b = Server(folders[1] / "data", "--database", pg_url)
    try:
        ann, bob, sam = a.connect(KEY_ANN, "Ann"), b.connect("guest", "Bob"), b.connect("guest", "Sam")
        table = ann.create("kobito", ["open", "open"])
        eventually(lambda: table in bob.tables and table in sam.tables)  # one lobby
        seats = [ann.join(table, 0), bob.join(table, 1)]
        watching = sam.spectate(table)
        play_until(seats, random.Random(8), lambda u: u.revision >= 8)
        seats[1].wait_for(lambda u: u.revision >= seats[0].revision)
        before, acknowledged, seen = seats[1].last, list(seats[1].events), watching.last
        a.kill()  # SIGKILL: no goodbye, its database connections (and the table's lock) go with it
        seats[1].wait_for(lambda u: u is not before and u.full, timeout=15)  # B took the table and seated Bob again
        watching.wait_for(lambda u: u is not seen and u.full, timeout=5)
        assert seats[1].events[: len(acknowledged)] == acknowledged
        ann = b.connect(KEY_ANN, "Ann")  # her client comes back to the server that is left
        seats[0] = ann.join(table)
        assert seats[0].seat == 0
        play_until(seats, random.Random(9), lambda u: u.over, timeout=40)
        final = [r.wait_for(lambda u: u.over) for r in (*seats, watching)]
        assert final[0].result == final[1].result == final[2].result
        assert watching.last.view.hand is None
        assert "took table" in b.read_log() and "Traceback" not in b.read_log()
        for connection in (ann, bob, sam):
            connection.close()
    finally:
        a.stop()
        assert b.stop() == 0
        for folder in folders:
            remove(folder)


@pytest.mark.skipif(not (shutil.which("ssh") and shutil.which("tmux") and shutil.which("ssh-keygen")), reason="needs OpenSSH and tmux")
def test_players_over_openssh_on_two_servers_play_one_table_and_it_survives_its_owner(pg_url):
    folders = [short_dir(), short_dir()]
    a = Server(folders[0] / "data", "--database", pg_url)
    b = Server(folders[1] / "data", "--database", pg_url)
    key = folders[0] / "key"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True)
    tag = folders[0].name
    ann = Terminal(
        f"{tag}-ann", [*SSH, "-tt", "-p", str(a.port), "-i", str(key), "-o", "PreferredAuthentications=publickey", "ann@127.0.0.1"], 80, 24
    )
    bob = Terminal(
        f"{tag}-bob", [*SSH, "-tt", "-p", str(b.port), "-o", "PubkeyAuthentication=no", "bob@127.0.0.1", ";", "sleep", "30"], 80, 24
    )
    try:
        ann.wait(r"Kobito tables · you are ann")
        bob.wait(r"Your name at the tables")
        bob.type("Enter")
        bob.wait(r"Kobito tables · you are bob")
        ann.type("n")
        ann.wait(r"Seat 1\s+Open seat")
        ann.type("Tab", "Tab", "Tab", "Enter")  # seat 2: from a Medium computer to an open seat
        ann.wait(r"esc Dismiss menu")
        ann.type("Down", "Down", "Enter")
        ann.wait(r"Seat 2\s+Open seat")
        ann.type("C-s")
        ann.wait(r"you sit in seat 1")
        bob.wait(r"ann, \(open\)")  # server B's lobby shows server A's table
        bob.type("j")
        ann_hand, bob_hand = hand(ann), hand(bob)
        assert ann_hand not in bob.screen() and bob_hand not in ann.screen()  # each sees only their own hand
        if not re.search(r"▶ bob \(you\)", bob.screen()):  # Ann first: she follows the hint and ends her turn
            if play_the_hint(ann) == "Enter":
                bob.wait(rf"ann {MOVED}")  # her move reached the other server's player
                ann.type("e")
        bob.wait(r"▶ bob \(you\)")
        a.kill()  # the owner goes mid-game, on Bob's turn
        eventually(lambda: "took table" in b.read_log(), timeout=15)
        play_the_hint(bob)  # the hint now comes from server B, which plays the table
        bob.wait(rf"You {MOVED}", timeout=20)
        assert "Traceback" not in b.read_log()
    finally:
        ann.close()
        bob.close()
        a.stop()
        b.stop()
        for folder in folders:
            remove(folder)
