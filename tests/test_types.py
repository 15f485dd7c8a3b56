"""Type-check as part of the suite: mypy, strict on ``kobito_tui.core`` and
``kobito_tui.table`` (the files and flags are in pyproject.toml's ``[tool.mypy]``).
Its incremental cache in ``.mypy_cache`` keeps a warm run under a second."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(not (ROOT / "kobito_tui").is_dir(), reason="needs the source tree")
def test_mypy_finds_nothing():
    mypy = shutil.which("mypy") or str(Path(sys.executable).with_name("mypy"))
    done = subprocess.run([mypy, "--config-file", "pyproject.toml"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
