"""The lock (requirements/*.txt, written by ``bash requirements/lock``) is what pyproject.toml asks
for: every direct dependency and test extra pinned inside its range, every pin with its hashes,
the app's file at the test file's versions; and the warnings filter of kobito_tui/quiet.py knows
every package the app installs."""

from __future__ import annotations

import importlib.metadata
import re
import tomllib
import warnings
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from kobito_tui.quiet import DEPENDENCIES, quiet_dependencies

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "requirements"
PIN = re.compile(r"^([A-Za-z0-9_.-]+)==(\S+)(?:\s*;\s*([^\\]+?))?\s*\\?$")

needs_source = pytest.mark.skipif(not LOCK.is_dir(), reason="needs the source tree")


def pins(name: str) -> dict[str, str]:
    """A lock file's packages and versions; every pin is followed by at least one hash."""
    lines = (LOCK / name).read_text(encoding="utf-8").splitlines()
    found: dict[str, str] = {}
    for number, line in enumerate(lines):
        match = PIN.match(line)
        if match:
            assert lines[number + 1].strip().startswith("--hash=sha256:"), f"{name}:{number + 1}: {line} has no hash"
            found[canonicalize_name(match[1])] = match[2]
        else:
            assert line.startswith((" ", "#")) or not line, f"{name}:{number + 1}: not a pin: {line!r}"
    return found


def asked(extra: str | None = None) -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return [Requirement(text) for text in (project["optional-dependencies"][extra] if extra else project["dependencies"])]


@needs_source
@pytest.mark.parametrize(("lock", "extras"), [("app.txt", [None]), ("test.txt", [None, "test"])])
def test_every_direct_dependency_is_pinned_inside_its_range(lock, extras):
    pinned = pins(lock)
    for extra in extras:
        for requirement in asked(extra):
            name = canonicalize_name(requirement.name)
            assert name in pinned, f"{requirement} is not in requirements/{lock}: bash requirements/lock"
            assert requirement.specifier.contains(pinned[name], prereleases=True), (
                f"{lock} pins {name}=={pinned[name]} outside {requirement}"
            )
            for wanted in requirement.extras:  # psycopg[binary] brings psycopg-binary
                assert f"{name}-{wanted}" in pinned, f"{requirement}: {name}-{wanted} is not in requirements/{lock}"


@needs_source
def test_the_app_is_locked_at_the_versions_it_is_tested_with():
    app, test = pins("app.txt"), pins("test.txt")
    assert {name: test.get(name) for name in app} == app


@needs_source
def test_the_warnings_filter_knows_every_package_the_app_installs():
    modules: dict[str, set[str]] = {}
    for module, dists in importlib.metadata.packages_distributions().items():
        for dist in dists:
            modules.setdefault(canonicalize_name(dist), set()).add(module)
    for name in pins("app.txt"):  # one installed here only on another platform (tzdata on Windows) installs nothing
        found = {module for module in modules.get(name, set()) if not module.endswith("__mypyc")}  # a compiled package's helper
        assert found <= set(DEPENDENCIES), f"{name} installs {found}: add them to quiet.DEPENDENCIES"


def test_our_dependencies_deprecations_are_ignored_and_nothing_else():
    with warnings.catch_warnings(record=True) as caught:
        warnings.resetwarnings()
        quiet_dependencies()

        class CryptographyDeprecationWarning(UserWarning):  # cryptography's own is a UserWarning
            pass

        def attributed(module: str, category: type[Warning]) -> None:
            warnings.warn_explicit("news", category, f"{module.replace('.', '/')}.py", 1, module=module)

        attributed("asyncssh.crypto.misc", CryptographyDeprecationWarning)  # cryptography 51 at asyncssh's import
        attributed("aiohttp.web_app", DeprecationWarning)
        attributed("textual", FutureWarning)
        attributed("kobito_tui.serve.door", DeprecationWarning)  # about our own code: shown
        attributed("asyncssh.connection", RuntimeWarning)  # a coroutine never awaited: shown
        attributed("asyncsshd", UserWarning)  # not a dependency: shown
    assert [(str(w.message), w.category, w.filename) for w in caught] == [
        ("news", DeprecationWarning, "kobito_tui/serve/door.py"),
        ("news", RuntimeWarning, "asyncssh/connection.py"),
        ("news", UserWarning, "asyncsshd.py"),
    ]


@needs_source
def test_the_readme_and_ci_install_from_the_lock():
    play, test = re.findall(r"```sh\n(python3 -m venv \.venv .*)\n```", (ROOT / "README.md").read_text(encoding="utf-8"))[:2]
    assert play == (
        "python3 -m venv .venv && .venv/bin/pip install --require-hashes -r requirements/app.txt"
        " && .venv/bin/pip install --no-deps . && .venv/bin/kobito"
    )
    assert test == play.replace("app.txt", "test.txt").replace(".venv/bin/kobito", ".venv/bin/pytest -n auto")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()[-1]
    assert ci.replace(" -q", "") == test
