"""The Kobito app: title screen, dialogs and the game screen, and where games start."""

from __future__ import annotations

import gc
import os
import sys
import traceback
from collections.abc import Iterable, Mapping
from functools import partial
from importlib.resources import files
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen
from textual.theme import ThemeProvider

from kobito_tui.app import actions, settings
from kobito_tui.app.savegames import latest_unfinished
from kobito_tui.app.screens.message import MessageScreen
from kobito_tui.app.screens.new_game import NewGameScreen
from kobito_tui.app.screens.rules import RulesScreen
from kobito_tui.app.screens.title import TitleScreen
from kobito_tui.app.screens.unsaved import UnsavedDialog, lost
from kobito_tui.app.settings import Settings
from kobito_tui.app.widgets.size_notice import too_small
from kobito_tui.app.widgets.workarounds import CommandPalette, QuietCrashes, bound_key_bursts, guard_list_paging
from kobito_tui.app.words import file_error_words, key_name
from kobito_tui.client import GameClient, Host, LocalHost
from kobito_tui.core.game import Header
from kobito_tui.core.record import Record, new_header
from kobito_tui.core.safetext import printable
from kobito_tui.core.savefile import SaveError, load, save
from kobito_tui.core.savelock import SaveLock, SaveLocked, remove_stale_locks
from kobito_tui.core.saves import new_save_path, remove_temp_files
from kobito_tui.core.session import Session
from kobito_tui.i18n import Translator, remember_language, translator
from kobito_tui.table.local import LocalTable

# The screens past the title that cost most to import are imported when first used, so that
# start-up stays close to a bare Textual app's: measured with `python -X importtime` here, they
# add about 0.4 s (the game screen and its boards 145 ms, how to play 117 ms, the saved-games
# browser 97 ms, F1's help 28 ms, the final screen 15 ms, the tutorial 14 ms) to a 0.5-0.8 s start.
if TYPE_CHECKING:
    from kobito_tui.app.screens.game import GameScreen

LOCAL_GAMES = frozenset(action.action for action in (actions.NEW_GAME, actions.CONTINUE, actions.LOAD))
"""The actions that start a game from the player's files here: offered only where those are (``local_files``)."""


def style_sheets() -> list[str | PurePath]:
    """Every ``*.tcss`` of the installed ``kobito_tui.styles`` package, app.tcss first."""
    sheets = [Path(str(entry)) for entry in files("kobito_tui.styles").iterdir() if entry.name.endswith(".tcss")]
    return [*sorted(sheets, key=lambda path: (path.name != "app.tcss", path.name))]


