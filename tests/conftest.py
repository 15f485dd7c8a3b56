"""Every test runs with its own settings folder: never the player's real one."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def own_config_dir(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("KOBITO_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))
