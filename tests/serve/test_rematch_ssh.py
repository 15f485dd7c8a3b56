"""Rematch over OpenSSH (issue 36): two players with keys and a computer finish a game, both press Rematch on the
final screen in their terminals, and both land at the new table: the same seats, the computer too, the next first."""

from __future__ import annotations

import random
import shutil
import subprocess

import pytest

from .helpers import Server, eventually, new_key, play_until, signed_in

pytestmark = [
    pytest.mark.skipif(not (shutil.which("ssh") and shutil.which("tmux") and shutil.which("ssh-keygen")), reason="needs OpenSSH and tmux"),
    pytest.mark.slow,  # more than 2 s
]


def test_two_ssh_players_and_a_computer_rematch_from_the_final_screen(data_dir):
    server = Server(data_dir / "data")
    tag = data_dir.name
    (ann_key, ann_id), (bob_key, bob_id) = new_key(data_dir, "ann"), new_key(data_dir, "bob")
    try:
        ann, bob = signed_in(server, ann_key, "ann", tag), signed_in(server, bob_key, "bob", tag)
        hands = [server.connect(ann_id, "ann"), server.connect(bob_id, "bob")]  # their moves, made by the test
        table = hands[0].create("treasure", ["open", "open", "easy"], {"first_player": 0})
        bob.wait(table)
        seats = [hands[0].join(table, 0), hands[1].join(table, 1)]
        ann.type("j")  # each terminal sits down at its seat too: the final screen is theirs
        bob.type("j")
        ann.wait(r"ann \(you")
        bob.wait(r"bob \(you")
        play_until(seats, random.Random(8), lambda u: u.over, timeout=120)
        for terminal in (ann, bob):
            terminal.wait(r"Rematch", timeout=30)
            terminal.type("p")  # Rematch
        eventually(lambda: hands[0].tables[table].next != "", 20)
        new = hands[0].tables[table].next
        ann.wait(r"ann \(you")
        bob.wait(r"bob \(you")
        info = hands[0].tables[new]
        assert [seat.kind for seat in info.seats] == ["player", "player", "computer"]
        assert [seat.name for seat in info.seats[:2]] == ["ann", "bob"] and info.seats[2].level == "easy"
        assert hands[0].join(new).wait_for(lambda u: u.to_act is not None).to_act == 1  # the next seat first
    finally:
        for name in ("ann", "bob"):
            subprocess.run(["tmux", "kill-session", "-t", f"{tag}-{name}"], check=False, capture_output=True)
        server.stop()
