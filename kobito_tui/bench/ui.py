"""`kobito bench ui`: start-up, key-press latency and memory of the Textual app.

* ``startup_ratio``: time to the first painted title screen (a real process
  under a pseudo-terminal, watched until the title appears) over the same for
  a bare Textual app, medians of several runs each.
* ``key_to_screen_ms_*``: a game at 120×40 (one human, computers at the other
  seats) in a headless app; each sample is one key press (u: undo, y: redo of
  a move just played: a full pass through the session, the hand-over to the
  autosave thread, board and log) until the first screen update rendered with
  it (the compositor's output, which a headless app does not write to a
  terminal).
* ``cursor_ms_idle_*`` / ``cursor_ms_thinking_*``: the card cursor (→ ←) of
  the human to act in a 3-seat Kobito game, key to rendered screen, while
  nobody thinks and while a Hard bot thinks in the table's threads (a computer
  can never block a key press).
* ``cursor_cpu_ms_median`` / ``bare_cpu_ms_median``: this process's CPU from a
  cursor key to its rendered screen (nobody thinking), beside a bare Textual
  app's repainting a label on the same keys; ``cursor_cpu_ratio`` their ratio.
* ``peak_rss_mb``: this process's peak resident memory after the game session.

With ``--terminal``, :mod:`kobito_tui.bench.terminal` times keys in a real
pseudo-terminal instead, beside a bare Textual app (and, with ``--against REV``,
beside commit REV's app).
"""

from __future__ import annotations

import argparse
import asyncio
import fcntl
import os
import random
import resource
import select
import statistics
import struct
import sys
import tempfile
import termios
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kobito_tui.app.main import KobitoApp, files_app
from kobito_tui.bench.waits import PaintClock, until
from kobito_tui.client import LocalHost
from kobito_tui.core.game import Event
from kobito_tui.core.record import new_header, parse_players
from kobito_tui.table import Table

if TYPE_CHECKING:
    from textual.pilot import Pilot

    from kobito_tui.app.screens.game import GameScreen

BARE_APP = """
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("B A R E")

Bare().run()
"""
KOBITO_APP = """
import sys
from kobito_tui.cli import main
main(["--saves-dir", sys.argv[1]])
"""


def time_to_paint(script: str, marker: bytes, args: list[str], timeout: float = 20.0) -> float:
    """Seconds from starting ``script`` under an 80×24 pty until ``marker`` is drawn."""
    start = time.perf_counter()
    pid, fd = os.forkpty()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.execv(sys.executable, [sys.executable, "-P", "-c", script, *args])  # -P: the installed package, not a checkout in the cwd
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    seen = b""
    try:
        while marker not in seen:
            if time.perf_counter() - start > timeout:
                raise RuntimeError(f"nothing painted within {timeout} s")
            if select.select([fd], [], [], 0.5)[0]:
                seen += os.read(fd, 65536)
        return time.perf_counter() - start
    finally:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        os.close(fd)


def startup(runs: int = 5) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        bare, ours = [], []
        for _ in range(runs):  # interleaved, so load on the machine hits both alike
            bare.append(time_to_paint(BARE_APP, b"B A R E", []))
            ours.append(time_to_paint(KOBITO_APP, b"K O B I T O", [folder]))
    return {
        "startup_bare_ms": round(statistics.median(bare) * 1000, 1),
        "startup_ms": round(statistics.median(ours) * 1000, 1),
        "startup_ratio": round(statistics.median(ours) / statistics.median(bare), 2),
        "startup_runs": runs,
    }


async def key_latency(game_id: str, players: int, samples: int, seed: int = 1) -> list[float]:
    """Milliseconds from each key press (undo / redo) to the rendered screen."""
    rng = random.Random(seed)
    timings: list[float] = []
    seats = parse_players(",".join(["You"] + ["bot:random"] * (players - 1)))
    with tempfile.TemporaryDirectory() as folder:
        while len(timings) < samples:
            header = new_header(game_id, seats, seed=seed + len(timings))
            app = files_app(Path(folder), new=header, bot_delay=0)
            async with app.run_test(size=(120, 40)) as pilot:
                await _play(app, pilot, rng, timings, samples)
                game = app.game_screen()
            if game is not None:
                game.flush_save()  # its last autosave done before the folder goes
    return timings


