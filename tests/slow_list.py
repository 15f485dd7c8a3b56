"""Write tests/slow.txt, the tests marked ``slow``, from a run's ``--durations=0`` output.

    pytest -n 2 -q --durations=0 -p no:randomly > durations.txt
    python tests/slow_list.py durations.txt

A test is slow when its setup, call and teardown took more than ``LIMIT_S`` together.
A module whose tests would all be slow keeps its quickest one out of the list if that one
took at most ``KEEP_S``, so the quick loop (``pytest -m "not slow"``) still imports and runs
nearly every module; a module of long tests only (a whole game in a browser) stays out of it.
The checks that guard the house (``GUARDS``: the import graph, the type checker) are never slow.
"""

from __future__ import annotations

import re
import sys
from collections import defaultdict
from pathlib import Path

GUARDS = frozenset(
    {  # the quick loop always runs these, however long they take
        "tests/test_layers.py::test_the_parts_of_the_package_make_no_cycle",
        "tests/test_types.py::test_mypy_finds_nothing",
    }
)
LIMIT_S = 2.0
KEEP_S = 5.0
LIST = Path(__file__).with_name("slow.txt")
HEADER = """\
# Tests marked `slow` (tests/conftest.py reads this): more than 2 s each on the busy 2-core CI machine.
# `pytest -m "not slow"` skips them; the full suite (`pytest -n auto`) runs them all.
# Written by tests/slow_list.py from a --durations=0 run; a test marked in its own file is slow too.
"""


def durations(text: str) -> dict[str, float]:
    took: dict[str, float] = defaultdict(float)
    for match in re.finditer(r"^([\d.]+)s (?:setup|call|teardown) +(\S.*)$", text, re.MULTILINE):
        took[match[2]] += float(match[1])
    return took


def slow(took: dict[str, float], limit: float = LIMIT_S) -> list[str]:
    modules: dict[str, list[str]] = defaultdict(list)
    for node in took:
        modules[node.split("::")[0]].append(node)
    chosen = []
    for nodes in modules.values():
        over = [node for node in nodes if took[node] > limit and node not in GUARDS]
        quickest = min(nodes, key=took.__getitem__)
        if len(over) == len(nodes) and took[quickest] <= KEEP_S:  # the module still runs in the quick loop
            over.remove(quickest)
        chosen += over
    return sorted(chosen)


def main(argv: list[str]) -> None:
    nodes = slow(durations(Path(argv[1]).read_text(encoding="utf-8")))
    LIST.write_text(HEADER + "".join(f"{node}\n" for node in nodes), encoding="utf-8")
    print(f"{len(nodes)} slow tests written to {LIST}")


if __name__ == "__main__":
    main(sys.argv)
