"""One benchmark run of this tree beside another commit's, for `--against REV`."""

from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parents[2]  # the tree this package runs from


@contextmanager
def checked_out(against: str) -> Iterator[Path]:
    """Commit ``against`` checked out in a temporary git worktree, removed afterwards:
    its package runs with ``PYTHONPATH`` set to the path given."""
    with tempfile.TemporaryDirectory(prefix="kobito-bench-") as scratch:
        tree = Path(scratch) / "tree"
        made = subprocess.run(["git", "-C", str(HERE), "worktree", "add", "--detach", str(tree), against], capture_output=True, text=True)
        if made.returncode:
            raise SystemExit(f"cannot check out {against}: {made.stderr.strip()}")
        try:
            yield tree
        finally:
            subprocess.run(["git", "-C", str(HERE), "worktree", "remove", "--force", str(tree)], capture_output=True)


def alternating_runs(against: str, probe: Callable[[Path], dict[str, Any]], rounds: int) -> dict[str, list[dict[str, Any]]]:
    """Every run of ``probe`` on this tree (``"this"``) and on commit ``against`` (``"base"``,
    see :func:`checked_out`): the two alternate ``rounds`` times, the order swapped each
    round, so a machine growing busier weighs on both alike."""
    runs: dict[str, list[dict[str, Any]]] = {"base": [], "this": []}
    with checked_out(against) as tree:
        roots = {"base": tree, "this": HERE}
        for number in range(rounds):
            for side in ("base", "this") if number % 2 == 0 else ("this", "base"):
                runs[side].append(probe(roots[side]))
    return runs
