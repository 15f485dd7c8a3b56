"""docs/ tells players the same rules and rule options as the app's Rules screen."""

from pathlib import Path

from kobito_tui.app.screens.rules import rules_text
from kobito_tui.core.games import GAME_IDS

DOCS = Path(__file__).parent.parent / "docs"
PREAMBLE = (
    "<!-- Made from the app's Rules screen; regenerate with:\n"
    "python -c 'import tests.test_docs as t; t.write()' (from the repository root) -->\n"
    "# The rules as kobito-tui plays them\n\n"
    "Every rule option is listed with its default; `kobito new GAME -o NAME=VALUE` changes one.\n\n"
)


def expected() -> str:
    return PREAMBLE + "\n".join(rules_text(game_id) for game_id in GAME_IDS)


def write() -> None:
    (DOCS / "rules.md").write_text(expected(), encoding="utf-8")


def test_docs_rules_match_the_app():
    assert (DOCS / "rules.md").read_text(encoding="utf-8") == expected(), "docs/rules.md is stale: see its first line"
