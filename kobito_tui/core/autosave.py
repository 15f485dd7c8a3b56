"""Autosave: only the newest record matters, and it stays pending until it is on disk.

Each write is :func:`savefile.save`'s atomic whole-file write, so a crash never
leaves half a file.  A write that fails (a full or read-only disk) keeps its
record pending: the next record handed over, or :meth:`AutoSaver.flush`, tries
again, and :attr:`AutoSaver.unsaved` says what the file lacks meanwhile.

In the background (the app) one writer thread writes, so a move never waits
for the disk.  The writer is not a daemon: a normal exit waits for the last
record handed over; after a failure it stops, so it never holds an exit up.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from kobito_tui.core.record import Record
from kobito_tui.core.savefile import save


class AutoSaver:
    """Saves records to ``path``, newest first and only; ``saved`` is the record
    already on disk.  ``on_report`` is called (in the writing thread) after a
    failed write and after the write that ends a failing spell."""

    def __init__(
        self,
        path: Path,
        saved: Record | None = None,
        background: bool = True,
        on_report: Callable[[], None] | None = None,
    ) -> None:
        self.path = Path(path)
        self.background = background
        self.on_report = on_report
        self._lock = threading.Condition()
        self._latest = saved  # the newest record handed over
        self._written = saved  # the newest record known to be on disk
        self._writing = False
        self._error: OSError | None = None

    @property
    def error(self) -> OSError | None:
        """Why the last write failed, until a write succeeds."""
        return self._error

    @property
    def written(self) -> Record | None:
        """The newest record on disk (None: none written yet)."""
        return self._written

    @property
    def unsaved(self) -> Record | None:
        """The newest record not on disk yet; None when the file is up to date."""
        with self._lock:
            return None if self._latest is self._written else self._latest

    def save(self, record: Record) -> None:
        """Hand ``record`` over (a snapshot is taken).  In the background this
        returns at once; in the foreground it writes, raising the OSError if that fails."""
        snapshot = Record(record.header, list(record.events))
        with self._lock:
            self._latest = snapshot
            if self._writing:
                return  # the writer takes the newest record when it is done
            self._writing = True
        if self.background:
            threading.Thread(target=self._write_pending, name=f"autosave {self.path.name}").start()
        else:
            self._write_pending()
            self._raise_if_unsaved()

    def flush(self) -> None:
        """Wait until the newest record is on disk, writing it again if an
        earlier write failed; raise the OSError if it still cannot be written."""
        with self._lock:
            self._lock.wait_for(lambda: not self._writing)
            if self._latest is self._written:
                return
            self._writing = True
        self._write_pending()
        self._raise_if_unsaved()

    def _raise_if_unsaved(self) -> None:
        with self._lock:
            if self._latest is not self._written and self._error is not None:
                raise self._error

    def _write_pending(self) -> None:
        """Write the newest record until the file holds it, or until a write of
        the newest record fails (it stays pending: the next save or flush retries)."""
        failed: Record | None = None
        while True:
            with self._lock:
                record = self._latest
                if record is None or record is self._written or record is failed:  # None: nothing handed over
                    self._writing = False
                    self._lock.notify_all()
                    return
            try:
                save(self.path, record)
            except OSError as error:
                failed = record
                with self._lock:
                    self._error = error
                report = True
            else:
                with self._lock:
                    self._written = record
                    report, self._error = self._error is not None, None
            if report and self.on_report is not None:
                self.on_report()
