"""Lint as part of the suite, with the rules in pyproject.toml's ``[tool.ruff.lint]``: pyflakes'
checks (unused or undefined names, shadowed imports), syntax errors, import order, pyupgrade's
and bugbear's, over the package and the tests; ``ruff format`` leaves every file as it is; and a
``# fmt: skip`` says why (``# fmt: skip  # why``), as a ``# type: ignore`` does."""

from __future__ import annotations

import re
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
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.skipif(not (ROOT / "kobito_tui").is_dir(), reason="needs the source tree")
def test_ruff_format_changes_nothing():
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    done = subprocess.run([ruff, "format", "--check", "--no-cache", "kobito_tui", "tests"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.skipif(not (ROOT / "kobito_tui").is_dir(), reason="needs the source tree")
def test_every_fmt_skip_says_why():
    unexplained = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted([*(ROOT / "kobito_tui").rglob("*.py"), *(ROOT / "tests").rglob("*.py")])
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"#\s*fmt:\s*(skip|off)", line) and not re.search(r"#\s*fmt:\s*skip  # \S", line)
    ]
    assert not unexplained, f"a '# fmt: skip  # why' on each of these lines: {unexplained}"
