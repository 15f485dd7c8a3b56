"""`kobito bench ui --terminal`: key → screen, bytes and CPU per key in a real pseudo-terminal.

Programs run side by side on 80×24 pseudo-terminals, as a player's terminal
would run them (not headless): the app in a 2-player Kobito game (the player
to act, the card cursor moving left and right), and a bare Textual app that
repaints one label on the same keys; with ``--against REV``, also the app of
commit REV (checked out in a temporary worktree).  Keys go to each in turn, so
load on the machine hits all alike.  A sample is the time from writing a key
to the last byte of the output burst it causes (the burst ends when the
terminal has been quiet for ``QUIET_S``), and the bytes of that burst; the
CPU per key is the program's own CPU time (``/proc``) over all its keys,
divided by their number.  The ratios to the bare app say how far the app is
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
from contextlib import nullcontext
from pathlib import Path
from typing import Any

from kobito_tui.bench.against import checked_out
from kobito_tui.bench.ui import percentile

QUIET_S = 0.05  # a burst of output ends after this much silence
FIRST_S = 5.0  # the first byte after a key may be this late (a stall is a slow sample, not a silent key)
SETTLE_S = 1.5  # before measuring, the program must have been quiet this long
KEYS = (b"\x1b[C", b"\x1b[D")  # → and ←: the card cursor, or the bare label
GOALS = {"key_ms": 1.25, "bytes": 1.5, "cpu_ms": 1.3}  # issue 39: at most these times the bare app's

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
    """A program on its own 80×24 pseudo-terminal; with ``root``, its package imported from that tree."""

    def __init__(self, script: str, args: list[str], root: Path | None = None) -> None:
        self.pid, self.fd = os.forkpty()
        if self.pid == 0:
            os.environ["TERM"] = "xterm-256color"
            if root is not None:
                os.environ["PYTHONPATH"] = str(root)
            os.execv(sys.executable, [sys.executable, "-P", "-c", script, *args])  # -P: the installed package (or root's)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))

    def drain(self, quiet: float, timeout: float = 20.0) -> tuple[float | None, int]:
        """Read until ``quiet`` seconds pass without output: the time of the last byte, and how many were read."""
        last, count, deadline = None, 0, time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            if not select.select([self.fd], [], [], quiet)[0]:
                return last, count
            try:
                read = os.read(self.fd, 65536)
            except OSError as error:
                raise RuntimeError(f"the program ended ({error})") from None
            if not read:
                raise RuntimeError("the program ended")
            last, count = time.perf_counter(), count + len(read)
        raise RuntimeError(f"no quiet moment within {timeout} s")

    def settle(self) -> None:
        while self.drain(SETTLE_S)[0] is not None:
            pass

    def key(self, key: bytes) -> tuple[float, int]:
        """Milliseconds from writing ``key`` to the end of the output it causes, and that output's bytes."""
        start = time.perf_counter()
        os.write(self.fd, key)
        if not select.select([self.fd], [], [], FIRST_S)[0]:
            raise RuntimeError(f"no output within {FIRST_S} s of the key {key!r}")
        last, count = self.drain(QUIET_S)
        assert last is not None, "output was waiting, so some was read"
        return (last - start) * 1000, count

    def cpu_s(self) -> float:
        """The CPU time the program has used so far (user and system)."""
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def close(self) -> None:
        os.kill(self.pid, 9)
        os.waitpid(self.pid, 0)
        os.close(self.fd)


def measure(samples: int = 100, against: str | None = None) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder, checked_out(against) if against else nullcontext(None) as tree:
        programs = {"terminal": PtyProgram(KOBITO_APP, [f"{folder}/this"]), "bare": PtyProgram(BARE_APP, [])}
        if tree is not None:
            programs["base"] = PtyProgram(KOBITO_APP, [f"{folder}/base"], root=tree)
        try:
            for program in programs.values():
                program.settle()
            timed: dict[str, list[tuple[float, int]]] = {name: [] for name in programs}
            cpu = {name: -program.cpu_s() for name, program in programs.items()}
            for index in range(samples):
                for name, program in programs.items():
                    timed[name].append(program.key(KEYS[index % 2]))
            for name, program in programs.items():
                cpu[name] += program.cpu_s()
        finally:
            for program in programs.values():
                program.close()
    result: dict[str, Any] = {"terminal_samples": samples, **({"against": against} if against else {})}
    for name, found in timed.items():
        ms = [sample[0] for sample in found]
        result[f"{name}_key_ms_median"] = round(statistics.median(ms), 2)
        result[f"{name}_key_ms_p95"] = round(percentile(ms, 0.95), 2)
        result[f"{name}_bytes_per_key"] = statistics.median(sample[1] for sample in found)
        result[f"{name}_cpu_ms_per_key"] = round(cpu[name] * 1000 / samples, 2)
    for name in programs.keys() - {"bare"}:
        prefix = "" if name == "terminal" else f"{name}_"
        result[f"{prefix}terminal_ratio"] = round(result[f"{name}_key_ms_median"] / result["bare_key_ms_median"], 2)
        result[f"{prefix}bytes_ratio"] = round(result[f"{name}_bytes_per_key"] / result["bare_bytes_per_key"], 2)
        result[f"{prefix}cpu_ratio"] = round(result[f"{name}_cpu_ms_per_key"] / max(result["bare_cpu_ms_per_key"], 0.01), 2)
    return result


def report(result: dict[str, Any]) -> str:
    lines = [
        "UI in a real terminal: Kobito, 2 players at 80x24, card cursor ← → "
        f"({result['terminal_samples']} key presses each, the bare Textual app keyed alike)",
        f"  {'':24} {'this':>9} {'bare':>9} {'ratio':>7} {'goal':>7}",
    ]
    rows = (
        ("key -> end of output, ms", "key_ms_median", "terminal_ratio", "key_ms"),
        ("key -> end, p95 ms", "key_ms_p95", None, None),
        ("bytes written per key", "bytes_per_key", "bytes_ratio", "bytes"),
        ("CPU per key, ms", "cpu_ms_per_key", "cpu_ratio", "cpu_ms"),
    )
    for label, figure, ratio, goal in rows:
        ours, bare = result[f"terminal_{figure}"], result[f"bare_{figure}"]
        shown = f"{result[ratio]:>6}x {'<= ' + str(GOALS[goal]):>7}" if ratio and goal else ""
        lines.append(f"  {label:24} {ours:>9} {bare:>9} {shown}")
    if "against" in result:
        lines.append(f"  {result['against']} (before), same run:")
        for label, figure, ratio, _ in rows:
            if ratio:
                lines.append(f"    {label:22} {result[f'base_{figure}']:>9} {'':>9} {result[f'base_{ratio}']:>6}x")
    return "\n".join(lines)
