"""A real Chromium for the web door's tests: one browser for each module, a fresh context (cookies, storage) per player.

Without Chromium (or Playwright) these tests skip, saying so; under CI
(the environment variable CI set) they fail instead: CI installs Chromium and must run them.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from missing import missing

from kobito_tui.bench.webpage import CHROMIUM, WebTerminal, launch

from .helpers import WebDoor


def _missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if not (Path(CHROMIUM).is_file() and os.access(CHROMIUM, os.X_OK)):
        return f"needs Chromium at {CHROMIUM} (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "needs Playwright (pip install '.[test]')"
    if not (shutil.which("ssh") and shutil.which("tmux")):
        return "needs OpenSSH and tmux"
    return None


@pytest.fixture(scope="module")
def browser():
    # One per module, not per session: Playwright's sync API keeps its event loop marked running in this
    # thread while it is open, and any asyncio test run after it in the same process (tests/serve/web after
    # tests/web, or on an xdist worker) would fail with "Runner.run() cannot be called from a running event loop".
    if reason := _missing():
        missing(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch(playwright)
        yield chromium
        chromium.close()


@pytest.fixture
def door(data_dir):
    running = WebDoor(data_dir / "data")
    yield running
    running.stop()


@pytest.fixture
def tabs(browser, door):
    """``tabs()`` opens a page of the door in a new browser context (a player of their own) or in the one given.

    At the end, no tab may have asked anything of a host but the server.
    """
    contexts, opened = [], []

    def open_tab(context=None, path: str = "/") -> WebTerminal:
        if context is None:
            context = browser.new_context(viewport={"width": 1280, "height": 720})
            contexts.append(context)
        opened.append(WebTerminal(context, door.base).open(path))
        return opened[-1]

    yield open_tab
    outside = [url for tab in opened for url in tab.outside()]
    for context in contexts:
        context.close()
    assert not outside, f"the page asked other hosts: {outside}"


@pytest.fixture(scope="session")
def artefacts(tmp_path_factory) -> Path:
    """Where the browser tests keep what a person may want to see (screenshots): $KOBITO_ARTEFACTS, or pytest's temporary folder."""
    folder = Path(os.environ.get("KOBITO_ARTEFACTS") or tmp_path_factory.getbasetemp() / "artefacts")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def data_dir():
    from serve.helpers import remove, short_dir

    folder = short_dir()
    yield folder
    remove(folder)
