"""The SSH door with the real OpenSSH client, in tmux: each player's own program on its own terminal."""

from __future__ import annotations

import re
import shutil
import subprocess
import time

import pytest

from .helpers import Server

pytestmark = pytest.mark.skipif(
    not (shutil.which("ssh") and shutil.which("tmux") and shutil.which("ssh-keygen")), reason="needs OpenSSH and tmux"
)

SSH = ["ssh", "-F", "/dev/null", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR"]


class Terminal:
    """An OpenSSH client in a tmux window of its own."""

    def __init__(self, name: str, command: list[str], width: int = 100, height: int = 30):
        self.name = name
        subprocess.run(
            ["tmux", "new-session", "-d", "-s", name, "-x", str(width), "-y", str(height), " ".join(command)], check=True
        )

    def screen(self) -> str:
        done = subprocess.run(["tmux", "capture-pane", "-p", "-J", "-S", "-1000", "-t", self.name], check=False, capture_output=True, text=True)
        return done.stdout

    def wait(self, pattern: str, timeout: float = 10.0) -> re.Match[str]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            match = re.search(pattern, self.screen())
            if match:
                return match
            time.sleep(0.05)
        raise AssertionError(f"{pattern!r} never showed on {self.name}:\n{self.screen()}")

    def type(self, *keys: str) -> None:
        subprocess.run(["tmux", "send-keys", "-t", self.name, *keys], check=True)

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.name], check=False, capture_output=True)


@pytest.fixture
def key(data_dir):
    path = data_dir / "key"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(path)], check=True)
    return path


def test_two_players_over_openssh_see_their_own_hands_and_each_others_moves(server, key, data_dir):
    tag = data_dir.name
    ann = Terminal(
        f"{tag}-ann",
        [*SSH, "-tt", "-p", str(server.port), "-i", str(key), "-o", "PreferredAuthentications=publickey", "ann@127.0.0.1"],
    )
    bob = Terminal(f"{tag}-bob", [*SSH, "-tt", "-p", str(server.port), "-o", "PubkeyAuthentication=no", "bob@127.0.0.1"])
    try:
        ann.wait(r"Welcome to kobito, ann \(signed in with your key\)")
        bob.wait(r"Welcome to kobito, bob \(signed in with a guest\)")
        ann.type("terminal", "Enter")
        ann.wait(r"TERM=\S+ LANG=\S+ size=100x30")
        subprocess.run(["tmux", "resize-window", "-t", ann.name, "-x", "90", "-y", "25"], check=True)
        time.sleep(0.3)
        ann.type("terminal", "Enter")
        ann.wait(r"size=90x25")  # the window's change reached the program

        ann.type("new kobito open open", "Enter")
        table = ann.wait(r"Table ([0-9a-f]{8}) created").group(1)
        ann.type(f"join {table} 1", "Enter")
        bob.type(f"join {table} 2", "Enter")
        bob.wait(r"Your seat code: [0-9a-f]{8}")
        ann_hand = ann.wait(r"ann drew ([^\n.]+)\.").group(1)
        bob.wait(r"ann drew 5 cards")  # never Ann's cards
        assert ann_hand not in bob.screen() and "bob drew 5 cards" in ann.screen()
        first, other = (ann, bob) if "Your move" in ann.wait(r"Your move|Waiting for bob").group(0) else (bob, ann)
        first.type("1", "Enter")
        played = first.wait(r"\n  ((?:ann|bob) (?:played|opened|added|took|ended)[^\n]*)").group(1)
        other.wait(re.escape(played.split(":")[0].rstrip(".")))  # the move shows on the other terminal (a penalty card face down)

        ann.type("C-c")  # ends Ann's program only
        ann.wait(r"Bye\.|Connection to 127\.0\.0\.1 closed|^\s*$")
        bob.type("l", "Enter")
        bob.wait(r"ann \(away\)")
    finally:
        ann.close()
        bob.close()


def test_a_session_without_a_pty_is_refused_with_one_line(server, key):
    done = subprocess.run(
        [*SSH, "-T", "-p", str(server.port), "-i", str(key), "-o", "BatchMode=yes", "ann@127.0.0.1"],
        check=False,
        capture_output=True,
        text=True,
        timeout=20,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 1 and done.stderr.strip() == "kobito needs a terminal: connect with `ssh -t`."


def test_without_guests_a_client_with_no_key_is_not_let_in_and_sigterm_stops_cleanly(data_dir):
    server = Server(data_dir / "data", "--no-guests")
    done = subprocess.run(
        [*SSH, "-tt", "-p", str(server.port), "-o", "PubkeyAuthentication=no", "-o", "BatchMode=yes", "bob@127.0.0.1"],
        check=False,
        capture_output=True,
        text=True,
        timeout=20,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 255 and "Permission denied" in done.stderr
    player = server.connect("guest", "Sam")
    assert server.stop() == 0 and "kobito serve: stopped" in server.output
    deadline = time.monotonic() + 5
    while player.closed is None and time.monotonic() < deadline:
        time.sleep(0.02)
    assert player.closed == "the server is stopping"


def test_an_idle_session_is_closed(data_dir, key):
    server = Server(data_dir / "data", "--idle-timeout", "1")
    ann = Terminal(f"{data_dir.name}-idle", [*SSH, "-tt", "-p", str(server.port), "-i", str(key), "ann@127.0.0.1", ";", "sleep", "5"])
    try:
        ann.wait(r"Kobito tables|Your name at the tables")
        ann.wait(r"closed after being idle")
    finally:
        ann.close()
        server.stop()
