"""A session program's driver reads keys at the pace the app handles them: a slow app on a real
pseudo-terminal, flooded with cursor keys, never has more than about ``BACKLOG`` messages waiting
with :class:`PacedDriver`; with Textual's own driver it queues the whole flood (the reason for ours:
if Textual starts pacing its input itself, the second case fails and ours can go)."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kobito_tui.app.paced_driver import BACKLOG, CHECK_EVERY

SLOW_APP = """
import sys, time
from textual.app import App
from textual.drivers.linux_driver import LinuxDriver
from kobito_tui.app.paced_driver import PacedDriver

class Slow(App[None]):
    def __init__(self, driver):
        self.driver, self.most, self.keys = driver, 0, 0
        super().__init__()
    def get_driver_class(self):
        return self.driver
    def on_mount(self):
        self.set_timer(2.5, self.exit)
    def on_key(self, event):
        self.keys += 1
        self.most = max(self.most, self.message_queue_size)
        time.sleep(0.002)  # a key takes 2 ms to handle

app = Slow(PacedDriver if sys.argv[1] == "paced" else LinuxDriver)
app.run()
open(sys.argv[2], "w").write(f"{app.keys} {app.most}")
"""


def flooded(driver: str, said: Path) -> tuple[int, int]:
    """Keys handled and the most messages seen waiting, by a slow app flooded for 2.5 s."""
    master, slave = pty.openpty()
    app = subprocess.Popen([sys.executable, "-c", SLOW_APP, driver, str(said)], stdin=slave, stdout=slave, stderr=slave)
    os.close(slave)
    os.set_blocking(master, False)
    flood, sent, start = b"\x1b[C" * 30000, 0, time.monotonic()
    while app.poll() is None and time.monotonic() - start < 10:
        readable, writable, _ = select.select([master], [master] if sent < len(flood) else [], [], 0.05)
        try:
            if readable:
                os.read(master, 65536)
            if writable:
                sent += os.write(master, flood[sent : sent + 4096])
        except BlockingIOError:
            pass
        except OSError:  # EIO: the app is gone
            break
    app.wait(10)
    os.close(master)
    keys, most = map(int, said.read_text().split())
    return keys, most


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the session programs run on Linux")
def test_a_slow_app_s_keys_wait_in_the_terminal_not_in_its_queue(tmp_path):
    keys, most = flooded("paced", tmp_path / "paced")
    assert keys > 100 and most <= BACKLOG + 2 * CHECK_EVERY, (keys, most)
    keys, most = flooded("textual", tmp_path / "textual")
    assert most > 3 * (BACKLOG + 2 * CHECK_EVERY), (keys, most)  # Textual's own driver queued the flood (74,862 when idle)