async def _play(app: KobitoApp, pilot: Pilot[int], rng: random.Random, timings: list[float], samples: int) -> None:
    """Play one game as seat 0, timing an undo and a redo of its first move each turn.

    Each move waits until the screen shows the table's new revision: reading
    ``human_to_move`` before that read the position before the move (on a busy
    machine, a screen that had not yet taken its own move), and played again
    from it (refused: stale).  Each wait is bounded (:mod:`kobito_tui.bench.waits`)."""
    clock = PaintClock(app, partial(shown_revision, app))
    await until(pilot, lambda: (game := app.game_screen()) is not None and game.client.latest is not None, "the game's first update")
    screen = app.game_screen()
    assert screen is not None and screen.client.latest is not None
    while len(timings) < samples and not screen.client.over:
        await until(pilot, lambda: screen.client.over or screen.client.to_move, "seat 0's turn", step=0.001)
        if screen.client.over:
            return
        legal = list(screen.client.latest.legal)
        open_moves = [move for move in legal if not local_table(screen).game.closes_turn(move)]
        await _play_one(pilot, screen, rng.choice(open_moves or legal))
        if open_moves and screen.client.may("undo"):
            played = screen.client.latest.revision
            timings.append((await clock.key_to_paint("u", played + 1))[0])
            if screen.client.may("redo"):  # (an undo that took back a chance event too leaves nothing to redo)
                timings.append((await clock.key_to_paint("y", played + 2))[0])
                await until(pilot, _at_revision(screen, played + 2), "the screen after the redo")
        while screen.client.to_move and not screen.client.over:
            await _play_one(pilot, screen, rng.choice(list(screen.client.latest.legal)))


def shown_revision(app: KobitoApp) -> int | None:
    """The revision of the table the game screen shows, or None."""
    game = app.game_screen()
    return None if game is None or game.client.latest is None else game.client.latest.revision


def _at_revision(screen: GameScreen, revision: int) -> Callable[[], bool]:
    """Whether ``screen`` shows the table at ``revision``."""
    return lambda: (latest := screen.client.latest) is not None and latest.revision == revision


def local_table(screen: GameScreen) -> Table:
    """The table of the local game ``screen`` shows (the benches time local games only)."""
    assert isinstance(screen.host, LocalHost), "a local game"
    return screen.host.table


async def _play_one(pilot: Pilot[int], screen: GameScreen, move: Event) -> None:
    """Play ``move``; back once the screen shows the table's revision after it."""
    table = local_table(screen)
    before = table.revision
    screen.play(move)
    await until(
        pilot,
        lambda: table.revision > before and (latest := screen.client.latest) is not None and latest.revision >= table.revision,
        "the screen after a move",
    )


async def cursor_latency(samples: int, thinking: bool, seed: int = 3) -> list[tuple[float, float]]:
    """Milliseconds (wall, this process's CPU) from each card-cursor key (→ ←)
    of the human to act in a 3-seat Kobito game (Hard computers at the other
    seats) to the rendered screen; with ``thinking``, while the Hard bot thinks
    all along in the table's own threads (a hint for the seat, asked again as
    each one is answered: the bot and thinker a Hard computer seat uses on its
    turn)."""

    header = new_header("kobito", parse_players("You,bot:hard,bot:hard"), seed=seed)
    timings: list[tuple[float, float]] = []
    with tempfile.TemporaryDirectory() as folder:
        app = files_app(Path(folder), new=header, bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: (game := app.game_screen()) is not None and game.client.to_move, "seat 0's turn")
            screen = app.game_screen()
            assert screen is not None
            local = local_table(screen)
            await pilot.pause(0.2)
            stop = threading.Event()

            def think() -> None:
                table = local
                while not stop.is_set():
                    answer = table.hint(0)
                    if not isinstance(answer, Future):  # refused
                        return
                    answer.exception()  # waits until it is thought out

            thinker = threading.Thread(target=think, daemon=True)
            if thinking:
                thinker.start()
                await pilot.pause(0.1)
            clock = PaintClock(app)
            try:
                for index in range(samples):
                    timings.append(await clock.key_to_paint(("right", "left")[index % 2]))
                    await pilot.pause(0.005)
            finally:
                stop.set()
            if thinking:
                thinker.join(10)
    return timings


