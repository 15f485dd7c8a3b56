"""A group commit: one thread commits whatever writes are waiting in one transaction,
so tables moving at the same moment share a sync.  A write returns once committed (or
raises its :class:`StoreError`).  A batch that fails is tried again one write at a time,
so only the callers whose own write failed hear of it."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from kobito_tui.serve.store_api import StoreError
from kobito_tui.serve.store_rows import Statement

log = logging.getLogger("kobito.serve")


@dataclass
class Write:
    statements: tuple[Statement, ...]
    table: str | None = None  # the table it changes
    done: threading.Event = field(default_factory=threading.Event)
    error: StoreError | None = None


class GroupCommit:
    """The writer thread of one store; ``commit(batch)`` makes a batch one transaction,
    committed whole or rolled back whole (then raises :class:`StoreError`)."""

    def __init__(self, commit: Callable[[list[Write]], None], where: str):
        self._commit, self._where = commit, where
        self._waiting: list[Write] = []
        self._wake = threading.Condition()
        self._closed = False
        self._thread = threading.Thread(target=self._loop, name="store writer", daemon=True)
        self._thread.start()

    def write(self, write: Write) -> None:
        with self._wake:
            if self._closed:
                raise StoreError("the store is closed")
            self._waiting.append(write)
            self._wake.notify()
        write.done.wait()
        if write.error is not None:
            raise write.error

    def _loop(self) -> None:
        while True:
            with self._wake:
                self._wake.wait_for(lambda: bool(self._waiting) or self._closed)
                batch, self._waiting = self._waiting, []
            if not batch:
                return
            try:
                self._commit(batch)
            except Exception:  # one bad write: each on its own, so only its caller hears of it
                for write in batch:
                    try:
                        self._commit([write])
                    except StoreError as error:
                        log.warning("a write to %s failed: %s", self._where, error)
                        write.error = error
                    except Exception as error:  # a fault of ours: that write fails, the writer goes on
                        log.exception("a write to %s failed", self._where)
                        write.error = StoreError(error)
            for write in batch:
                write.done.set()

    def close(self) -> None:
        """Commit what is waiting, then stop the thread."""
        with self._wake:
            self._closed = True
            self._wake.notify()
        self._thread.join()
