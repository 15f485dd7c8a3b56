"""The package's layers, from its own imports: every ``import`` and ``from … import`` in
every module (at module level and inside functions), read from the syntax tree.

Each top-level part of ``kobito_tui`` (a subpackage, or a module beside them such as
``games`` or ``cli``) is a node; an arrow runs from a part to each part it imports.
The arrows must make no cycle; the core imports nothing of the package outside
itself, the games' rules only the core, and nothing below the app imports Textual.
A failure prints the arrows in question, the modules that make them, and the whole graph.

(The doors in ``serve`` start the session template as the program's own command,
``kobito session-template``; what it runs, the app, is imported by ``app/sessions.py``,
so serve never imports the app.)
"""

from __future__ import annotations

import ast
from collections import defaultdict
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "kobito_tui"
ENGINES = ("kobito", "treasure")
APP = "app"


def _module_name(path: Path) -> tuple[str, ...]:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return parts[:-1] if parts[-1] == "__init__" else parts


def _is_module(parts: tuple[str, ...]) -> bool:
    folder = PACKAGE.parent.joinpath(*parts)
    return folder.with_suffix(".py").is_file() or (folder / "__init__.py").is_file()


def imports(path: Path) -> set[str]:
    """Every module ``path`` imports (absolute names), wherever in the file the import is."""
    own = _module_name(path)
    package = own if path.name == "__init__.py" else own[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join((*base, *([node.module] if node.module else [])))
            else:
                module = node.module or ""
            for alias in node.names:  # ``from kobito_tui import games``: the submodule is the target
                submodule = _is_module((*module.split("."), alias.name))
                found.add(f"{module}.{alias.name}" if submodule else module)
    return found


def part(module: str) -> str | None:
    """The top-level part of a ``kobito_tui`` module ("core", "app", "games"), or None outside the package;
    the package's own ``__init__`` (its version) is "kobito_tui"."""
    names = module.split(".")
    if names[0] != "kobito_tui":
        return None
    return names[1] if len(names) > 1 else "kobito_tui"


@cache
def graph() -> tuple[dict[str, set[str]], dict[tuple[str, str], set[str]]]:
    """The arrows between parts, and for each arrow the modules that make it."""
    arrows: dict[str, set[str]] = defaultdict(set)
    why: dict[tuple[str, str], set[str]] = defaultdict(set)
    for path in sorted(PACKAGE.rglob("*.py")):
        own = ".".join(_module_name(path))
        source = part(own)
        assert source is not None
        arrows[source]
        for target in imports(path):
            top = part(target) or target.split(".")[0]
            if top == source or (part(target) is None and top != "textual"):
                continue
            arrows[source].add(top)
            why[source, top].add(own)
    return arrows, why


def shown(arrows: dict[str, set[str]]) -> str:
    return "\n".join(f"  {source} -> {', '.join(sorted(arrows[source])) or '(nothing)'}" for source in sorted(arrows))


def cycles(arrows: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one part (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in arrows.get(node, ()):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while (top := stack.pop()) != node:
                group.append(top)
            group.append(node)
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(arrows):
        if node not in index:
            visit(node)
    return found


def _failure(message: str, arrows: dict[str, set[str]], why: dict[tuple[str, str], set[str]], bad: list[tuple[str, str]]) -> str:
    lines = [message, "the arrows in question:"]
    lines += [f"  {a} -> {b}: {', '.join(sorted(why[a, b]))}" for a, b in bad]
    return "\n".join([*lines, "the layer graph:", shown(arrows)])


def test_the_parts_of_the_package_make_no_cycle():
    arrows, why = graph()
    groups = cycles({source: targets - {"textual"} for source, targets in arrows.items()})
    bad = [(a, b) for group in groups for a in group for b in sorted(arrows[a]) if b in group]
    assert groups == [], _failure(f"cycles: {groups}", arrows, why, bad)


def test_the_core_imports_nothing_of_the_package_outside_itself():
    arrows, why = graph()
    bad = [("core", target) for target in sorted(arrows["core"]) if target not in ("kobito_tui",)]
    assert bad == [], _failure("the core imports from above it", arrows, why, bad)


def test_the_games_rules_import_only_the_core():
    arrows, why = graph()
    bad = [(engine, target) for engine in ENGINES for target in sorted(arrows[engine]) if target not in ("core", "kobito_tui")]
    assert bad == [], _failure("a game's rules import more than the core", arrows, why, bad)


def below(arrows: dict[str, set[str]], top: str) -> set[str]:
    """Every part ``top`` imports, directly or through others."""
    seen: set[str] = set()
    todo = [top]
    while todo:
        for other in arrows.get(todo.pop(), ()):
            if other not in seen and other != "textual":
                seen.add(other)
                todo.append(other)
    return seen - {top}


def test_nothing_below_the_app_imports_textual():
    arrows, why = graph()
    under = below(arrows, APP)
    assert {"core", "table", "i18n", "bots", "serve"} <= under  # what the app stands on
    bad = [(source, "textual") for source in sorted(under) if "textual" in arrows[source]]
    assert bad == [], _failure("Textual imported below the app", arrows, why, bad)


def test_the_line_door_is_a_client_like_the_app_with_no_textual_under_it():
    """``plain`` stands where the app stands (a client of the table), beside it, never on it."""
    arrows, why = graph()
    allowed = {"core", "games", "kobito", "treasure", "table", "bots", "client", "i18n", "analysis", "kobito_tui"}
    bad = [("plain", target) for target in sorted(arrows["plain"]) if target not in allowed]
    under = below(arrows, "plain") | {"plain"}
    bad += [(source, "textual") for source in sorted(under) if "textual" in arrows[source]]
    assert bad == [], _failure("the line door imports the app, Textual or a part no client needs", arrows, why, bad)


def test_the_graph_sees_function_level_and_relative_imports(tmp_path):
    """The reader itself: an import inside a function counts, and a relative one is made absolute."""
    arrows, why = graph()
    assert "kobito_tui.app.screens.base" in imports(PACKAGE / "app" / "screens" / "rules.py")
    assert "kobito_tui.i18n.msgids" in imports(PACKAGE / "i18n" / "messages.py")  # from .msgids import …
    assert {"core", "kobito", "treasure"} <= arrows["games"]


def module_graph(*parts: str) -> dict[str, set[str]]:
    """The arrows between the modules of ``parts`` (every import, under TYPE_CHECKING and in functions too);
    a module's arrow to a package is to that package's ``__init__``."""
    arrows: dict[str, set[str]] = {}
    for top in parts:
        for path in sorted((PACKAGE / top).rglob("*.py")):
            own = ".".join(_module_name(path))
            arrows[own] = {target for target in imports(path) if part(target) in parts and target != own}
    return arrows


@pytest.mark.parametrize("top", ["app", "serve"])
def test_the_modules_of_the_app_and_of_the_server_make_no_circle(top):
    """The app's screens and homes know it by a protocol (``app/shell.py``), never by importing it back."""
    arrows = module_graph(top)
    groups = cycles(arrows)
    bad = [f"  {a} -> {b}" for group in groups for a in group for b in sorted(arrows[a]) if b in group]
    assert groups == [], "\n".join([f"circles in {top}/: {groups}", *bad])
