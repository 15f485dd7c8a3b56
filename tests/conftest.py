"""Every test runs with its own settings folder: never the player's real one; a
disk that fills on demand, for the autosave tests; the ``slow`` mark on the
tests that tests/slow.txt lists (``pytest -m "not slow"`` is the quick loop);
an app's start-up collection kept to the young garbage (see below); ``-n auto`` meaning two
workers a core (see below); and our dependencies' warnings about themselves ignored, as the app does."""

from __future__ import annotations

import errno
import gc
import os
import sys
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest
from slow_list import GUARDS

import kobito_tui.core.autosave as autosave
from kobito_tui.quiet import CATEGORIES, MODULES, quiet_dependencies

SLOW = (
    frozenset(
        line.strip()
        for line in (Path(__file__).parent / "slow.txt").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    )
    - GUARDS
)  # the import graph and mypy guard the house: the quick loop runs them too


# ``-n auto``: two workers a core, at most 16. About a third of a worker's time is spent waiting
# (on real servers, browsers, terminals and clocks), so one worker a core left the cores idle:
# on this 2-core machine the suite took 8 min 17 s with 2 workers and 6 min 16 s with 4.
def pytest_xdist_auto_num_workers(config):
    return min(2 * len(os.sched_getaffinity(0)), 16)


quiet_dependencies()  # for what conftests import before pytest applies its filters (asyncssh, via tests/serve/helpers.py)


def pytest_configure(config):
    """The suite hears what a player would: not our dependencies' warnings about themselves (kobito_tui/quiet.py)."""
    for category in CATEGORIES:
        config.addinivalue_line("filterwarnings", f"ignore::{category.__name__}:{MODULES}")


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.nodeid in SLOW:
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def own_config_dir(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("KOBITO_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))


# A player's process starts one app, which collects the whole heap once and freezes it
# (kobito_tui/app/main.py, on_mount). A test process starts hundreds, and each full collection
# walked the test runner's heap again: 0.1-0.3 s CPU a start (20 of 61 CPU seconds in four Pilot
# modules measured; 13% less CPU there with this).
# Here an app's start-up collects the young generations only (as the replay screen does) and
# freezes as it would; the freeze and the thaw at unmount are the app's own.
YOUNG_ONLY = SimpleNamespace(collect=lambda generation=2: gc.collect(min(generation, 1)), freeze=gc.freeze, unfreeze=gc.unfreeze)


@pytest.fixture(autouse=True)
def young_start_up_collection(monkeypatch):
    main = sys.modules.get("kobito_tui.app.main")  # imported by the tests that start an app in-process
    if main is not None:
        monkeypatch.setattr(main, "gc", YOUNG_ONLY)  # raises if the app stops naming gc there


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
