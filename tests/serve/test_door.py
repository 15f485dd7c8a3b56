"""The SSH door with the real OpenSSH client, in tmux: each player's own program on its own terminal."""

from __future__ import annotations

import asyncio
import re
import shutil
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest

from kobito_tui.serve.door import Child

from .helpers import MOVED, SSH, Server, Terminal, play_the_hint

pytestmark = pytest.mark.skipif(
    not (shutil.which("ssh") and shutil.which("tmux") and shutil.which("ssh-keygen")), reason="needs OpenSSH and tmux"
)


@pytest.fixture
def key(data_dir):
    path = data_dir / "key"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(path)], check=True)
    return path


def hand(terminal: Terminal) -> str:
    return terminal.wait(r"Hand ((?:\d:\S+ ?)+)").group(1).strip()


def children(pid: int) -> list[str]:
    return subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True, check=False).stdout.split()


def programs(server) -> list[str]:
    """The pid of each session's program (forked by the server's session template)."""
    return [program for template in children(server.process.pid) for program in children(int(template))]


def test_two_players_over_openssh_see_their_own_hands_and_each_others_moves(server, key, data_dir):
    tag = data_dir.name
    ann = Terminal(
        f"{tag}-ann",
        [
            *SSH,
            "-tt",
            "-p",
            str(server.port),
            "-i",
            str(key),
            "-o",
            "PreferredAuthentications=publickey",
            "ann@127.0.0.1",
            ";",
            "sleep",
            "30",
        ],
        80,
        24,
    )
    bob = Terminal(
        f"{tag}-bob", [*SSH, "-tt", "-p", str(server.port), "-o", "PubkeyAuthentication=no", "bob@127.0.0.1", ";", "sleep", "30"], 80, 24
    )
    try:
        ann.wait(r"Kobito tables · you are ann")  # her key: no questions
        bob.wait(r"Your name at the tables")  # a guest is asked, his user name offered
        bob.type("Enter")
        bob.wait(r"Kobito tables · you are bob")
        assert len(programs(server)) == 2

        ann.type("n")
        ann.wait(r"New table")
        ann.wait(r"Seat 1\s+Open seat")
        ann.type("Tab", "Tab", "Tab", "Enter")  # seat 2's choices: from a Medium computer...
        ann.wait(r"esc Dismiss menu")
        ann.type("Down", "Down", "Enter")  # ...to an open seat
        ann.wait(r"Seat 2\s+Open seat")
        ann.type("C-s")  # create (and sit down)
        ann.wait(r"you sit in seat 1")
        assert "seat code" not in ann.screen()  # her key brings her back: codes are for guests
        bob.wait(r"ann, \(open\)")
        bob.type("j")
        ann_hand, bob_hand = hand(ann), hand(bob)
        assert ann_hand not in bob.screen() and bob_hand not in ann.screen()  # each sees only their own hand
        bob.wait(r"ann hand 5 ")  # the other's hand: how many cards, no more
        first, other = (ann, bob) if re.search(r"▶ ann \(you\)", ann.screen()) else (bob, ann)
        play_the_hint(first)
        mover = first.name.rsplit("-", 1)[1]
        other.wait(rf"{mover} {MOVED}")  # the move reached the other terminal

        subprocess.run(["tmux", "resize-window", "-t", bob.name, "-x", "100", "-y", "30"], check=True)
        deadline = time.monotonic() + 10
        while not (bob.screen().splitlines()[29:30] and "f1 Keys" in bob.screen().splitlines()[29]):
            assert time.monotonic() < deadline, bob.screen()
            time.sleep(0.05)  # the window's new size reached the app: its footer is on the 30th line

        ann.type("C-c")  # ends Ann's program only
        ann.wait(r"your seat at table [0-9a-f]{8} stays yours: ssh in again and you are back at it")
        bob.wait(r"ann is away")
        assert server.stop() == 0
        bob.wait(r"kobito: the server is stopping\.")  # the last line each player reads
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
    server = Server(data_dir / "data", "--idle-timeout", "3")  # long enough for the app to start on a loaded machine
    ann = Terminal(f"{data_dir.name}-idle", [*SSH, "-tt", "-p", str(server.port), "-i", str(key), "ann@127.0.0.1", ";", "sleep", "5"])
    try:
        ann.wait(r"Kobito tables|Your name at the tables")
        ann.wait(r"closed after being idle")
    finally:
        ann.close()
        server.stop()


