"""A player's keys on their way to the session program's terminal, held for it in a bounded queue.

The program reads its terminal at the pace it can handle keys (:mod:`kobito_tui.app.paced_driver`),
so a flood of keys fills the terminal's buffer; the door keeps reading the player's side (so it sees
at once that they left) and holds at most ``HELD_MAX`` bytes for the program. Beyond that a flood's
bytes are dropped, not stored: a person typing or pasting never gets near it.
"""

from __future__ import annotations

import asyncio
import os

HELD_MAX = 64 * 1024
PASTE_END = b"\x1b[201~"  # kept from a dropped chunk: a paste cut short must still end


class KeyQueue:
    """Bytes for the pseudo-terminal ``master`` (non-blocking), written as the program takes them."""

    def __init__(self, master: int, held_max: int = HELD_MAX):
        self.master, self.held_max = master, held_max
        self.held = bytearray()
        self.dropped = 0  # bytes dropped so far
        self._loop = asyncio.get_running_loop()
        self._waiting = False  # registered to write when the terminal takes more

    def put(self, data: bytes) -> None:
        """Queue ``data``, or drop it if the program is that far behind."""
        if len(self.held) + len(data) > self.held_max:
            self.dropped += len(data)
            self.held += PASTE_END * data.count(PASTE_END)
        else:
            self.held += data
        self._write()

    def _write(self) -> None:
        try:
            while self.held:
                del self.held[: os.write(self.master, self.held)]
        except BlockingIOError:
            pass
        except OSError:  # EIO: the program is gone
            self.held.clear()
        if self.held and not self._waiting:
            self._loop.add_writer(self.master, self._write)
        elif not self.held and self._waiting:
            self._loop.remove_writer(self.master)
        self._waiting = bool(self.held)

    def close(self) -> None:
        """Hold nothing more (before the terminal is closed)."""
        if self._waiting:
            self._loop.remove_writer(self.master)
        self._waiting = False
        self.held.clear()
