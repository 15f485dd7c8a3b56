"""Waiting on a game in a headless app (benches and Pilot tests): always within a
time bound, and a wait that times out says what the table and the screen think."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

TURN_TIMEOUT_S = 60.0  # the longest a computer's turn may take on a busy machine (its budget is 10 s)


class NeverCame(TimeoutError):
    """What a wait waited for did not come within its time."""


async def until(pilot: Any, test: Callable[[], object], what: str, timeout: float = TURN_TIMEOUT_S, step: float = 0.01) -> None:
    """Let the app run until ``test()`` holds; after ``timeout`` seconds, :class:`NeverCame`
    naming ``what`` and the state of the game."""
    deadline = time.monotonic() + timeout
    while not test():
        if time.monotonic() > deadline:
            raise NeverCame(f"{what}: not within {timeout:g} s; {game_state(pilot.app)}")
        await pilot.pause(step)


class PaintClock:
    """When the app hands a rendered screen update to its driver: the wall clock, this process's CPU
    time, and what ``shown()`` said then (the game's revision on the screen, for one)."""

    def __init__(self, app: Any, shown: Callable[[], int | None] = lambda: None) -> None:
        self.app = app
        self.paints: list[tuple[float, float, int | None]] = []
        display = app._display

        def timed(screen: Any, renderable: Any) -> None:
            display(screen, renderable)
            if renderable is not None:
                self.paints.append((time.perf_counter(), time.process_time(), shown()))

        app._display = timed  # timing paints means wrapping Textual's private _display

    async def key_to_paint(self, key: str, shown: int | None = None) -> tuple[float, float]:
        """Press ``key`` as a terminal would; milliseconds (wall, CPU) until the first paint after it
        when ``shown()`` said ``shown`` (None: the first paint at all); :class:`NeverCame` after 10 s."""
        from textual import events

        self.paints.clear()
        start, cpu = time.perf_counter(), time.process_time()
        driver = self.app._driver
        assert driver is not None, "the app runs"
        driver.send_message(events.Key(key, key))
        while True:
            painted = [(when, used) for when, used, said in self.paints if shown in (None, said)]
            if painted:
                return (painted[0][0] - start) * 1000, (painted[0][1] - cpu) * 1000
            if time.perf_counter() - start > 10:
                raise NeverCame(f"no paint showing {shown} within 10 s of {key!r}; {game_state(self.app)}")
            await asyncio.sleep(0.0005)


def game_state(app: Any) -> str:
    """The game as the table has it and as the game screen shows it, in a line."""
    screen = app.game_screen() if hasattr(app, "game_screen") else None
    if screen is None:
        return f"no game screen (the screen is {app.screen!r})"
    latest = screen.client.latest
    shown = "nothing yet" if latest is None else f"revision {latest.revision}, seat {latest.to_act} to act"
    words = f"the screen shows {shown} (seat {screen.client.seat}, human to move: {screen.client.to_move}), top screen {app.screen!r}"
    dead = [repr(sub.error) for sub in screen.client._subscriptions if getattr(sub, "error", None) is not None]
    if dead:  # a callback that raised was unsubscribed: the screen hears no more
        words += f"; its subscription ended on {', '.join(dead)}"
    if hasattr(screen.host, "table"):  # a table hosted here
        table = screen.host.table
        asked = {seat: computer.asked for seat, computer in screen.host.local.computers.items()}
        words = (
            f"the table is at revision {table.revision}, seat {table.to_act} to act (computers last asked at revisions {asked}); {words}"
        )
    return words
