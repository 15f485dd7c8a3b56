"""A session program reads its keys at the pace it can handle them.

Textual's Linux driver reads the terminal in a thread and hands every key to the app's queue at
once; a flood of cursor keys (2 MB over SSH) grew a session program by 430 MB in a minute, as the
app handles a key in milliseconds. :class:`PacedDriver` is that driver, but its thread stops reading
while the app has more than ``BACKLOG`` messages waiting: the keys then wait in the terminal's
buffer and the door's bounded queue (:mod:`kobito_tui.serve.keys`), which drops a flood.
"""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

from textual.app import App
from textual.drivers.linux_driver import LinuxDriver
from textual.message import Message

BACKLOG = 64  # messages the app may have waiting before its keys wait in the terminal
CHECK_EVERY = 16  # messages the input thread sends between two looks at the app's queue


class PacedDriver(LinuxDriver):
    """Textual's Linux driver whose input thread waits while the app is behind."""

    def __init__(self, app: App[Any], **kwargs: Any):
        super().__init__(app, **kwargs)
        self._paced_app = app
        self._app_loop = asyncio.get_running_loop()
        self._app_thread = threading.get_ident()
        self._unchecked = 0

    def send_message(self, message: Message) -> None:
        if threading.get_ident() != self._app_thread:  # the input thread: it may wait, the app's may not
            self._unchecked += 1
            if self._unchecked >= CHECK_EVERY:
                self._unchecked = 0
                self._wait_for_app()
        super().send_message(message)

    def _wait_for_app(self) -> None:
        """Until the app has at most ``BACKLOG`` messages waiting, or is closing. Its queue is read
        on its own loop, behind what this thread sent before: those are counted too."""

        async def backlog() -> int:
            return self._paced_app.message_queue_size

        while not self.exit_event.is_set() and self._paced_app.is_running:
            try:
                if asyncio.run_coroutine_threadsafe(backlog(), self._app_loop).result(timeout=0.5) <= BACKLOG:
                    return
            except TimeoutError:
                continue  # the app is busy: still behind
            except RuntimeError:  # its loop is closed: the app is over
                return
            time.sleep(0.01)