def test_the_doors_last_line_is_in_the_players_language():
    """When the door has to end the program, it says why as the program would: in the terminal's LANG."""
    ukrainian, english = Child(None, {"LANG": "uk_UA.UTF-8"}, Path()), Child(None, {"LANG": "C.UTF-8"}, Path())
    assert ukrainian.farewell() == "\r\nkobito: цей сеанс закрито.\r\n".encode()
    assert english.farewell() == b"\r\nkobito: this session was closed.\r\n"
    asyncio.run(ukrainian._idle(0))
    assert ukrainian.farewell() == "\r\nkobito: сеанс закрито після бездіяльності.\r\n".encode()


def terminal_state(terminal: Terminal) -> str:
    flags = "#{alternate_on} #{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag}#{mouse_sgr_flag} #{cursor_flag}"
    return subprocess.run(["tmux", "display", "-p", "-t", terminal.name, flags], capture_output=True, text=True, check=True).stdout.strip()


def test_a_killed_session_program_leaves_the_terminal_as_it_was_with_one_line_why(server, key, data_dir):
    ann = Terminal(f"{data_dir.name}-k9", [*SSH, "-tt", "-p", str(server.port), "-i", str(key), "ann@127.0.0.1", ";", "sleep", "20"])
    try:
        ann.wait(r"Kobito tables · you are ann")
        up, mouse, _ = terminal_state(ann).split()
        assert up == "1" and mouse != "0000"  # the app's screen up, the mouse reported
        (program,) = programs(server)
        subprocess.run(["kill", "-9", program], check=True)
        ann.wait(r"kobito: the game program stopped unexpectedly\.")
        assert terminal_state(ann) == "0 0000 1"  # the main screen, no mouse reports, the cursor shown
        assert ann.screen().count("kobito:") == 1
    finally:
        ann.close()


def test_when_the_session_template_dies_its_players_get_their_terminal_back_and_the_next_comes_in(server, key, data_dir):
    ann = Terminal(f"{data_dir.name}-tpl", [*SSH, "-tt", "-p", str(server.port), "-i", str(key), "ann@127.0.0.1", ";", "sleep", "20"])
    bob = None
    try:
        ann.wait(r"Kobito tables · you are ann")
        (template,) = children(server.process.pid)
        subprocess.run(["kill", "-9", template], check=True)
        ann.wait(r"kobito: the game program stopped unexpectedly\.")
        assert terminal_state(ann).split()[:2] == ["0", "0000"]
        bob = Terminal(f"{data_dir.name}-tpl2", [*SSH, "-tt", "-p", str(server.port), "-i", str(key), "bob@127.0.0.1", ";", "sleep", "20"])
        bob.wait(r"Kobito tables · you are ann")  # a new template started; the key keeps the name it was bound to
    finally:
        ann.close()
        if bob is not None:
            bob.close()


def test_the_hello_carries_the_address_the_door_saw(data_dir):
    from kobito_tui.serve import protocol
    from kobito_tui.serve.client import HubConnection

    path = data_dir / "fake.sock"
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(str(path))
    listener.listen(1)
    heard = []

    def hub() -> None:
        conn, _ = listener.accept()
        with conn:
            size = protocol.frame_length(conn.recv(protocol.LENGTH, socket.MSG_WAITALL), protocol.MAX_CLIENT_FRAME)
            heard.append(protocol.decode_client(conn.recv(size, socket.MSG_WAITALL)))
            conn.sendall(protocol.frame(protocol.Welcome(protocol.VERSION, [])))

    thread = threading.Thread(target=hub)
    thread.start()
    HubConnection(path, "guest", "Ann", timeout=5, address="192.0.2.7").close()
    thread.join(5)
    listener.close()
    assert heard == [protocol.Hello(protocol.VERSION, "guest", "Ann", "192.0.2.7")]
