"""The title screen: the way into every part of the app, and the choice of language."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import getters
from textual.app import ComposeResult
from textual.containers import Center, Horizontal, Middle, Vertical
from textual.content import Content
from textual.widgets import Button, Footer, Static

from kobito_tui import __version__
from kobito_tui.app import actions
from kobito_tui.app.savegames import latest_unfinished
from kobito_tui.app.screens.base import ShellScreen
from kobito_tui.i18n import LANGUAGE_NAMES, Translator
from kobito_tui.i18n.words import game_title

if TYPE_CHECKING:
    from kobito_tui.app.shell import ShellApp

# (button id, action): each button shows its key (the footer has no room for them in every language).
CHOICES = (
    ("new", actions.NEW_GAME),
    ("continue", actions.CONTINUE),
    ("load", actions.LOAD),
    ("replays", actions.REPLAYS),
    ("statistics", actions.STATISTICS),
    ("tutorial", actions.TUTORIAL),
    ("how", actions.LEARN),
    ("rules", actions.RULES),
    ("quit", actions.QUIT_KEY),
)


def labels(t: Translator) -> dict[str, str]:
    """Each title button's words, by button id."""
    return {
        "new": t("New game"),
        "continue": t("Continue"),
        "load": t("Load"),
        "replays": t("Replays"),
        "statistics": t("Statistics"),
        "tutorial": t("Tutorial"),
        "how": t("How to play"),
        "rules": t("Rules"),
        "quit": t("Quit"),
    }


class TitleBox(Vertical):
    """The box in the middle, in the app's language (composed again when it changes)."""

    if TYPE_CHECKING:
        app = getters.app(ShellApp)  # the app as a Shell: its translator ``t`` known to the type checker

    def compose(self) -> ComposeResult:
        t = self.app.t
        words = labels(t)
        yield Static(" ".join(game_title(t, "kobito").upper()), id="title-name")
        yield Static(f"{game_title(t, 'kobito')} · {game_title(t, 'treasure')}", id="title-games")
        for ident, action in CHOICES:
            label = Content.assemble((action.key, "bold"), " ", words[ident])
            yield Button(label, id=f"title-{ident}", classes="title-choice", compact=True)
        # Each language in its own words; the one in use is marked.
        with Horizontal(id="title-languages"):
            for lang, name in LANGUAGE_NAMES.items():
                current = "-current" if lang == t.lang else ""
                yield Button(name, id=f"lang-{lang}", classes=f"language-choice {current}", compact=True)
        yield Static(f"v{__version__}", id="title-version")


class TitleScreen(ShellScreen):
    BINDINGS = actions.bindings(*actions.TITLE)

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield TitleBox(id="title-box")
        yield Footer()

    def on_screen_resume(self) -> None:
        self.call_after_refresh(self._grey_continue)  # the title is drawn first, then the saves are read

    def _grey_continue(self) -> None:
        """Continue is greyed out while there is no unfinished game (checked each time the title shows)."""
        self.query_one("#title-continue", Button).disabled = latest_unfinished(self.app.home.saves_dir) is None

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        ident = event.button.id or ""
        if ident.startswith("lang-"):
            await self._choose_language(ident.removeprefix("lang-"))
            return
        action = {f"title-{ident}": action for ident, action in CHOICES}[ident]
        await self.run_action(action.action)

    async def _choose_language(self, lang: str) -> None:
        """The title at once in ``lang``, the focus kept on the language chosen."""
        self.app.choose_language(lang)
        await self.query_one(TitleBox).recompose()
        self._grey_continue()
        self.query_one(f"#lang-{lang}", Button).focus()
