"""The Kobito app: the same screens at either home (the player's files, or a lobby on a hub)."""

from __future__ import annotations

import gc
import os
import sys
import traceback
from collections.abc import Iterable, Mapping
from functools import partial
from importlib.resources import files
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, cast

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.driver import Driver
from textual.screen import Screen
from textual.theme import ThemeProvider
from textual.widgets import Input

from kobito_tui.app import actions
from kobito_tui.app.files_home import FilesHome
from kobito_tui.app.screens.message import MessageScreen
from kobito_tui.app.settings import Settings
from kobito_tui.app.shell import Home, Shell
from kobito_tui.app.widgets.size_notice import too_small
from kobito_tui.app.widgets.workarounds import CommandPalette, QuietCrashes, bound_key_bursts, guard_list_paging
from kobito_tui.app.words import key_name
from kobito_tui.core.game import Header
from kobito_tui.core.record import Record
from kobito_tui.core.safetext import printable
from kobito_tui.core.savefile import save
from kobito_tui.core.saves import new_save_path
from kobito_tui.i18n import Translator, translator

# The screens past the title that cost most to import are imported when first used, so that
# start-up stays close to a bare Textual app's: measured with `python -X importtime` here, they
# add about 0.4 s (the game screen and its boards 145 ms, how to play 117 ms, the saved-games
# browser 97 ms, F1's help 28 ms, the final screen 15 ms, the tutorial 14 ms) to a 0.5-0.8 s start.
if TYPE_CHECKING:
    from kobito_tui.app.screens.game import GameScreen
    from kobito_tui.app.shell import ShellApp
    from kobito_tui.client import Host


def style_sheets() -> list[str | PurePath]:
    """Every ``*.tcss`` of the installed ``kobito_tui.styles`` package, app.tcss first."""
    sheets = [Path(str(entry)) for entry in files("kobito_tui.styles").iterdir() if entry.name.endswith(".tcss")]
    return [*sorted(sheets, key=lambda path: (path.name != "app.tcss", path.name))]


