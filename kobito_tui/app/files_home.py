"""The app's home on the player's own machine: games start from and are saved to the saves folder."""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.driver import Driver
from textual.screen import Screen

from kobito_tui.app import settings
from kobito_tui.app.savegames import latest_unfinished
from kobito_tui.app.screens.title import TitleScreen
from kobito_tui.app.screens.unsaved import UnsavedDialog, lost
from kobito_tui.app.settings import Settings
from kobito_tui.core.game import Header
from kobito_tui.core.record import Record, new_header
from kobito_tui.core.safetext import printable
from kobito_tui.core.savefile import SaveError, load
from kobito_tui.core.savelock import SaveLock, SaveLocked, remove_stale_locks
from kobito_tui.core.saves import new_save_path, remove_temp_files
from kobito_tui.core.session import Session
from kobito_tui.i18n import Translator, remember_language

# What only a game needs (the engines, the table and its computers, the new-game form) is imported when
# a game starts: the title comes up without them (tests/app/test_title_imports.py).
if TYPE_CHECKING:
    from kobito_tui.app.shell import ShellApp
    from kobito_tui.table.local import LocalTable


class FilesHome:
    """Games from the saves folder ``saves_dir``: started, continued, loaded, replayed; and the
    game asked for on the command line (``new``, ``load``, ``replay`` or ``tutorial``), opened first."""

    local_files = True
    cursor_blink = True
    ACTIONS = frozenset({"new_game", "continue_game", "load_game", "replays", "statistics", "title"})

    def __init__(
        self,
        saves_dir: Path,
        *,
        new: Header | None = None,
        load: Path | None = None,
        replay: Path | None = None,
        tutorial: str | None = None,
        env: Mapping[str, str] | None = None,
    ) -> None:
        self.saves_dir = Path(saves_dir)
        self.env = os.environ if env is None else env  # this player's environment: where their choice is remembered
        self._start = (new, load, replay, tutorial)
        self._open: LocalTable | None = None  # the game on the game screen
        self._left_unsaved: list[LocalTable] = []  # games left while their saving failed
        self._quit_pending: list[Session] = []  # quitting: the unsaved games not yet saved elsewhere
        self._quit_notes: list[str] = []  # quitting: where games were saved instead, said on exit

    def attach(self, app: ShellApp) -> None:
        self.app = app

    def default_screen(self) -> Screen[Any]:
        return TitleScreen()

    def driver_class(self) -> type[Driver] | None:
        return None

    def mounted(self) -> None:
        remove_temp_files(self.saves_dir)  # what a save cut short by a kill left behind
        remove_stale_locks(self.saves_dir)
        new, path, replay, tutorial = self._start
        if new is not None:
            self.start_game(new)
        elif path is not None:
            self.resume(Path(path))
        elif replay is not None:
            self.replay(Path(replay))
        elif tutorial is not None:
            self.app.start_tutorial(tutorial)

    def unmounted(self) -> None:
        """The app has stopped: its games are free for other sessions."""
        for local in (*self._left_unsaved, self._open):
            if local is not None:
                local.release()

    # -- the home's own actions ---------------------------------------------
    def offers(self, action: str, screen: Screen[Any]) -> bool:
        return action in self.ACTIONS

    def run(self, action: str) -> None:
        getattr(self, f"action_{action}")()

    def action_new_game(self) -> None:
        from kobito_tui.app.screens.new_game import NewGameScreen

        self.app.push_screen(NewGameScreen(), self.start_game)

    def action_continue_game(self) -> None:
        self.flush_game()
        path = latest_unfinished(self.saves_dir)
        if path is None:
            t = self.app.t
            self.app.notify(t("There is no unfinished game to continue."), title=t("Continue"))
        else:
            self.resume(path)

    def action_load_game(self) -> None:
        """Load and Replays open the same saved-games browser."""
        from kobito_tui.app.browser import BrowserScreen

        self.app.push_screen(BrowserScreen(self.saves_dir), self.resume)

    action_replays = action_load_game

    def action_statistics(self) -> None:
        """The results in the saves folder, the open game's file complete first."""
        from kobito_tui.app.screens.statistics import StatisticsScreen

        self.flush_game()
        self.app.push_screen(StatisticsScreen(self.saves_dir))

    def action_title(self) -> None:
        self.to_title()

    def home_words(self, t: Translator, *, short: bool = False, kept: bool = False, seated: bool = True) -> str:
        """The title screen; a game kept on leaving it says so."""
        if short:
            return t("Title")
        return t("Title screen (the game stays saved)") if kept and seated else t("Title screen")

    # -- starting and resuming games ---------------------------------------
    def start_game(self, header: Header | None) -> None:
        from kobito_tui.table.local import LocalTable

        if header is None:
            return
        path = new_save_path(self.saves_dir, header)
        lock = self._lock(path)
        if lock is None:  # another terminal started a game of the same name this second
            return
        local = LocalTable(Record(header), path, bot_delay=self.app.bot_delay, lock=lock)
        try:
            local.flush()  # the deal is on disk before anyone sees it
        except OSError as error:
            local.close()
            local.release()
            self.app.show_error(self.app.t("Cannot save games"), f"{path}: {error}")
            return
        self.open_local(local)

    def _lock(self, path: Path) -> SaveLock | None:
        """``path`` kept from other sessions, or None after saying it is open in one
        (and offering its replay instead: watching changes no file)."""
        from kobito_tui.app.browser.dialogs import ConfirmDialog

        try:
            return SaveLock.take(path)
        except SaveLocked:
            t = self.app.t
            question = t(
                "{file} is open in another terminal: playing it here too would lose that terminal's moves. Watch its replay instead?",
                file=printable(path.name),
            )
            watch = partial(self.replay, path)
            self.app.push_screen(ConfirmDialog(question, t("Watch the replay"), "primary"), lambda yes: yes and watch())
            return None

    def resume(self, path: Path | None) -> None:
        from kobito_tui.app.words import file_error_words
        from kobito_tui.table.local import LocalTable

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
            t = self.app.t
            self.app.show_error(t("This save file cannot be loaded"), file_error_words(t, str(path), error))
            return
        self.open_local(LocalTable(record, Path(path), bot_delay=self.app.bot_delay, lock=lock))

    def replay(self, path: Path) -> None:
        """Watch a saved game; *Play from here* continues the new game it writes."""
        from kobito_tui.app.replay import ReplayScreen
        from kobito_tui.app.words import file_error_words

        try:
            record = load(path)
        except SaveError as error:
            t = self.app.t
            self.app.show_error(t("This save file cannot be replayed"), file_error_words(t, str(path), error))
            return
        self.app.push_screen(ReplayScreen(record, path), self.resume)

    def open_local(self, local: LocalTable) -> None:
        """Play the game hosted by ``local`` on the game screen (its client)."""
        from kobito_tui.client import LocalHost

        if self._open is local:
            self._open = None  # opened again: it stays locked
        self.to_title()
        self._left_unsaved = [t for t in self._left_unsaved if t is not local]
        self._open = local
        self.app.push_screen(self.app.game_screen_for(LocalHost(local)))

    def play_again(self, header: Header) -> None:
        self.start_game(new_header(header.game, header.seats, header.options))

    def to_title(self) -> None:
        """Back to the title screen; the game left is unlocked once its file is complete."""
        self.flush_game()  # leaving the game: its file is complete before anything reads it
        if self._open is not None and self._open.session.unsaved:
            self._left_unsaved.append(self._open)  # asked about again on quitting
        elif self._open is not None:
            self._let_go(self._open)
        self._open = None
        while len(self.app.screen_stack) > 1:
            self.app.pop_screen()

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

    def flush_game(self) -> None:
        """Wait for the open game's autosave, so its file is read as it stands."""
        from kobito_tui.app.screens.game import GameScreen

        for screen in self.app.screen_stack:
            if isinstance(screen, GameScreen):
                screen.flush_save()

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

    # -- the player's settings: in their config folder ------------------------
    def settings(self) -> Settings:
        return settings.load()

    def keep_settings(self, chosen: Settings) -> bool:
        return settings.save(chosen)

    def keep_language(self, lang: str) -> None:
        """Remembered for the next start (a failed write is only said: the choice holds)."""
        try:
            remember_language(lang, self.env)
        except OSError as error:
            reason = self.app.t("Your choice is not remembered: {error}", error=printable(error))
            self.app.notify(reason, severity="warning", markup=False)

    # -- quitting ------------------------------------------------------------
    def quit(self) -> None:
        """Quit, unless a game's moves are not saved: then offer to save each such
        game elsewhere; quitting without them (or a second ctrl+c) says what is lost."""
        if isinstance(self.app.screen, UnsavedDialog):
            self._quit_losing(self._quit_pending)
        else:
            self._quit_notes = []
            self._quit_asking(self.unsaved_sessions())

    def _quit_asking(self, unsaved: list[Session]) -> None:
        self._quit_pending = unsaved
        if not unsaved:
            self.app.exit_saying(0, self._quit_notes)
            return
        t = self.app.t

        def answered(answer: Path | str | None) -> None:  # None: back to the game, no quitting
            if isinstance(answer, Path):
                self._quit_notes.append(t("kobito: the game was saved to {path}.", path=printable(answer)))
                self._quit_asking(unsaved[1:])
            elif answer == "lose":
                self._quit_losing(unsaved)

        self.app.push_screen(UnsavedDialog(unsaved[0]), answered)

    def _quit_losing(self, unsaved: list[Session]) -> None:
        t = self.app.t
        lines = [*self._quit_notes, *(t("kobito: the game is not saved: {lost}.", lost=lost(t, s)) for s in unsaved)]
        self.app.exit_saying(1 if unsaved else 0, lines)

    def last_words(self, lines: list[str]) -> list[str]:
        if self._open is not None and not self._open.session.unsaved:
            self._let_go(self._open)
        return lines

    def crash_words(self) -> list[str]:
        t = self.app.t
        unsaved = self.unsaved_sessions()
        if unsaved:
            return [t("Your game is not saved: {lost}.", lost=lost(t, session)) for session in unsaved]
        if self._open is not None and not self._open.over:
            return [t("Your game is saved: choose Continue.")]
        return []
