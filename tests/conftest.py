"""Every test runs with its own settings folder: never the player's real one; and a
disk that fills on demand, for the autosave tests."""

from __future__ import annotations

import errno
import threading

import pytest

import kobito_tui.core.autosave as autosave


@pytest.fixture(autouse=True)
def own_config_dir(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("KOBITO_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))


@pytest.fixture
def full_disk(monkeypatch):
    """``full.set()`` fills the disk (every write fails with ENOSPC), ``full.clear()`` frees it."""
    full, real = threading.Event(), autosave.save

    def save_unless_full(path, record):
        if full.is_set():
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        real(path, record)

    monkeypatch.setattr(autosave, "save", save_unless_full)
    return full
