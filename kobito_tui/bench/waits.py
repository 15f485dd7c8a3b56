"""Waiting on a game in a headless app (benches and Pilot tests): always within a
time bound, and a wait that times out says what the table and the screen think."""

from __future__ import annotations

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
