"""Kobito's gold cards in force, for the rules screen (its ``rules_extra`` in app/games.py)."""

from __future__ import annotations

from typing import Any

from kobito_tui.app.texts import plain
from kobito_tui.i18n import Translator
from kobito_tui.i18n.options import option_value
from kobito_tui.kobito.options import gold_table


def gold_text(options: dict[str, Any] | None, t: Translator) -> str:
    """Kobito's gold cards in force: the gold each one pays for a rainbow of its length."""
    name = (options or {}).get("gold_table", "standard")
    try:
        table = gold_table(name)
    except ValueError:
        return ""
    if isinstance(name, str):
        # Translators: {name} is the table's name as the rule option shows it («стандартний»/«стандартный»).
        heading = t("Gold cards (the {name} table)", name=plain(option_value(t, "gold_table", name)))
    else:
        heading = t("Gold cards (a table of this game's own)")
    lengths = sorted(table)
    return "\n".join(
        [
            f"## {heading}",
            "",
            t("One gold card for each value: a pot pays it to the player who completes its rainbow."),
            "",
            f"| {t('Rainbow length')} | " + " | ".join(str(length) for length in lengths) + " |",
            "|---" * (len(lengths) + 1) + "|",
            f"| {t('Gold')} | " + " | ".join(", ".join(map(str, table[length])) for length in lengths) + " |",
        ]
    )
