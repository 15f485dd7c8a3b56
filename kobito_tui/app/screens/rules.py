"""The rules of every game, with the rule options in force for the current game."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Footer, Markdown, TabbedContent, TabPane

from kobito_tui.app import actions
from kobito_tui.app.games import APP_GAMES, app_game
from kobito_tui.app.screens.base import ShellScreen
from kobito_tui.app.texts import page, plain
from kobito_tui.games import get_game
from kobito_tui.i18n import Translator, translator
from kobito_tui.i18n.options import option_help, option_label, option_value
from kobito_tui.i18n.words import game_title

ENGLISH = translator("en")


def options_table(game_id: str, options: dict[str, Any] | None, t: Translator = ENGLISH) -> str:
    """A Markdown table of the rule options: ``options`` in force, else the defaults."""
    heading = t("Rule options in force for this game") if options else t("Rule options (defaults)")
    columns = (t("Option"), t("In force"), t("What it means"))
    rows = [f"## {heading}", "", "| " + " | ".join(columns) + " |", "|---|---|---|"]
    for spec in get_game(game_id).option_specs():
        value = (options or {}).get(spec.name, spec.default)
        if value == spec.default:
            default = t("(default)")
        else:
            default = t("(default: {value})", value=option_value(t, spec.name, spec.default))
        label, help_text = option_label(t, game_id, spec), option_help(t, game_id, spec)
        rows.append(f"| {label} | {plain(option_value(t, spec.name, value))} {default} | {help_text} |")
    return "\n".join(rows)


def rules_text(game_id: str, options: dict[str, Any] | None = None, seed: int | None = None, t: Translator = ENGLISH) -> str:
    """The rules of ``game_id`` in ``t``'s language; ``options`` and ``seed`` of the game being played, if any."""
    game = app_game(game_id)
    text = page(game.rules, t.lang) if game.rules else ""
    seeded = t("> **Seeded game (seed {seed})**: the deal is reproducible.", seed=plain(seed)) if seed is not None else ""
    extra = game.rules_extra(options, t) if game.rules_extra else ""
    parts = (seeded, text.strip(), options_table(game_id, options, t), extra)
    return "\n\n".join(part for part in parts if part) + "\n"


class RulesScreen(ShellScreen):
    """A tab per game; ``game_id`` (the game being played) comes first."""

    BINDINGS = actions.bindings(*actions.RULES_SCREEN)

    def __init__(self, game_id: str | None = None, options: dict[str, Any] | None = None, seed: int | None = None) -> None:
        super().__init__()
        self.game_id, self.game_options, self.seed = game_id, options, seed

    def compose(self) -> ComposeResult:
        order = sorted(APP_GAMES, key=lambda game_id: game_id != self.game_id)
        with TabbedContent(id="rules-tabs"):
            for game_id in order:
                ours = game_id == self.game_id
                text = rules_text(game_id, self.game_options if ours else None, self.seed if ours else None, self.t)
                with TabPane(game_title(self.t, game_id), id=f"rules-{game_id}"):
                    with VerticalScroll():
                        yield Markdown(text)
        yield Footer()

    # The text has the focus, so ↑↓ PgUp PgDn Home End scroll it at once.
    def on_mount(self) -> None:
        self.call_after_refresh(self._focus_text)

    def on_tabbed_content_tab_activated(self) -> None:
        self._focus_text()

    def _focus_text(self) -> None:
        # (none in a screen closed as it opened: keys typed faster than it came)
        pane = next((tabs.active_pane for tabs in self.query(TabbedContent)), None)
        if pane is not None:
            pane.query_one(VerticalScroll).focus()

    def action_other_game(self) -> None:
        tabs = self.query_one(TabbedContent)
        panes = [pane.id for pane in tabs.query(TabPane) if pane.id is not None]  # TabbedContent names each
        tabs.active = panes[(panes.index(tabs.active) + 1) % len(panes)]
