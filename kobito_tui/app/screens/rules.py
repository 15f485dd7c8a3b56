"""The rules of both games, with the rule options in force for the current game."""

from __future__ import annotations

from importlib.resources import files
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Footer, Markdown, TabbedContent, TabPane

from kobito_tui.app.screens.base import ShellScreen
from kobito_tui.app.screens.new_game import shown
from kobito_tui.core.games import GAME_IDS, get_game

TITLES = {"kobito": "Kobito", "treasure": "Hide the Treasure"}


def options_table(game_id: str, options: dict[str, Any] | None) -> str:
    """A Markdown table of the rule options: ``options`` in force, else the defaults."""
    specs = get_game(game_id).option_specs()
    heading = "Rule options in force for this game" if options else "Rule options (defaults)"
    rows = [f"## {heading}", "", "| Option | Value | Default | |", "|---|---|---|---|"]
    for spec in specs:
        value = (options or {}).get(spec.name, spec.default)
        rows.append(f"| {spec.label} | **{shown(value)}** | {shown(spec.default)} | {spec.help} |")
    return "\n".join(rows)


def rules_text(game_id: str, options: dict[str, Any] | None = None) -> str:
    text = (files("kobito_tui.app") / f"rules-{game_id}.md").read_text(encoding="utf-8")
    return f"{text}\n\n{options_table(game_id, options)}\n"


class RulesScreen(ShellScreen):
    """Tabs for both games; ``game_id`` (the game being played) comes first."""

    BINDINGS = [
        Binding("escape,q", "dismiss", "Back"),
        Binding("tab", "other_game", "Other game"),
    ]

    def __init__(self, game_id: str | None = None, options: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.game_id, self.game_options = game_id, options

    def compose(self) -> ComposeResult:
        order = sorted(GAME_IDS, key=lambda game_id: game_id != self.game_id)
        with TabbedContent(id="rules-tabs"):
            for game_id in order:
                options = self.game_options if game_id == self.game_id else None
                with TabPane(TITLES[game_id], id=f"rules-{game_id}"):
                    with VerticalScroll():
                        yield Markdown(rules_text(game_id, options))
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
