"""The rules of every game, with the rule options in force for the current game."""

from __future__ import annotations

import re
from importlib.resources import files
from typing import Any

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Footer, Markdown, TabbedContent, TabPane

from kobito_tui.app import actions
from kobito_tui.app.screens.base import ShellScreen
from kobito_tui.app.screens.new_game import shown
from kobito_tui.core.games import REGISTRY, entry, get_game, load
from kobito_tui.core.safetext import printable

def plain(text: object) -> str:
    """Untrusted text (an option value from a save file) as literal Markdown."""
    return re.sub(r"([\\`*_\[\]<>|#!])", r"\\\1", printable(text, 80))


def options_table(game_id: str, options: dict[str, Any] | None) -> str:
    """A Markdown table of the rule options: ``options`` in force, else the defaults."""
    heading = "Rule options in force for this game" if options else "Rule options (defaults)"
    rows = [f"## {heading}", "", "| Option | In force | What it means |", "|---|---|---|"]
    for spec in get_game(game_id).option_specs():
        value = (options or {}).get(spec.name, spec.default)
        default = "(default)" if value == spec.default else f"(default: {shown(spec.default)})"
        rows.append(f"| {spec.label} | {plain(shown(value))} {default} | {spec.help} |")
    return "\n".join(rows)


def rules_text(game_id: str, options: dict[str, Any] | None = None, seed: int | None = None) -> str:
    """The rules of ``game_id``; ``options`` and ``seed`` of the game being played, if any."""
    game = entry(game_id)
    text = (files("kobito_tui.app") / game.rules).read_text(encoding="utf-8") if game.rules else ""
    seeded = f"> **Seeded game (seed {plain(seed)})**: the deal is reproducible." if seed is not None else ""
    extra = load(game.rules_extra)(options) if game.rules_extra else ""
    parts = (seeded, text.strip(), options_table(game_id, options), extra)
    return "\n\n".join(part for part in parts if part) + "\n"


class RulesScreen(ShellScreen):
    """A tab per game; ``game_id`` (the game being played) comes first."""

    BINDINGS = actions.bindings(*actions.RULES_SCREEN)

    def __init__(
        self, game_id: str | None = None, options: dict[str, Any] | None = None, seed: int | None = None
    ) -> None:
        super().__init__()
        self.game_id, self.game_options, self.seed = game_id, options, seed

    def compose(self) -> ComposeResult:
        order = sorted(REGISTRY, key=lambda game_id: game_id != self.game_id)
        with TabbedContent(id="rules-tabs"):
            for game_id in order:
                ours = game_id == self.game_id
                text = rules_text(game_id, self.game_options if ours else None, self.seed if ours else None)
                with TabPane(get_game(game_id).title, id=f"rules-{game_id}"):
                    with VerticalScroll():
                        yield Markdown(text)
        yield Footer()

    # The text has the focus, so ↑↓ PgUp PgDn Home End scroll it at once.
    def on_mount(self) -> None:
        self.call_after_refresh(self._focus_text)

    def on_tabbed_content_tab_activated(self) -> None:
        self._focus_text()

    def _focus_text(self) -> None:
        pane = self.query_one(TabbedContent).active_pane
        if pane is not None:
            pane.query_one(VerticalScroll).focus()

    def action_other_game(self) -> None:
        tabs = self.query_one(TabbedContent)
        panes = [pane.id for pane in tabs.query(TabPane)]
        tabs.active = panes[(panes.index(tabs.active) + 1) % len(panes)]
