"""One server per data dir: a second one says who holds it and changes nothing; a hub
removes only the socket it bound."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from kobito_tui.serve.hub import Hub
from kobito_tui.serve.lock import LOCK_NAME, DataDirInUse, DataDirLock

from .helpers import KEY_ANN, running_hub


def snapshot(folder: Path) -> dict[str, tuple]:
    """Every file of ``folder``: its times, size and (for a regular file) bytes."""
    files = {}
    for path in sorted(folder.rglob("*")):
        info = path.lstat()
        files[str(path)] = (info.st_mtime_ns, info.st_ctime_ns, info.st_size, path.read_bytes() if path.is_file() else None)
    return files


def test_a_second_server_on_a_data_dir_says_who_holds_it_and_changes_no_file(server):
    table = server.connect(KEY_ANN, "Ann").create("kobito", ["open", "open"])
    before = snapshot(server.data_dir)
    second = subprocess.run(
        [sys.executable, "-m", "kobito_tui.cli", "serve", "--data-dir", str(server.data_dir), "--ssh-port", "0"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert second.returncode == 1 and second.stdout == ""
    assert second.stderr.splitlines() == [
        f"kobito serve: {server.data_dir} is in use by process {server.process.pid} (another kobito serve); "
        "stop it, or use another --data-dir"
    ]
    assert snapshot(server.data_dir) == before
    assert table in server.connect("guest", "Bob").tables  # the first one's socket still answers


def test_the_lock_holds_against_another_open_and_lets_go_on_release(tmp_path):
    held = DataDirLock(tmp_path)
    assert (tmp_path / LOCK_NAME).read_text() == f"{os.getpid()}\n"
    with pytest.raises(DataDirInUse, match=f"in use by process {os.getpid()} "):
        DataDirLock(tmp_path)
    held.release()
    DataDirLock(tmp_path).release()
    again = DataDirLock(tmp_path)
    (tmp_path / LOCK_NAME).write_text("\x1b[2J")  # what is in the file is only a hint, never shown raw
    with pytest.raises(DataDirInUse, match="in use by another process") as refused:
        DataDirLock(tmp_path)
    assert "\x1b" not in str(refused.value)
    again.release()


def test_a_hub_removes_only_the_socket_it_bound_and_lets_go_of_the_dir(data_dir):
    folder = data_dir / "data"
    with running_hub(folder) as hub:
        with pytest.raises(DataDirInUse):
            Hub(folder)
        hub.socket_path.unlink()  # someone else's socket takes the name meanwhile
        other = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        other.bind(str(hub.socket_path))
    try:
        assert hub.socket_path.exists()
    finally:
        other.close()
    DataDirLock(folder).release()  # free again
