"""A log that strangers cannot flood: what one address causes is said once an interval, then counted.

Both doors say through it what a client can cause (a refused connection, a malformed request), so a
flood of them grows the log by a line a minute per address, not a line per attempt.
"""

from __future__ import annotations

import asyncio
import logging

LOG_INTERVAL_S = 60.0  # what one address causes is said once in this long, then counted
LOG_ADDRESSES = 100  # addresses named in one interval; the rest are counted together


class QuietLog:
    """Lines about what strangers do: an address's first in an interval, then at its end how many more."""

    def __init__(self, logger: logging.Logger, door: str = "web", interval_s: float = LOG_INTERVAL_S, addresses: int = LOG_ADDRESSES):
        self.logger, self.door, self.interval_s, self.addresses = logger, door, interval_s, addresses
        self._more: dict[str, int] = {}  # this interval's addresses, and how many lines of each were not said
        self._timer: asyncio.TimerHandle | None = None

    def say(self, address: str, line: str, level: int = logging.INFO) -> None:
        if address not in self._more and len(self._more) >= self.addresses:
            address = "other addresses"
        if address in self._more:
            self._more[address] += 1
            return
        self._more[address] = 0
        self.logger.log(level, "%s", line)
        if self._timer is None:
            self._timer = asyncio.get_running_loop().call_later(self.interval_s, self.flush)

    def flush(self) -> None:
        """The interval is over: how many lines each address had that were not said."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        for address, more in self._more.items():
            if more:
                self.logger.info("%s: … and %d more from %s in the last minute", self.door, more, address)
        self._more.clear()
