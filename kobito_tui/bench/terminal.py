"""`kobito bench ui --terminal`: key → screen in a real pseudo-terminal.

Two programs run side by side on 80×24 pseudo-terminals, as a player's
terminal would run them (not headless): the app in a 2-player Kobito game (the
player to act, the card cursor moving left and right), and a bare Textual app
that repaints one label on the same keys.  Keys go to each in turn, so load on
the machine hits both alike.  A sample is the time from writing a key to the
last byte of the output burst it causes (the burst ends when the terminal has
been quiet for ``QUIET_S``).  The ratio of the medians says how far the app is
from the framework's floor.
"""

from __future__ import annotations

import fcntl
import os
import select
import statistics
import struct
import sys
import tempfile
import termios
import time
from typing import Any

from kobito_tui.bench.ui import percentile

QUIET_S = 0.05  # a burst of output ends after this much silence
FIRST_S = 5.0  # the first byte after a key may be this late (a stall is a slow sample, not a silent key)
SETTLE_S = 1.5  # before measuring, the program must have been quiet this long
KEYS = (b"\x1b[C", b"\x1b[D")  # → and ←: the card cursor, or the bare label

BARE_APP = """
from textual.app import App
from textual.widgets import Label

class Bare(App):
    BINDINGS = [("left", "move(-1)"), ("right", "move(1)")]
    position = 0

    def compose(self):
        yield Label("B A R E 0", id="label")

    def action_move(self, step):
        self.position += step
        self.query_one("#label", Label).update(f"B A R E {self.position}")

Bare().run()
"""
# A game where the human acts first: it is waiting for a key, no computer thinks.
KOBITO_APP = """
import sys
from kobito_tui.cli import main
main(["--saves-dir", sys.argv[1], "new", "kobito", "--players", "You,bot:random", "--seed", "3"])
"""


class PtyProgram:
    """A program on its own 80×24 pseudo-terminal."""

    def __init__(self, script: str, args: list[str]) -> None:
        self.pid, self.fd = os.forkpty()
        if self.pid == 0:
            os.environ["TERM"] = "xterm-256color"
            os.execv(sys.executable, [sys.executable, "-P", "-c", script, *args])  # -P: the installed package
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))

    def drain(self, quiet: float, timeout: float = 20.0) -> float | None:
        """Read until ``quiet`` seconds pass without output; the time of the last byte."""
        last, deadline = None, time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            if not select.select([self.fd], [], [], quiet)[0]:
                return last
            try:
                if not os.read(self.fd, 65536):
                    raise RuntimeError("the program ended")
            except OSError as error:
                raise RuntimeError(f"the program ended ({error})") from None
            last = time.perf_counter()
        raise RuntimeError(f"no quiet moment within {timeout} s")

    def settle(self) -> None:
        while self.drain(SETTLE_S) is not None:
            pass

    def key_ms(self, key: bytes) -> float:
        """Milliseconds from writing ``key`` to the end of the output it causes."""
        start = time.perf_counter()
        os.write(self.fd, key)
        if not select.select([self.fd], [], [], FIRST_S)[0]:
            raise RuntimeError(f"no output within {FIRST_S} s of the key {key!r}")
        last = self.drain(QUIET_S)
        assert last is not None, "output was waiting, so some was read"
        return (last - start) * 1000

    def close(self) -> None:
        os.kill(self.pid, 9)
        os.waitpid(self.pid, 0)
        os.close(self.fd)


def measure(samples: int = 100) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        ours, bare = PtyProgram(KOBITO_APP, [folder]), PtyProgram(BARE_APP, [])
        try:
            ours.settle()
            bare.settle()
            app_ms, bare_ms = [], []
            for index in range(samples):
                key = KEYS[index % 2]
                app_ms.append(ours.key_ms(key))
                bare_ms.append(bare.key_ms(key))
        finally:
            ours.close()
            bare.close()
    return {
        "terminal_samples": samples,
        "terminal_key_ms_median": round(statistics.median(app_ms), 2),
        "terminal_key_ms_p95": round(percentile(app_ms, 0.95), 2),
        "bare_key_ms_median": round(statistics.median(bare_ms), 2),
        "bare_key_ms_p95": round(percentile(bare_ms, 0.95), 2),
        "terminal_ratio": round(statistics.median(app_ms) / statistics.median(bare_ms), 2),
    }


def report(result: dict[str, Any]) -> str:
    return "\n".join(
        [
            "UI in a real terminal: Kobito, 2 players at 80x24, card cursor ← →",
            f"  key -> end of output median  {result['terminal_key_ms_median']} ms  (bare Textual app {result['bare_key_ms_median']} ms)",
            f"  key -> end of output p95     {result['terminal_key_ms_p95']} ms  (bare {result['bare_key_ms_p95']} ms; target <= 50)",
            f"  ratio to the bare app        {result['terminal_ratio']}x  (target <= 2)",
            f"  over                         {result['terminal_samples']} key presses each",
        ]
    )