class KobitoApp(QuietCrashes, App[int]):
    """The app, wherever it runs: the same screens, given a ``home`` (see :mod:`kobito_tui.app.shell`)."""

    TITLE = "Kobito"
    CSS_PATH = style_sheets()
    # Below 80×24 every screen shows its SizeNotice instead of its layout.
    HORIZONTAL_BREAKPOINTS = [(0, "-too-narrow"), (80, "-narrow"), (120, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-too-short"), (24, "-short"), (40, "-tall")]
    BINDINGS = actions.bindings(*actions.APP, *actions.HOME_KEYS)

    def __init__(self, home: Home, *, bot_delay: float = 0.6, lang: str = "en") -> None:
        self.home = home  # (asked for the driver as the app is made)
        super().__init__()
        bound_key_bursts()  # a paste typed as keys arrives as one paste
        guard_list_paging()  # PageDown in a list not drawn yet
        self.t: Translator = translator(lang)
        """This client's translator: screens say ``self.t(...)`` (ShellScreen, ShellDialog), widgets ``self.app.t(...)``."""
        self.bot_delay = bot_delay
        self.exit_lines: list[str] = []  # what the terminal says after the app quit
        shell: Shell = self  # (checked: this app is what screens and homes know as a Shell)
        home.attach(cast("ShellApp", shell))

    @property
    def lang(self) -> str:
        """This client's language ("en", "uk", "ru", or "xx" the pseudo-language)."""
        return self.t.lang

    def choose_language(self, lang: str) -> None:
        """The player chose ``lang``: screens composed from now on speak it, and the home remembers it."""
        self.t = translator(lang)
        self.screen.refresh_bindings()  # its footer, in the new words
        self.home.keep_language(lang)

    def settings(self) -> Settings:
        """The player's settings (tips on or off)."""
        return self.home.settings()

    def keep_settings(self, chosen: Settings) -> bool:
        """Remember ``chosen`` for the next games; whether it worked."""
        return self.home.keep_settings(chosen)

    def get_default_screen(self) -> Screen[Any]:
        return self.home.default_screen()

    def get_driver_class(self) -> type[Driver]:
        return self.home.driver_class() or super().get_driver_class()

    def get_key_display(self, binding: Binding) -> str:
        """A key as the footers and F1 show it, named in the player's language ("space": «пробіл»)."""
        return key_name(self.t, super().get_key_display(binding))

    def on_mount(self) -> None:
        # What lives now lives all run (the modules, the title screen): kept out of the full
        # collections, which otherwise stalled key presses for 0.1-1 s in a game (`kobito bench
        # ui`'s p95).  Frozen here, at start-up, not by a screen; unfrozen when the app stops.
        gc.collect()
        gc.freeze()
        self.home.mounted()

    def on_unmount(self) -> None:
        gc.unfreeze()
        self.home.unmounted()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if isinstance(event.widget, Input):
            event.widget.cursor_blink = self.home.cursor_blink

    # -- games, whatever the home ----------------------------------------------
    def game_screen_for(self, host: Host) -> GameScreen:
        """The game screen, a client of ``host``'s table."""
        from kobito_tui.app.screens.game import GameScreen
        from kobito_tui.client import GameClient

        return GameScreen(GameClient(host), self.bot_delay)

    def game_screen(self) -> GameScreen | None:
        from kobito_tui.app.screens.game import GameScreen

        return next((s for s in reversed(self.screen_stack) if isinstance(s, GameScreen)), None)

    def start_tutorial(self, game: str | None) -> None:
        """The tutorial of ``game`` (nothing for None: the choice was cancelled); it is not saved."""
        from kobito_tui.app.screens.tutorial import TutorialScreen

        if game is None:
            return
        self.to_title()
        self.push_screen(TutorialScreen.start(game, self.t("You"), self.t("Computer"), self.bot_delay))

    def action_tutorial(self) -> None:
        from kobito_tui.app.screens.tutorial import TutorialChoice

        self.push_screen(TutorialChoice(), self.start_tutorial)

    def to_title(self) -> None:
        """Back to the home screen: the title, or the lobby."""
        self.home.to_title()

    action_to_title = to_title  # the palette's "Title screen" (over SSH, "Lobby")

    def play_again(self, header: Header) -> None:
        self.home.play_again(header)

    def save_replay(self, record: Record) -> None:
        path = new_save_path(self.home.saves_dir / "replays", record.header)
        try:
            save(path, record)
        except OSError as error:
            self.show_error(self.t("The replay could not be saved"), str(error))
            return
        self.notify(self.t("Saved to {path}", path=printable(path)), title=self.t("Replay saved"), markup=False)

    def show_error(self, title: str, text: str) -> None:
        self.push_screen(MessageScreen(title, text))

    # -- quitting ------------------------------------------------------------
    async def action_quit(self) -> None:
        """Quit, once the home has asked what it must (a game's moves not saved)."""
        self.home.quit()

    def exit_saying(self, code: int, lines: list[str]) -> None:
        self.exit_lines = self.home.last_words(lines)  # printed as they are once the terminal is back: paths stay whole
        self.exit(return_code=code)

    # -- actions (title buttons, bindings, command palette) ----------------
    def action_home(self, action: str) -> None:
        """The home's own ``action`` (New game, Table…), where it offers it."""
        if self.home.offers(action, self.screen):
            self.home.run(action)

    def action_rules(self) -> None:
        from kobito_tui.app.screens.rules import RulesScreen

        game = self.game_screen()
        if game is None:
            self.push_screen(RulesScreen())
        else:
            self.push_screen(RulesScreen(game.header.game, game.header.options, game.host.seed))

    def action_how_to_play(self) -> None:
        """In a game, that game's page; elsewhere the page of every game."""
        from kobito_tui.app.screens.how_to_play import HowToPlayScreen

        if not isinstance(self.screen, HowToPlayScreen):
            game = self.game_screen()
            self.push_screen(HowToPlayScreen(game.header.game if game else None))

    def action_help(self) -> None:
        from kobito_tui.app.screens.help import HelpScreen, key_sections

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(key_sections(self.screen)))

    def action_command_palette(self) -> None:
        # (ctrl+p, a priority key, is not stopped by the size notice: no palette behind it)
        if self.use_command_palette and not CommandPalette.is_open(self) and not too_small(self.size):
            self.push_screen(CommandPalette(placeholder=self.t("Search for commands…"), id="--command-palette"))

    def search_themes(self) -> None:
        """Textual's theme picker, in our palette (its fixes for keys and clicks typed as it closes)."""
        self.push_screen(CommandPalette(providers=[ThemeProvider], placeholder="Search for themes…"))

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The palette's entries, in this client's language (Textual's own too,
        those :data:`actions.TEXTUAL_WORDS` names); Textual's "Keys" panel gives
        way to ours (the board's keys too)."""
        say = partial(actions.localized, self.t)
        for command in super().get_system_commands(screen):
            if command.title != "Keys" and (self.home.local_files or command.title != "Screenshot"):
                yield command._replace(title=say(command.title), help=say(command.help))
        offered: list[tuple[actions.Action, App[Any] | Screen[Any]]]
        offered = [(action, self) for action in actions.PALETTE if self._offered(action.action, screen)]
        game = self.game_screen()
        if game is not None:
            offered += [(action, game) for action in actions.GAME_PALETTE if game.check_action(action.action, ())]
        # a screen's own entries (the replay's Analyse)
        offered += [(action, screen) for action in getattr(screen, "PALETTE", ()) if screen.check_action(action.action, ())]
        for action, where in offered:
            yield SystemCommand(say(action.palette), say(action.help), partial(where.run_action, action.action))

    def _offered(self, action: str, screen: Screen[Any]) -> bool:
        """Whether an action of the app's (its name: "app.home('table')") is offered over ``screen``."""
        home = actions.home_action(action)
        return home is None or self.home.offers(home, screen)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A home's action has a key only where the home offers it (nor does it run elsewhere)."""
        if action == "home":
            return self.home.offers(str(parameters[0]), self.screen)
        return True

    # -- what only a home with the player's files does -------------------------
    def deliver_text(self, *args: Any, **kwargs: Any) -> str | None:
        """No file is delivered (a screenshot is one) where the player's files are not: it would be written on the server."""
        return super().deliver_text(*args, **kwargs) if self.home.local_files else None

    def deliver_binary(self, *args: Any, **kwargs: Any) -> str | None:
        return super().deliver_binary(*args, **kwargs) if self.home.local_files else None

    def deliver_screenshot(self, filename: str | None = None, path: str | None = None, time_format: str | None = None) -> str | None:
        """The palette's Screenshot (and Textual's action): an SVG in the saves folder's ``screenshots``
        (made if missing; not ``~/Downloads``, which may not exist), and a notification saying where.
        None where the player's files are not (nothing is written on a server) and where it failed."""
        if not self.home.local_files:
            return None
        folder = Path(path) if path is not None else self.home.saves_dir / "screenshots"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            saved = self.save_screenshot(filename, str(folder), time_format)
        except OSError as error:
            reason = printable(error)
            self.notify(self.t("The screenshot could not be saved: {reason}", reason=reason), severity="error", markup=False)
            return None
        self.notify(self.t("Saved to {path}", path=printable(saved)), title=self.t("Screenshot saved"), markup=False)
        return saved

    def crashed(self, error: BaseException) -> None:
        """After a crash, the player reads what became of the game; the traceback
        (without local variables: they may hold hidden cards) goes to a private file."""
        log, t = self._write_crash_log(error), self.t
        lines = [t("kobito stopped after an internal error."), *self.home.crash_words()]
        if log and self.home.local_files:
            lines.append(t("Details: {path}", path=printable(log)))
        print(" ".join(lines), file=sys.stderr)

    def _write_crash_log(self, error: BaseException) -> Path | None:
        """Append the traceback to ``crash.log`` (mode 0600, never through a symlink); its path, or None."""
        log = self.home.saves_dir / "crash.log"
        try:
            self.home.saves_dir.mkdir(parents=True, exist_ok=True)
            fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0), 0o600)
            with os.fdopen(fd, "a", encoding="utf-8") as file:
                os.fchmod(fd, 0o600)  # an older log may be world-readable
                file.write("".join(traceback.format_exception(error)) + "\n")
        except OSError:
            return None
        return log


def files_app(
    saves_dir: Path, *, bot_delay: float = 0.6, lang: str = "en", env: Mapping[str, str] | None = None, **start: Any
) -> KobitoApp:
    """The app at home in the saves folder ``saves_dir``, opening ``start`` (see :class:`FilesHome`)."""
    return KobitoApp(FilesHome(saves_dir, env=env, **start), bot_delay=bot_delay, lang=lang)


def run_app(saves_dir: Path, lang: str = "en", **start: Any) -> int:
    """Run the app in ``lang`` (the player's language) until the player quits; the exit code."""
    app = files_app(saves_dir, lang=lang, **start)
    app.run()
    return app.return_code or 0
