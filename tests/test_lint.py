"""Lint as part of the suite, with the rules in pyproject.toml's ``[tool.ruff.lint]``: pyflakes'
checks (unused or undefined names, shadowed imports), syntax errors, import order, pyupgrade's
and bugbear's, over the package and the tests."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(not (ROOT / "kobito_tui").is_dir(), reason="needs the source tree")
def test_ruff_finds_nothing():
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    done = subprocess.run(
        [ruff, "check", "--no-cache", "kobito_tui", "tests"],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