async def bare_latency(samples: int) -> list[tuple[float, float]]:
    """The floor beside :func:`cursor_latency`: a bare Textual app repainting one label on → ←, timed alike."""
    from textual.app import App, ComposeResult
    from textual.widgets import Label

    class Bare(App[None]):
        BINDINGS = [("left", "move(-1)"), ("right", "move(1)")]
        position = 0

        def compose(self) -> ComposeResult:
            yield Label("B A R E 0")

        def action_move(self, step: int) -> None:
            self.position += step
            self.query_one(Label).update(f"B A R E {self.position}")

    app, timings = Bare(), []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.2)
        clock = PaintClock(app)
        for index in range(samples):
            timings.append(await clock.key_to_paint(("right", "left")[index % 2]))
            await pilot.pause(0.005)
    return timings


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def run(args: argparse.Namespace) -> dict[str, Any]:
    if args.terminal:
        from kobito_tui.bench import terminal  # it imports this module's percentile: here, not at the top

        return terminal.measure(against=args.against)
    game_id = args.game
    players = args.players
    samples = 200
    result = {"game": game_id, "players": players, "size": "120x40", **startup()}
    timings = asyncio.run(key_latency(game_id, players, samples))
    idle, thinking = asyncio.run(cursor_latency(100, False)), asyncio.run(cursor_latency(100, True))
    for name, found in (("cursor_ms_idle", idle), ("cursor_ms_thinking", thinking)):
        values = [wall for wall, _ in found]
        result[f"{name}_median"] = round(statistics.median(values), 2)
        result[f"{name}_p95"] = round(percentile(values, 0.95), 2)
    cpu = statistics.median(used for _, used in idle)
    bare = statistics.median(used for _, used in asyncio.run(bare_latency(100)))
    result.update(cursor_cpu_ms_median=round(cpu, 2), bare_cpu_ms_median=round(bare, 2), cursor_cpu_ratio=round(cpu / bare, 2))
    result.update(
        key_presses=len(timings),
        key_to_screen_ms_median=round(statistics.median(timings), 2),
        key_to_screen_ms_p95=round(percentile(timings, 0.95), 2),
        peak_rss_mb=round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    )
    return result


def report(result: dict[str, Any]) -> str:
    if "terminal_ratio" in result:
        from kobito_tui.bench import terminal  # (see run)

        return terminal.report(result)
    return "\n".join(
        [
            f"UI: {result['game']}, {result['players']} players at {result['size']}",
            f"  start-up to title     {result['startup_ms']} ms (bare Textual app {result['startup_bare_ms']} ms)",
            f"  start-up ratio        {result['startup_ratio']}x  (target <= 1.5)",
            f"  key -> screen median  {result['key_to_screen_ms_median']} ms  (target <= 25)",
            f"  key -> screen p95     {result['key_to_screen_ms_p95']} ms  (target <= 60)",
            f"  over                  {result['key_presses']} key presses",
            "  card cursor, 3 seats  median / p95, 100 keys each (target: thinking no worse, p95 <= 60)",
            f"    nobody thinks       {result['cursor_ms_idle_median']} / {result['cursor_ms_idle_p95']} ms",
            f"    Hard bot thinks     {result['cursor_ms_thinking_median']} / {result['cursor_ms_thinking_p95']} ms",
            f"    CPU per key         {result['cursor_cpu_ms_median']} ms, nobody thinking (bare Textual app"
            f" {result['bare_cpu_ms_median']} ms): {result['cursor_cpu_ratio']}x  (target <= 1.3)",
            f"  peak memory           {result['peak_rss_mb']} MB  (target <= 150)",
        ]
    )
