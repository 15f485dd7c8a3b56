"""One server per data dir: an exclusive ``flock`` on a lock file there, holding the pid.

Taken before anything else in the dir is touched; a second server finds it held,
says which process holds it, and changes nothing.  The kernel lets go of it when
the holder ends, however it ends, so a stale lock file is never in the way.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from kobito_tui.core.safetext import printable

LOCK_NAME = "serve.lock"


class DataDirInUse(Exception):
    """Another process holds the data dir; ``str()`` is one line saying which."""


class DataDirLock:
    """The exclusive lock on ``data_dir`` for as long as this lives (until :meth:`release`)."""

    def __init__(self, data_dir: Path):
        self.path = Path(data_dir) / LOCK_NAME
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 32).decode("ascii", "replace").strip()
            os.close(fd)
            who = f"process {printable(holder, 20)}" if holder.isdigit() else "another process"
            raise DataDirInUse(
                f"{printable(data_dir)} is in use by {who} (another kobito serve); stop it, or use another --data-dir"
            ) from None
        except BaseException:
            os.close(fd)
            raise
        try:  # who holds it, for a second server to say; the lock holds without it (a full disk)
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        except OSError:
            pass
        self._fd: int | None = fd

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing lets go of the lock
            self._fd = None
