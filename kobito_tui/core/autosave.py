"""Autosave off the UI thread: one writer thread, only the newest record matters.

Each write is still :func:`savefile.save`'s atomic whole-file write, so a
crash never leaves half a file.  The writer is not a daemon: a normal exit
waits for the last record handed over, and :meth:`AutoSaver.flush` waits for
it on demand (before the file is read again).
"""

from __future__ import annotations

import threading
from pathlib import Path

from kobito_tui.core.record import Record
from kobito_tui.core.savefile import save


class AutoSaver:
    """Saves records to ``path`` in the background, newest first and only."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._lock = threading.Condition()
        self._pending: Record | None = None
        self._writing = False
        self._error: OSError | None = None

    def save(self, record: Record) -> None:
        """Hand ``record`` (a snapshot is taken) to the writer and return at once.

        Raises the OSError of an earlier write that failed, once.
        """
        snapshot = Record(record.header, list(record.events))
        with self._lock:
            self._raise_error()
            self._pending = snapshot
            if not self._writing:
                self._writing = True
                threading.Thread(target=self._write, name=f"autosave {self.path.name}").start()

    def flush(self) -> None:
        """Wait until the newest record is on disk; raise a write's OSError."""
        with self._lock:
            self._lock.wait_for(lambda: not self._writing)
            self._raise_error()

    def _raise_error(self) -> None:
        error, self._error = self._error, None
        if error is not None:
            raise error

    def _write(self) -> None:
        while True:
            with self._lock:
                record, self._pending = self._pending, None
                if record is None:
                    self._writing = False
                    self._lock.notify_all()
                    return
            try:
                save(self.path, record)
            except OSError as error:
                with self._lock:
                    self._error = error
