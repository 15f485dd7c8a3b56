"""docs/ tells players the same rules, rule options and moves as the app's Rules and How to play screens."""

from pathlib import Path

from kobito_tui.app.screens.how_to_play import how_to_play_text
from kobito_tui.app.screens.rules import rules_text
from kobito_tui.games import game_ids

DOCS = Path(__file__).parent.parent / "docs"
REGENERATE = "python -c 'import tests.test_docs as t; t.write()' (from the repository root) -->\n"
PREAMBLE = (
    "<!-- Made from the app's Rules screen; regenerate with:\n" + REGENERATE + "# The rules as kobito-tui plays them\n\n"
    "Every rule option is listed with its default; `kobito new GAME -o NAME=VALUE` changes one.\n\n"
)
HOW_TO_PLAY = "<!-- Made from the app's How to play screen (F3); regenerate with:\n" + REGENERATE


def expected() -> dict[str, str]:
    return {
        "rules.md": PREAMBLE + "\n".join(rules_text(game_id) for game_id in game_ids()),
        "how-to-play.md": HOW_TO_PLAY + how_to_play_text(),
    }


def write() -> None:
    for name, text in expected().items():
        (DOCS / name).write_text(text, encoding="utf-8")


def test_docs_match_the_app():
    for name, text in expected().items():
        assert (DOCS / name).read_text(encoding="utf-8") == text, f"docs/{name} is stale: see its first line"
