"""What screens and widgets may ask of the app (:class:`Shell`), and what the app asks of its home (:class:`Home`).

One app, two homes: :class:`~kobito_tui.app.main.KobitoApp` shows the same screens
wherever it runs, and is given a home as a strategy: the player's files on this machine
(:class:`~kobito_tui.app.files_home.FilesHome`) or a lobby on a hub
(:class:`~kobito_tui.app.remote.LobbyHome`).  A home's own actions (New game, Table…)
are bound as ``app.home('name')``: the app runs them on its home, and offers only those
its home has.

Screens, widgets and homes know the app only by these protocols (``getters.app(ShellApp)``
types ``self.app``), so nothing in ``app/`` imports the app's own module back.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from textual.app import App
from textual.driver import Driver
from textual.screen import Screen

from kobito_tui.app.settings import Settings
from kobito_tui.core.game import Header
from kobito_tui.core.record import Record
from kobito_tui.i18n import Translator


class Home(Protocol):
    """Where the app's games come from and go back to."""

    local_files: bool
    """The player's files are on this machine: games and screenshots are written, paths shown."""
    saves_dir: Path
    """Where this home keeps what it writes (saves here; the crash log)."""
    cursor_blink: bool
    """A text box's cursor blinks (not at a door: a screen left alone draws nothing, so the door can tell the player is idle)."""

    def attach(self, app: ShellApp) -> None:
        """The app this home serves, before it runs."""

    def default_screen(self) -> Screen[Any]:
        """The screen under every other: the title, or the welcome before the lobby."""

    def driver_class(self) -> type[Driver] | None:
        """The terminal driver this home needs, or None for Textual's own."""

    def mounted(self) -> None:
        """The app is up: start what was asked for (a game, a replay, signing in)."""

    def unmounted(self) -> None:
        """The app has stopped: let go of what it held."""

    def offers(self, action: str, screen: Screen[Any]) -> bool:
        """Whether ``action`` (its name, "new_game") is this home's and offered over ``screen``."""

    def run(self, action: str) -> None:
        """Run this home's ``action`` (one it offers)."""

    def to_title(self) -> None:
        """Back to the home screen (the title, or the lobby), away from the game."""

    def home_words(self, t: Translator, *, short: bool = False, kept: bool = False, seated: bool = True) -> str:
        """The way back to the home screen in ``t``'s words: ``short`` on a button ("Title", "Lobby"); else
        as a game's menu offers it, with what becomes of a ``kept`` game for a ``seated`` player (none for a spectator)."""

    def play_again(self, header: Header) -> None:
        """The same players and options, a new game (or where to set one)."""

    def settings(self) -> Settings:
        """The player's settings, where this home keeps them."""

    def keep_settings(self, chosen: Settings) -> bool:
        """Remember ``chosen``; whether it worked (or may yet)."""

    def keep_language(self, lang: str) -> None:
        """Remember the player's language for the next start."""

    def quit(self) -> None:
        """The player asked to quit: the home asks what it must first, then ``app.exit_saying``."""

    def last_words(self, lines: list[str]) -> list[str]:
        """What the terminal says after the app quit, given ``lines`` (the home adds its own)."""

    def crash_words(self) -> list[str]:
        """What became of the player's game after a crash, in their words."""


class Shell(Protocol):
    """The app as its screens, widgets and home know it."""

    t: Translator
    """This client's translator: screens say ``self.t(...)``, widgets ``self.app.t(...)``."""
    bot_delay: float
    """The pause before a computer's move shows (0 in tests and benchmarks)."""
    home: Home

    @property
    def lang(self) -> str:
        """This client's language ("en", "uk", "ru", or "xx" the pseudo-language)."""

    def choose_language(self, lang: str) -> None:
        """The player chose ``lang``: screens composed from now on speak it, and the home remembers it."""

    def settings(self) -> Settings: ...

    def keep_settings(self, chosen: Settings) -> bool: ...

    def to_title(self) -> None: ...

    def play_again(self, header: Header) -> None: ...

    def start_tutorial(self, game: str | None) -> None:
        """The tutorial of ``game`` (nothing for None: the choice was cancelled)."""

    def save_replay(self, record: Record) -> None:
        """Keep ``record`` as a replay, where the home keeps them."""

    def game_screen_for(self, host: Host) -> Screen[Any]:
        """The game screen, a client of ``host``'s table."""

    def show_error(self, title: str, text: str) -> None: ...

    def exit_saying(self, code: int, lines: list[str]) -> None:
        """Quit with ``code``; the terminal then says ``lines`` (and the home's last words)."""


if TYPE_CHECKING:
    from kobito_tui.client import Host  # (a type only: the title comes up without the table)

    class ShellApp(App[int], Shell):
        """The type of ``self.app`` in screens and widgets: a Textual app that is a :class:`Shell`."""
