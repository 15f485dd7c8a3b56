"""One benchmark run of this tree beside another commit's, alternating, for `--against REV`."""

from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parents[2]  # the tree this package runs from


def alternating_runs(against: str, probe: Callable[[Path], dict[str, Any]], rounds: int) -> dict[str, list[dict[str, Any]]]:
    """Every run of ``probe`` on this tree (``"this"``) and on commit ``against`` (``"base"``,
    checked out in a temporary git worktree): the two alternate ``rounds`` times, the order
    swapped each round, so a machine growing busier weighs on both alike."""
    runs: dict[str, list[dict[str, Any]]] = {"base": [], "this": []}
    with tempfile.TemporaryDirectory(prefix="kobito-bench-") as scratch:
        tree = Path(scratch) / "tree"
        made = subprocess.run(["git", "-C", str(HERE), "worktree", "add", "--detach", str(tree), against], capture_output=True, text=True)
        if made.returncode:
            raise SystemExit(f"cannot check out {against}: {made.stderr.strip()}")
        try:
            roots = {"base": tree, "this": HERE}
            for number in range(rounds):
                for side in ("base", "this") if number % 2 == 0 else ("this", "base"):
                    runs[side].append(probe(roots[side]))
        finally:
            subprocess.run(["git", "-C", str(HERE), "worktree", "remove", "--force", str(tree)], capture_output=True)
    return runs
