"""Type-check as part of the suite: ``mypy --strict`` on the whole of ``kobito_tui``
(the flags are in pyproject.toml's ``[tool.mypy]``, and nowhere else).

Strict means: mypy finds nothing, and every ``# type: ignore`` names its error code
(mypy's ``ignore-without-code``) and says why on the same line (``# type: ignore[code]  # why``),
kept for a real gap of a third-party library.  No file is let off.  Mypy's incremental
cache in ``.mypy_cache`` keeps a warm run to a few seconds."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

_IGNORE = re.compile(r"#\s*type:\s*ignore\b(?P<rest>.*)$")
_EXPLAINED = re.compile(r"^\[[a-z0-9-]+(,\s*[a-z0-9-]+)*\]\s+#\s*\S")

needs_source = pytest.mark.skipif(not (ROOT / "kobito_tui").is_dir(), reason="needs the source tree")


def _path(file: Path) -> str:
    return file.relative_to(ROOT).as_posix()


def unexplained_ignores() -> dict[str, list[int]]:
    """The lines of each file whose ``# type: ignore`` lacks a code or a reason after it."""
    found: dict[str, list[int]] = {}
    for file in sorted((ROOT / "kobito_tui").rglob("*.py")):
        for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
            match = _IGNORE.search(line)
            if match and not _EXPLAINED.match(match.group("rest").strip()):
                found.setdefault(_path(file), []).append(number)
    return found


@needs_source
def test_the_whole_package_is_checked_strictly():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["files"] == ["kobito_tui"]
    assert config["strict"] is True
    assert "ignore-without-code" in config.get("enable_error_code", [])
    for override in config.get("overrides", []):  # only untyped third-party modules may be let off, never ours
        modules = [override["module"]] if isinstance(override["module"], str) else override["module"]
        assert not any(module.startswith("kobito_tui") for module in modules), override
        assert set(override) <= {"module", "ignore_missing_imports"}, override
    assert not {"ignore_errors", "disable_error_code", "follow_imports"} & set(config), config


@needs_source
def test_mypy_finds_nothing():
    mypy = shutil.which("mypy") or str(Path(sys.executable).with_name("mypy"))
    done = subprocess.run([mypy, "--config-file", "pyproject.toml"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@needs_source
def test_every_ignore_names_its_code_and_says_why():
    unexplained = unexplained_ignores()
    assert not unexplained, f"a '# type: ignore[code]  # why' on each of these lines: {unexplained}"
