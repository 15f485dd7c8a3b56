"""The installed package is the whole package: every folder of kobito_tui with an __init__.py
is listed in pyproject.toml (CI installs it for real, not editable: a folder left out is missing there)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(not (ROOT / "pyproject.toml").is_file(), reason="needs the source tree")
def test_every_package_folder_is_installed():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(init.parent.relative_to(ROOT).parts) for init in (ROOT / "kobito_tui").rglob("__init__.py")}
    assert found - listed == set()
