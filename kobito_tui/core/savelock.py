"""One session per save file: an exclusive lock while a game is open.

Saving replaces the file (a new inode each time), so the lock is taken on a
file beside it, ``.NAME.jsonl.lock``, with ``flock``: the system drops it when
the holder exits, however it exits.  The lock file is removed on release; a
lock taken on a file just removed by another release is noticed (its inode is
no longer the one at the path) and taken again.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path


class SaveLocked(Exception):
    """Another session has the game open."""


def lock_path(path: Path) -> Path:
    """The lock file of the save file ``path``."""
    return path.parent / f".{path.name}.lock"


class SaveLock:
    """Held from :meth:`take` until :meth:`release` (or the process ends)."""

    def __init__(self, path: Path, fd: int | None) -> None:
        self.path, self._fd = path, fd

    @classmethod
    def take(cls, save_path: Path) -> SaveLock:
        """Lock ``save_path``'s game; SaveLocked if another session has it open.
        An OSError creating the lock file (a read-only folder) leaves the game
        unlocked: saving there fails and says so on its own."""
        path = lock_path(Path(os.path.realpath(save_path)))
        while True:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)  # as saving the game will
                fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
            except OSError:
                return cls(path, None)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                raise SaveLocked(str(save_path)) from None
            except OSError:  # a file system without locks
                os.close(fd)
                return cls(path, None)
            try:
                if os.stat(path, follow_symlinks=False).st_ino == os.fstat(fd).st_ino:
                    return cls(path, fd)
            except FileNotFoundError:
                pass
            os.close(fd)  # removed by a release meanwhile: lock the file now there

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        """Let another session open the game (again and again: harmless)."""
        if self._fd is None:
            return
        try:
            self.path.unlink(missing_ok=True)  # while still locked: no one holds a removed file's lock
        except OSError:
            pass
        os.close(self._fd)
        self._fd = None


def remove_stale_locks(folder: Path) -> None:
    """Delete the lock files in ``folder`` that no session holds (a killed session's)."""
    for path in folder.glob(".*.lock") if folder.is_dir() else ():
        save_path = path.with_name(path.name[1 : -len(".lock")])
        try:
            SaveLock.take(save_path).release()
        except SaveLocked:
            continue  # a session has that game open
