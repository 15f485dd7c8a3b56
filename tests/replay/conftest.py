"""Replay tests: the shipped examples, and an app whose saves folder is a temp dir."""

from __future__ import annotations

from pathlib import Path

import pytest

from kobito_tui.app.browser.entries import example_paths
from kobito_tui.app.main import KobitoApp
from kobito_tui.core.savefile import load

EXAMPLES = {path.name: path for path in example_paths()}


def example(name: str):
    return load(EXAMPLES[name])


@pytest.fixture
def saves(tmp_path) -> Path:
    folder = tmp_path / "saves"
    folder.mkdir()
    return folder


def make_app(saves: Path) -> KobitoApp:
    return KobitoApp(saves, bot_delay=0)
