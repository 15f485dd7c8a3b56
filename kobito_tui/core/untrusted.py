"""Reading what may be anything (a save, an analysis sidecar): a regular file's bytes, bounded,
never blocking on a FIFO or reading a device without end; JSON's nesting measured without recursion."""

from __future__ import annotations

import os
import stat
from typing import Any

from kobito_tui.core.message import MessageError


def read_regular(path: str, max_bytes: int) -> bytes:
    """The bytes of the regular file at ``path`` (a symlink is followed), at most ``max_bytes``;
    raises MessageError: "save.cannot-read" (``error``), "save.not-regular" or "save.too-large" (``mib``)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except (OSError, ValueError) as error:  # ValueError: a NUL in the name
        raise MessageError("save.cannot-read", error=str(error)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise MessageError("save.not-regular")
        if info.st_size <= max_bytes:
            with os.fdopen(fd, "rb", closefd=False) as file:
                data = file.read(max_bytes + 1)  # one more: a file still growing
            if len(data) <= max_bytes:
                return data
        raise MessageError("save.too-large", mib=max_bytes // 2**20)
    except OSError as error:
        raise MessageError("save.cannot-read", error=str(error)) from None
    finally:
        os.close(fd)


def _containers(values: list[Any]) -> list[Any]:
    return [value for value in values if isinstance(value, (dict, list))]


def _children(containers: list[Any]) -> list[Any]:
    return [child for c in containers for child in (c.values() if isinstance(c, dict) else c)]


def depth_and_keys(value: Any) -> tuple[int, int]:
    """How deep arrays and objects nest in ``value`` (parsed JSON), and how many keys its objects hold."""
    depth = keys = 0
    level = _containers([value])
    while level:
        depth += 1
        keys += sum(len(c) for c in level if isinstance(c, dict))
        level = _containers(_children(level))
    return depth, keys
