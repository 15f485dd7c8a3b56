"""The installed package (not only a checkout) finds its catalogs and translated pages."""

import json
import shutil
import subprocess
import sys

PROBE = """
import json, kobito_tui
from kobito_tui.app.texts import page
from kobito_tui.i18n import translator, words
print(json.dumps({"package": kobito_tui.__file__,
                  "words": [words.cards(translator(lang), 22) for lang in ("en", "uk", "ru", "xx")],
                  "pages": [page("howto-treasure", lang).splitlines()[0] for lang in ("en", "uk", "ru")]}))
"""
SKIP = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", "tests", ".*cache")


def test_a_pip_install_finds_the_catalogs_from_outside_the_checkout(repo, tmp_path):
    shutil.copytree(repo, tmp_path / "src", ignore=SKIP)  # builds there, leaving the checkout clean
    install = [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(tmp_path / "site"), "./src"]
    built = subprocess.run(install, cwd=tmp_path, capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    env = {"PYTHONPATH": str(tmp_path / "site"), "PATH": "/usr/bin:/bin"}
    probe = subprocess.run([sys.executable, "-c", PROBE], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert probe.returncode == 0, probe.stderr
    found = json.loads(probe.stdout)
    assert found["package"].startswith(str(tmp_path / "site"))
    assert found["words"] == ["22 cards", "22 карти", "22 карты", "‹22 çáŕđš···›"]
    assert found["pages"] == ["# How to play Hide the Treasure", "# Як грати в «Сховай скарби»", "# Как играть в «Спрячь сокровища»"]