class KobitoApp(QuietCrashes, App[int]):
    TITLE = "Kobito"
    CSS_PATH = style_sheets()
    # Below 80×24 every screen shows its SizeNotice instead of its layout.
    HORIZONTAL_BREAKPOINTS = [(0, "-too-narrow"), (80, "-narrow"), (120, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-too-short"), (24, "-short"), (40, "-tall")]
    BINDINGS = actions.bindings(*actions.APP)
    # What this app offers, declared once: its palette, its keys and its actions derive from it.
    local_files = True
    """The player's files are on this machine: games and screenshots are written, paths shown
    (not in remote mode, where "this machine" is the server's)."""
    PALETTE: tuple[actions.Action, ...] = actions.PALETTE
    """The app's entries in the command palette (each shown where :meth:`offers` it)."""

    def __init__(
        self,
        saves_dir: Path,
        *,
        new: Header | None = None,
        load: Path | None = None,
        replay: Path | None = None,
        tutorial: str | None = None,
        bot_delay: float = 0.6,
        lang: str = "en",
        env: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__()
        bound_key_bursts()  # a paste typed as keys arrives as one paste
        guard_list_paging()  # PageDown in a list not drawn yet
        self.saves_dir = Path(saves_dir)
        self.t: Translator = translator(lang)
        """This client's translator: screens say ``self.t(...)`` (ShellScreen, ShellDialog), widgets ``self.app.t(...)``."""
        self.env = os.environ if env is None else env  # this client's environment: where its choice is remembered
        self.bot_delay = bot_delay
        self._start = (new, load, replay)
        self._tutorial = tutorial
        self._open: LocalTable | None = None  # the game on the game screen
        self._left_unsaved: list[LocalTable] = []  # games left while their saving failed
        self._quit_pending: list[Session] = []  # quitting: the unsaved games not yet saved elsewhere
        self._quit_notes: list[str] = []  # quitting: where games were saved instead, said on exit
        self.exit_lines: list[str] = []  # what the terminal says after the app quit

    @property
    def lang(self) -> str:
        """This client's language ("en", "uk", "ru", or "xx" the pseudo-language)."""
        return self.t.lang

    def choose_language(self, lang: str) -> None:
        """The player chose ``lang``: screens composed from now on speak it, and it is
        remembered for the next start (a failed write is only said: the choice holds)."""
        self.t = translator(lang)
        self.screen.refresh_bindings()  # its footer, in the new words
        try:
            remember_language(lang, self.env)
        except OSError as error:
            reason = self.t("Your choice is not remembered: {error}", error=printable(error))
            self.notify(reason, severity="warning", markup=False)

    def settings(self) -> Settings:
        """The player's settings (tips on or off)."""
        return settings.load()

    def keep_settings(self, chosen: Settings) -> bool:
        """Remember ``chosen`` for the next games; whether it worked."""
        return settings.save(chosen)

    def get_default_screen(self) -> Screen[Any]:
        return TitleScreen()

    def get_key_display(self, binding: Binding) -> str:
        """A key as the footers and F1 show it, named in the player's language ("space": «пробіл»)."""
        return key_name(self.t, super().get_key_display(binding))

    def on_mount(self) -> None:
        # What lives now lives all run (the modules, the title screen): kept out of the full
        # collections, which otherwise stalled key presses for 0.1-1 s in a game (`kobito bench
        # ui`'s p95).  Frozen here, at start-up, not by a screen; unfrozen when the app stops.
        gc.collect()
        gc.freeze()
        remove_temp_files(self.saves_dir)  # what a save cut short by a kill left behind
        remove_stale_locks(self.saves_dir)
        new, path, replay = self._start
        if new is not None:
            self.start_game(new)
        elif path is not None:
            self.resume(Path(path))
        elif replay is not None:
            self.replay(Path(replay))
        elif self._tutorial is not None:
            self.start_tutorial(self._tutorial)

    def on_unmount(self) -> None:
        """The app has stopped: its games are free for other sessions."""
        gc.unfreeze()
        for local in (*self._left_unsaved, self._open):
            if local is not None:
                local.release()

    # -- starting and resuming games ---------------------------------------
    def start_game(self, header: Header | None) -> None:
        if header is None:
            return
        path = new_save_path(self.saves_dir, header)
        lock = self._lock(path)
        if lock is None:  # another terminal started a game of the same name this second
            return
        local = LocalTable(Record(header), path, bot_delay=self.bot_delay, lock=lock)
        try:
            local.flush()  # the deal is on disk before anyone sees it
        except OSError as error:
            local.close()
            local.release()
            self.show_error(self.t("Cannot save games"), f"{path}: {error}")
            return
        self.open_local(local)

    def _lock(self, path: Path) -> SaveLock | None:
        """``path`` kept from other sessions, or None after saying it is open in one
        (and offering its replay instead: watching changes no file)."""
        from kobito_tui.app.browser.dialogs import ConfirmDialog

        try:
            return SaveLock.take(path)
        except SaveLocked:
            question = self.t(
                "{file} is open in another terminal: playing it here too would lose that terminal's moves. Watch its replay instead?",
                file=printable(path.name),
            )
            watch = partial(self.replay, path)
            self.push_screen(ConfirmDialog(question, self.t("Watch the replay"), "primary"), lambda yes: yes and watch())
            return None

    def resume(self, path: Path | None) -> None:
        if path is None:
            return
        self.flush_game()
        self.unsaved_sessions()  # (tries once more to write them)
        mine = next(
            (
                t
                for t in (*self._left_unsaved, self._open)
                if t is not None and t.session.path is not None and t.session.path.resolve() == Path(path).resolve()
            ),
            None,
        )
        if mine is not None:  # open here already (its file may lack moves this app holds): go on from it
            self.open_local(mine)
            return
        lock = self._lock(Path(path))
        if lock is None:
            return
        try:
            record = load(path)
        except SaveError as error:
            lock.release()
            self.show_error(self.t("This save file cannot be loaded"), file_error_words(self.t, str(path), error))
            return
        self.open_local(LocalTable(record, Path(path), bot_delay=self.bot_delay, lock=lock))

    def open_local(self, local: LocalTable) -> None:
        """Play the game hosted by ``local`` on the game screen (its client)."""
        if self._open is local:
            self._open = None  # opened again: it stays locked
        self.to_title()
        self._left_unsaved = [t for t in self._left_unsaved if t is not local]
        self._open = local
        self.push_screen(self.game_screen_for(LocalHost(local)))

    def game_screen_for(self, host: Host) -> GameScreen:
        """The game screen, a client of ``host``'s table."""
        from kobito_tui.app.screens.game import GameScreen

        return GameScreen(GameClient(host), self.bot_delay)

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

    def play_again(self, header: Header) -> None:
        """The same players and options, a new deal."""
        self.start_game(new_header(header.game, header.seats, header.options))

    def replay(self, path: Path) -> None:
        """Watch a saved game; *Play from here* continues the new game it writes."""
        from kobito_tui.app.replay import ReplayScreen

        try:
            record = load(path)
        except SaveError as error:
            self.show_error(self.t("This save file cannot be replayed"), file_error_words(self.t, str(path), error))
            return
        self.push_screen(ReplayScreen(record, path), self.resume)

    def save_replay(self, record: Record) -> None:
        path = new_save_path(self.saves_dir / "replays", record.header)
        try:
            save(path, record)
        except OSError as error:
            self.show_error(self.t("The replay could not be saved"), str(error))
            return
        self.notify(self.t("Saved to {path}", path=printable(path)), title=self.t("Replay saved"), markup=False)

    def to_title(self) -> None:
        """Back to the title screen; the game left is unlocked once its file is complete."""
        self.flush_game()  # leaving the game: its file is complete before anything reads it
        if self._open is not None and self._open.session.unsaved:
            self._left_unsaved.append(self._open)  # asked about again on quitting
        elif self._open is not None:
            self._let_go(self._open)
        self._open = None
        while len(self.screen_stack) > 1:
            self.pop_screen()

    def _let_go(self, local: LocalTable) -> None:
        """Unlock a game whose file is complete; a game no person has moved in yet
        is not kept (a deal just looked at is no game to continue or replay; with
        no person at the table, a computer's move counts)."""
        local.close()
        try:
            local.flush()
            path, people = local.session.path, local.humans or range(len(local.session.header.seats))
            if path is not None and not any(event.get("seat") in people for event in local.session.events):
                path.unlink(missing_ok=True)
        except OSError:
            pass  # kept, as it is
        local.release()

    action_to_title = to_title  # the palette's "Title screen"

    def show_error(self, title: str, text: str) -> None:
        self.push_screen(MessageScreen(title, text))

    def flush_game(self) -> None:
        """Wait for the open game's autosave, so its file is read as it stands."""
        game = self.game_screen()
        if game is not None:
            game.flush_save()

    def game_screen(self) -> GameScreen | None:
        from kobito_tui.app.screens.game import GameScreen

        return next((s for s in reversed(self.screen_stack) if isinstance(s, GameScreen)), None)

    def unsaved_sessions(self) -> list[Session]:
        """The games of this run whose file lacks moves, after trying once more to write them."""
        for local in (*self._left_unsaved, self._open):
            if local is not None:
                try:
                    local.flush()
                except OSError:
                    pass
        for local in self._left_unsaved:
            if not local.session.unsaved:
                self._let_go(local)
        self._left_unsaved = [local for local in self._left_unsaved if local.session.unsaved]
        return [t.session for t in (*self._left_unsaved, self._open) if t is not None and t.session.unsaved]

    # -- quitting ------------------------------------------------------------
    async def action_quit(self) -> None:
        """Quit, unless a game's moves are not saved: then offer to save each such
        game elsewhere; quitting without them (or a second ctrl+c) says what is lost."""
        if isinstance(self.screen, UnsavedDialog):
            self._quit_losing(self._quit_pending)
        else:
            self._quit_notes = []
            self._quit_asking(self.unsaved_sessions())

    def _quit_asking(self, unsaved: list[Session]) -> None:
        self._quit_pending = unsaved
        if not unsaved:
            self._exit_saying(0, self._quit_notes)
            return
        session = unsaved[0]

        def answered(answer: Path | str | None) -> None:  # None: back to the game, no quitting
            if isinstance(answer, Path):
                self._quit_notes.append(self.t("kobito: the game was saved to {path}.", path=printable(answer)))
                self._quit_asking(unsaved[1:])
            elif answer == "lose":
                self._quit_losing(unsaved)

        self.push_screen(UnsavedDialog(session), answered)

    def _quit_losing(self, unsaved: list[Session]) -> None:
        t = self.t
        lines = [*self._quit_notes, *(t("kobito: the game is not saved: {lost}.", lost=lost(t, s)) for s in unsaved)]
        self._exit_saying(1 if unsaved else 0, lines)

    def _exit_saying(self, code: int, lines: list[str]) -> None:
        if self._open is not None and not self._open.session.unsaved:
            self._let_go(self._open)
        self.exit_lines = lines  # printed as they are once the terminal is back: paths stay whole
        self.exit(return_code=code)

    # -- actions (title buttons, bindings, command palette) ----------------
    def action_new_game(self) -> None:
        if self.check_action("new_game", ()):
            self.push_screen(NewGameScreen(), self.start_game)

    def action_continue_game(self) -> None:
        if not self.check_action("continue_game", ()):
            return
        self.flush_game()
        path = latest_unfinished(self.saves_dir)
        if path is None:
            self.notify(self.t("There is no unfinished game to continue."), title=self.t("Continue"))
        else:
            self.resume(path)

    def action_load_game(self) -> None:
        """Load and Replays open the same saved-games browser."""
        from kobito_tui.app.browser import BrowserScreen

        if not self.check_action("load_game", ()):
            return
        self.push_screen(BrowserScreen(self.saves_dir), self.resume)

    action_replays = action_load_game

    def action_rules(self) -> None:
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
            if command.title != "Keys" and (self.local_files or command.title != "Screenshot"):
                yield command._replace(title=say(command.title), help=say(command.help))
        offered: list[tuple[actions.Action, App[Any] | Screen[Any]]]
        offered = [(action, self) for action in self.PALETTE if self.offers(action.action, screen)]
        game = self.game_screen()
        if game is not None:
            offered += [(action, game) for action in actions.GAME_PALETTE if game.check_action(action.action, ())]
        # a screen's own entries (the replay's Analyse)
        offered += [(action, screen) for action in getattr(screen, "PALETTE", ()) if screen.check_action(action.action, ())]
        for action, where in offered:
            yield SystemCommand(say(action.palette), say(action.help), partial(where.run_action, action.action))

    def offers(self, action: str, screen: Screen[Any]) -> bool:
        """Whether the palette offers ``action`` (its name: "app.new_game") over ``screen``: what
        starts a game from the player's files only where they are."""
        return self.local_files or action not in LOCAL_GAMES

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """What starts a game from the player's files has no key where they are not (nor does its action run)."""
        return self.local_files or f"app.{action}" not in LOCAL_GAMES

    def crashed(self, error: BaseException) -> None:
        """After a crash, the player reads what became of the game; the traceback
        (without local variables: they may hold hidden cards) goes to a private file."""
        log, t = self._write_crash_log(error), self.t
        unsaved = self.unsaved_sessions()
        lines = [t("kobito stopped after an internal error.")]
        if unsaved:
            lines += [t("Your game is not saved: {lost}.", lost=lost(t, session)) for session in unsaved]
        elif self._open is not None and not self._open.over:
            lines.append(t("Your game is saved: choose Continue."))
        if log and self.local_files:
            lines.append(t("Details: {path}", path=printable(log)))
        print(" ".join(lines), file=sys.stderr)

    def _write_crash_log(self, error: BaseException) -> Path | None:
        """Append the traceback to ``crash.log`` (mode 0600, never through a symlink); its path, or None."""
        log = self.saves_dir / "crash.log"
        try:
            self.saves_dir.mkdir(parents=True, exist_ok=True)
            fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0), 0o600)
            with os.fdopen(fd, "a", encoding="utf-8") as file:
                os.fchmod(fd, 0o600)  # an older log may be world-readable
                file.write("".join(traceback.format_exception(error)) + "\n")
        except OSError:
            return None
        return log


def run_app(saves_dir: Path, lang: str = "en", **start: Any) -> int:
    """Run the app in ``lang`` (the player's language) until the player quits; the exit code."""
    app = KobitoApp(saves_dir, lang=lang, **start)
    app.run()
    return app.return_code or 0
