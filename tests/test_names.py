"""One meaning per class name: a module-level class name is defined once in the package, but
where the same thing is made once per game (each game's option, each game's greedy bot) or a
protocol names what one class is."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "kobito_tui"

SAME_MEANING = {
    "FirstPlayer": "each game's first-player option",
    "GreedyBot": "each game's greedy computer",
    "World": "each game's bot's sampled world",
    "Subscription": "the client's protocol, and the table's subscription that is one",
}


def class_names() -> dict[str, list[str]]:
    """Each module-level class name, with the modules that define it."""
    found: dict[str, list[str]] = defaultdict(list)
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef):
                found[node.name].append(str(path.relative_to(PACKAGE.parent)))
    return found


def test_a_class_name_means_one_thing():
    twice = {name: where for name, where in class_names().items() if len(where) > 1 and name not in SAME_MEANING}
    assert twice == {}, "class names defined in several modules (rename one, or say why they mean the same)"


def test_the_names_said_to_mean_the_same_are_still_defined_more_than_once():
    names = class_names()
    assert {name for name in SAME_MEANING if len(names[name]) < 2} == set()
