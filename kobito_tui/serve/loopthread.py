"""The hub's one thread rule, checked: what belongs to the event loop is touched on its thread only.

The loop's thread owns the lobby, the sessions, the live tables' bookkeeping and (with
several servers) the cluster's relays and proxies.  A method that touches them calls
:meth:`LoopThread.check` first: from any other thread it raises :class:`OffLoop`, so a
call that breaks the rule fails where it is made (and in the tests) instead of
misordering or losing a move later.  Code on another thread comes to the loop with
:meth:`LoopThread.soon`.

The check is always on: it is one ``threading.get_ident()`` and a compare (about
0.05 µs; a move's way through the hub is milliseconds).  Until :meth:`LoopThread.bind`
(the hub's start) there is no loop yet and nothing to check.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any


class OffLoop(RuntimeError):
    """A method that must run on the hub's event loop thread was called on another thread."""


class LoopThread:
    """The event loop a hub runs on, and its thread."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.ident = 0  # the loop's thread (0: not started yet)

    def bind(self) -> None:
        """From now on, the running loop and its thread are the hub's."""
        self.loop, self.ident = asyncio.get_running_loop(), threading.get_ident()

    def here(self) -> bool:
        """Whether this is the loop's thread."""
        return threading.get_ident() == self.ident

    def check(self) -> None:
        """Raise :class:`OffLoop` unless this is the loop's thread (or the hub has not started)."""
        if self.ident and threading.get_ident() != self.ident:
            raise OffLoop(f"called on thread {threading.current_thread().name!r}, not the hub's event loop thread")

    def soon(self, callback: Callable[..., None], *args: Any) -> None:
        """Call ``callback(*args)`` on the loop's thread, in order with every other such call; from any thread."""
        assert self.loop is not None
        self.loop.call_soon_threadsafe(callback, *args)
