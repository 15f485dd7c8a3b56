"""Kill the real app mid-game (SIGKILL under a pty): Continue resumes at the last committed
move, and a save cut short leaves no temp file behind once the app starts again."""

from __future__ import annotations

import fcntl
import os
import signal
import struct
import sys
import termios
import threading
import time

from kobito_tui.core.saves import list_saves

from .conftest import make_app

# The real `kobito` command, with the shell's plain move-list board (its keys are known).
LAUNCH = """
import sys
import kobito_tui.app.screens.game as game
from move_list_board import MoveListBoard
game.board_class = lambda game_id: MoveListBoard
from kobito_tui.cli import main
sys.exit(main(sys.argv[1:]))
"""

# The same, but every save after the first hangs between writing its temp file and renaming it.
HANG_MID_WRITE = (
    """
import os, stat, time
fsync, calls = os.fsync, []
def hanging_fsync(fd):
    if stat.S_ISREG(os.fstat(fd).st_mode):  # a file's, not the folder's after the rename
        calls.append(fd)
        if len(calls) > 1:
            time.sleep(600)
    fsync(fd)
os.fsync = hanging_fsync
"""
    + LAUNCH
)


def spawn(saves, script: str = LAUNCH) -> tuple[int, int]:
    # -P: import the installed package, not the checkout in the working directory
    argv = [
        sys.executable,
        "-P",
        "-c",
        script,
        "--saves-dir",
        str(saves),
        "new",
        "treasure",
        "--players",
        "Ann,bot:random",
        "--seed",
        "11",
        "-o",
        "first_player=0",
    ]
    pid, fd = os.forkpty()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.environ["PYTHONPATH"] = os.path.dirname(__file__)  # for the test-only move_list_board
        os.execv(sys.executable, argv)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    return pid, fd


def drain(fd: int) -> None:
    """Read the app's output so it never blocks on a full terminal."""
    try:
        while os.read(fd, 65536):
            pass
    except OSError:
        pass


def lines_in(saves) -> int:
    files = list_saves(saves)
    return len(files[0].read_text().splitlines()) if files else 0


def wait_for(condition, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the app did not get there in time"
        time.sleep(0.05)


async def test_killed_mid_game_then_continue_resumes_at_the_last_committed_move(saves):
    pid, fd = spawn(saves)
    threading.Thread(target=drain, args=(fd,), daemon=True).start()
    try:
        wait_for(lambda: lines_in(saves) == 2)  # header + the setup chance event
        for committed in (3, 4):  # two steps of Ann's turn
            time.sleep(0.3)
            os.write(fd, b"\r")
            wait_for(lambda committed=committed: lines_in(saves) == committed)
        time.sleep(0.3)
        saved = list_saves(saves)[0].read_text()
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)
    path = list_saves(saves)[0]
    assert path.read_text() == saved
    app = make_app(saves)
    async with app.run_test() as pilot:
        await pilot.press("c")
        await pilot.pause()
        session = app.game_screen().host.session
        assert session.path == path
        assert [e["type"] for e in session.events] == ["setup", "step", "step"]
        assert session.to_act == 0 and len(session.legal_moves()) > 0


async def test_killed_while_saving_the_next_start_removes_the_temp_file(saves):
    pid, fd = spawn(saves, HANG_MID_WRITE)
    threading.Thread(target=drain, args=(fd,), daemon=True).start()
    try:
        wait_for(lambda: lines_in(saves) == 2)
        time.sleep(0.3)
        os.write(fd, b"\r")  # Ann's step: its save hangs before the rename
        wait_for(lambda: list(saves.glob(".*.tmp")))
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)
    assert len(list(saves.glob(".*.jsonl.*.tmp"))) == 1
    app = make_app(saves)
    async with app.run_test() as pilot:
        assert list(saves.iterdir()) == list_saves(saves)  # only the save file is left
        await pilot.press("c")
        await pilot.pause()
        assert [e["type"] for e in app.game_screen().host.session.events] == ["setup"]
