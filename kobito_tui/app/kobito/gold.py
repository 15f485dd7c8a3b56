"""Kobito's gold cards in force, for the rules screen (the registry's ``rules_extra``)."""

from __future__ import annotations

from typing import Any

from kobito_tui.app.screens.rules import plain
from kobito_tui.kobito.options import gold_table


def gold_text(options: dict[str, Any] | None) -> str:
    """Kobito's gold cards in force: the gold each one pays for a rainbow of its length."""
    name = (options or {}).get("gold_table", "standard")
    try:
        table = gold_table(name)
    except ValueError:
        return ""
    title = f"the {name} table" if isinstance(name, str) else "a table of this game's own"
    lengths = sorted(table)
    return "\n".join(
        [
            f"## Gold cards ({plain(title)})",
            "",
            "One gold card for each value: a pot pays it to the player who completes its rainbow.",
            "",
            "| Rainbow length | " + " | ".join(str(length) for length in lengths) + " |",
            "|---" * (len(lengths) + 1) + "|",
            "| Gold | " + " | ".join(", ".join(map(str, table[length])) for length in lengths) + " |",
        ]
    )
