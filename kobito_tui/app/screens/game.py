"""The game screen, the same for every game: board, status, log, controls.

The screen is a client of a table (:class:`kobito_tui.table.Table` here, or a
``RemoteTable`` at a hub): it renders only the updates the table sends the
seats played at this terminal, and sends the moves the players choose.  The
board only shows one seat's view and posts the move the player chose; the
computers are the table's, thinking on its workers.  A spectator (no
seat here) has no Undo, Redo, Hint nor guide: not as buttons, keys or commands.
"""

from __future__ import annotations

import gc
import threading
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import Grid, Horizontal, Vertical
from textual.content import Content
from textual.events import Resize
from textual.message import Message
from textual.widgets import Button, Static

from kobito_tui.app import actions, settings, viewpoint
from kobito_tui.app.board import GameBoard, board_class
from kobito_tui.app.log_panel import LOG_LINES, LogPanel
from kobito_tui.app.screens.base import ShellScreen
from kobito_tui.app.screens.curtain import CurtainScreen
from kobito_tui.app.screens.unsaved import failing
from kobito_tui.app.feed import Client, Feed
from kobito_tui.app.widgets.workarounds import GameFooter
from kobito_tui.app.words import entry_words, refusal_words, result_words
from kobito_tui.core.game import Event, Game, Header
from kobito_tui.core.games import get_game
from kobito_tui.core.message import Message as Said
from kobito_tui.core.safetext import printable
from kobito_tui.i18n.messages import say
from kobito_tui.i18n.seats import Seats, reader_of
from kobito_tui.i18n.words import game_title
from kobito_tui.table import PUBLIC, Hint, LogEntry, Perspective, Refusal, Refused, SeatPerspective, Update

if TYPE_CHECKING:
    from kobito_tui.serve.client import RemoteTable
    from kobito_tui.table.local import LocalTable


CONTROLS = tuple(action.action for action in (actions.UNDO, actions.REDO, actions.HINT))  # not always available
BUTTONS = tuple((action.action, action.key) for action in (actions.UNDO, actions.REDO, actions.HINT, actions.MENU))
PALETTE_WIDTH = 120  # from this width on the footer also shows ^p palette
TIP_STYLE = "italic"
TIPS_AT_ONCE = 2
END_PAUSE = 2.5  # the final board stays this many bot delays before the scores


class GameScreen(ShellScreen):
    BINDINGS = actions.bindings(*actions.GAME)
    SPARE_KEYS = (actions.GUIDE.action, actions.GAME_RULES.action)
    tips = True  # the first-game guide's tips, when the player has them on

    def __init__(
        self,
        client: Client,
        game: Game,
        header: Header,
        seats: Sequence[int],
        *,
        host: LocalTable | None = None,
        watching: Perspective = PUBLIC,
        bot_delay: float = 0.6,
    ) -> None:
        super().__init__(classes="game-screen")
        self.client, self.game, self.header = client, game, header
        self.seats = list(seats)  # the human seats played at this terminal
        self.host = host
        self.bot_delay = bot_delay
        self.board = board_class(header.game)(header, watching=self.spectating, id="board")  # nobody's "you"
        perspectives = [SeatPerspective(seat) for seat in self.seats] or [watching]
        self._feeds = {perspective: self._feed(perspective) for perspective in perspectives}
        self._inbox: deque[Update] = deque()  # updates from any thread, in the table's order
        self._inbox_lock = threading.Lock()
        self._subscriptions: list[Any] = []
        self._shown: int | None = None  # the seat whose view the board shows
        self._logged: Perspective | None = None  # whose log the panel shows
        self.guide = False  # the player's setting, read once mounted (it is the app's: local file or the hub)
        self._tips: dict[int | None, set[Any]] = {}  # per seat (hot seat): the tips it was given
        self._tipped: int | None = None  # the revision when tips were last written
        self._curtain_up = False
        self._ended = False
        self._save_error_told: str | None = None  # the reason of the save failure notified
        self._status: str | None = None  # the words on the status line

    @classmethod
    def local(cls, host: LocalTable, bot_delay: float = 0.6) -> GameScreen:
        """A game hosted here: every human seat at this terminal (a game of
        computers only is watched from seat 0, as a player there would see it)."""
        table = host.table
        return cls(table, table.game, table.header, host.humans, host=host, watching=SeatPerspective(0), bot_delay=bot_delay)

    @classmethod
    def remote(cls, remote: RemoteTable, header: Header) -> GameScreen:
        """A table at the hub, as its one seat (or a spectator) sees it; ``header`` is
        the client header (``remote.last.header`` once the first update came)."""
        seats = [] if remote.seat is None else [remote.seat]
        return cls(remote, get_game(header.game), header, seats, watching=remote.perspective)

    # -- layout ----------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="table"):
            yield self.board
            with Vertical(id="side"):
                yield Static(game_title(self.t, self.header.game), id="game-title")
                with Grid(id="controls"):
                    for ident, key in BUTTONS:
                        if self.spectating and ident in actions.SEAT_ONLY:
                            continue
                        button = Button(Content.assemble((key, "bold"), " ", self._button_words[ident]), id=ident, compact=True)
                        button.can_focus = False  # a click must not take the keys from the board
                        yield button
                yield from self.side_panels()
                yield LogPanel(id="log")
        yield Static("", id="status", markup=False)
        yield GameFooter()

    def side_panels(self) -> ComposeResult:
        """More panels above the log (none here; the tutorial's lesson)."""
        yield from ()

    @property
    def _button_words(self) -> dict[str, str]:
        t = self.t
        # Translators: the buttons above the log, after their key ("u Undo"): about 7 letters fit at 80 columns.
        return {"undo": t.p("button", "Undo"), "redo": t.p("button", "Redo"), "hint": t.p("button", "Hint"),
                "menu": t.p("button", "Menu")}  # fmt: skip

    @property
    def spectating(self) -> bool:
        """No seat is played at this terminal: a spectator, or a game of computers only."""
        return not self.seats

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A spectator has no seat-only actions: their keys leave the footer and do nothing."""
        return not (self.spectating and action in actions.SEAT_ONLY)

    @property
    def who(self) -> Seats:
        """The seats as the player at the keys reads them (the seat shown is "you")."""
        return Seats(self.t, self.header.seats, reader_of(self.header.seats, self._shown))

    def _feed(self, perspective: Perspective) -> Feed:
        """A perspective's feed, its log in the words of that seat's player ("you")."""
        seat = perspective.seat if isinstance(perspective, SeatPerspective) else None
        reader = reader_of(self.header.seats, seat)

        def words(entry: LogEntry) -> str:
            return entry_words(self.t, entry, self.header.seats, reader)

        def taken_back(entry: LogEntry) -> str:
            # Translators: a log line that an undo took back follows the colon.
            return self.t("↶ Taken back: {line}", line=words(entry))

        return Feed(words, taken_back)

    @property
    def seed(self) -> int | None:
        """The seed of a game hosted here (the rules say it); a client is never told it."""
        return None if self.host is None else self.host.session.header.seed

    class Updated(Message):
        """Updates wait in the inbox (posted from the thread that made the change)."""

    class SaveReported(Message):
        """The autosave failed, or wrote again after failing (posted from its thread)."""

    class Warned(Message):
        def __init__(self, warning: Said) -> None:
            super().__init__()
            self.warning = warning

    class Hinted(Message):
        def __init__(self, future: Future[Hint]) -> None:
            super().__init__()
            self.future = future

    def on_mount(self) -> None:
        self.guide = self.tips and self.app.settings().guide
        self.watch(self.board, "status_line", self._set_status, init=False)
        if self.host is not None:
            self.host.on_save_report = lambda: self.post_message(self.SaveReported())
            self.host.listen(lambda warning: self.post_message(self.Warned(warning)))
        self.call_after_refresh(self._subscribe)  # laid out first: the log opens scrolled to its end

    def _subscribe(self) -> None:
        if not self.is_attached:
            return
        # What lives now lives all game: kept out of the full collections, which
        # otherwise stalled key presses for 0.1-1 s (`kobito bench ui`'s p95).
        gc.collect()
        gc.freeze()
        for perspective in self._feeds:
            self._subscriptions.append(self.client.subscribe(perspective, self._receive))
        if self.host is not None:
            self.host.start()  # the computers play once the game is watched

    def on_unmount(self) -> None:
        gc.unfreeze()  # collectable again once the game has gone
        for subscription in self._subscriptions:
            subscription.cancel()
        if self.host is not None:
            self.host.on_save_report = self.host.on_warning = None
            self.host.close()

    def _receive(self, update: Update) -> None:
        """From the table, on any thread: queue it for the screen's own loop."""
        with self._inbox_lock:
            self._inbox.append(update)
        self.post_message(self.Updated())

    def on_game_screen_updated(self, message: Updated) -> None:
        message.stop()
        with self._inbox_lock:
            updates = list(self._inbox)
            self._inbox.clear()
        for index, update in enumerate(updates):
            self._take(update)
            if index + 1 == len(updates) or updates[index + 1].revision != update.revision:
                self.refresh_table()  # each position is shown, however soon the next came

    def _take(self, update: Update) -> None:
        """Keep ``update`` in its perspective's feed; the log panel gets its new lines."""
        feed = self._feeds[update.perspective]
        lines = feed.take(update)
        if update.perspective == self._logged:
            log = self.query_one("#log", LogPanel)
            for line in lines:
                log.add(line)

    # -- the board keeps the keys ------------------------------------------
    def footer_room(self) -> int:
        return self.size.width if self.size.width < PALETTE_WIDTH else super().footer_room()

    def on_resize(self, event: Resize) -> None:
        footer, palette = self.query_one(GameFooter), event.size.width >= PALETTE_WIDTH
        if footer.show_command_palette != palette:  # at 80 columns the board's keys need the room
            footer.show_command_palette = palette
            footer.refresh(recompose=True)
        else:
            self.refresh_bindings()  # the spare keys may fit now, or not
        self.call_after_refresh(self._keep_keys)  # the board may be back from behind the size notice

    def on_descendant_blur(self) -> None:
        self.call_after_refresh(self._keep_keys)

    def on_screen_resume(self) -> None:
        self.call_after_refresh(self._keep_keys)

    def _keep_keys(self) -> None:
        """Nothing but the board takes keys here: give them back to it."""
        if self.is_current and self.focused is None:
            self.board.focus()

    def flush_save(self) -> None:
        """Wait for the autosave of the latest change; a failed write becomes a notification."""
        if self.host is None:
            return
        try:
            self.host.flush()
        except OSError as error:
            self._save_failed(error)

    # -- what the table said last --------------------------------------------
    def _perspective(self, seat: int | None) -> Perspective:
        return SeatPerspective(seat) if seat in self.seats else next(iter(self._feeds))

    @property
    def latest(self) -> Update | None:
        """The newest update of the seat shown (or of any feed, before one is shown)."""
        feed = self._feeds[self._perspective(self._shown)]
        if feed.update is not None:
            return feed.update
        return max((f.update for f in self._feeds.values() if f.update), key=lambda u: u.revision, default=None)

    @property
    def over(self) -> bool:
        return self.latest is not None and self.latest.over

    # -- the one place the table is brought up to date --------------------
    def refresh_table(self) -> None:
        """Show the right seat's view (behind a curtain if the seat changed hands)."""
        latest = self.latest
        if latest is None:
            return
        seat = viewpoint.viewer(self.header, latest.to_act, self._shown, self.seats)
        if viewpoint.needs_curtain(self.header, self._shown, seat, self.seats) and not latest.over:
            if not self._curtain_up:
                self._curtain_up = True
                self.app.push_screen(CurtainScreen(self.who.name(seat)), lambda _: self._curtain_lifted(seat))
            return
        self._shown = seat
        update = self.latest
        self.board.show(update.view, list(update.legal), self.human_to_move)
        self._update_log()
        self._update_controls()
        self._write_tips()
        if update.over:
            self._game_over()

    def _curtain_lifted(self, seat: int) -> None:
        self._curtain_up = False
        self._shown = seat
        self.refresh_table()

    @property
    def human_to_move(self) -> bool:
        update = self.latest
        return update is not None and update.to_act == self._shown and self._shown in self.seats and bool(update.legal)

    def _update_log(self) -> None:
        perspective = self._perspective(self._shown)
        if perspective != self._logged:  # another seat's eyes: its own log and tips
            self._logged = perspective
            self.query_one("#log", LogPanel).reset(self._feeds[perspective].log[-LOG_LINES:])
            self._tipped = None

    # -- the first-game guide ------------------------------------------------
    def _write_tips(self) -> None:
        """New tips for a new position (a few at a time, the most urgent first)."""
        if not (self.guide and self.human_to_move) or self._tipped == self.latest.revision:
            return
        self._tipped = self.latest.revision
        log = self.query_one("#log", LogPanel)
        given = self._tips.setdefault(self._shown, set())
        new = [(key, words) for key, words in self.board.tips() if key not in given]
        for key, words in new[:TIPS_AT_ONCE]:
            given.add(key)
            log.add(Text(self.t("Tip: {tip}", tip=words), style=TIP_STYLE))

    def action_guide(self) -> None:
        """The first-game guide on or off, remembered for the next games."""
        self.guide = not self.guide
        kept = self.app.keep_settings(settings.Settings(guide=self.guide))
        t = self.t
        words = t("Tips on: they appear in the log (g turns them off)") if self.guide else t("Tips off (g turns them back on)")
        if not kept:
            words = t("{words} — this setting could not be saved", words=words)
        self.notify(words, markup=False)
        self._tipped = None
        self._write_tips()

    def _update_controls(self) -> None:
        """Buttons show what is available now; the footer keeps its keys
        (rebuilding it on every move is slow) and unavailable keys do nothing."""
        for ident in () if self.spectating else CONTROLS:
            self.query_one(f"#{ident}", Button).disabled = not self.can(ident)
        self._set_status(self.board.status())

    def _set_status(self, text: str) -> None:
        update = self.latest
        seat = None if update is None else update.to_act
        t = self.t
        who = self.who
        name = None if seat is None else who.name(seat)
        if update is not None and update.over:
            text = result_words(t, update.result, who)
        elif seat is not None and self.header.seats[seat].is_bot:
            text = t("{name} is thinking…", name=name)
        elif seat is not None and (seat != self._shown or seat not in self.seats):
            text = t("{name} to play", name=name)
        elif seat is not None and len(self.seats) > 1:  # hot seat: whose keys these are
            # Translators: in a hot-seat game, whose keys these are, then what the rules need now.
            named = t("{name}: {status}", name=name, status=text) if text else t("{name} to play", name=name)
            text = named if len(named) <= self.query_one("#status").content_size.width else text
        elif not text:
            text = t("Your move")
        if self.host is not None and self.host.save_error is not None:
            # Translators: the save is failing, then what the status line says otherwise.
            text = t("{failing} · {status}", failing=failing(t, self.host.session), status=text)
        self.say(text)

    def say(self, text: str) -> None:
        """``text`` on the status line (why a key did nothing: until the next change)."""
        if text != self._status:  # the same words again need no repaint
            self._status = text
            self.query_one("#status", Static).update(text, layout=False)  # one fixed line

    def can(self, action: str) -> bool:
        """Whether undo, redo or hint is available now."""
        if not self.human_to_move:
            return False
        if action == "undo":
            return self.latest.can_undo
        if action == "redo":
            return self.latest.can_redo
        return True

    # -- moves -------------------------------------------------------------
    def on_game_board_move_chosen(self, message: GameBoard.MoveChosen) -> None:
        message.stop()
        if self.human_to_move:
            self.play(message.move)

    def why_not(self, action: str) -> str:
        """Why undo, redo or hint does nothing now (from this seat's own history)."""
        update, t = self.latest, self.t
        seat = None if update is None else update.to_act
        if self.over:
            return t("The game is over")
        if not self.human_to_move:
            return t("Wait for your turn")
        if action == "redo":
            return t("Nothing to redo")
        events = self._feeds[self._perspective(self._shown)].history
        moves = len(events)  # the chance events since the last move follow it
        while moves and "seat" not in events[moves - 1]:
            moves -= 1
        last = events[moves - 1] if moves else {}
        if last.get("seat") != seat or self.game.closes_turn(last):
            return t("Nothing to undo yet this turn")
        if moves == len(events):
            return t("Moves made before this game was loaded (Continue) cannot be undone")
        # Why undo stops at the turn's last chance event, by its type.
        revealed = {
            "pot": t("No undo past this point: a new pot was laid after your move"),
            "reveal": t("No undo past this point: a tile was revealed after your move"),
            "reshuffle": t("No undo past this point: the deck was reshuffled after your move"),
        }
        return revealed.get(events[moves]["type"]) or t("No undo past this point: something new was revealed")

    def play(self, move: Event) -> None:
        seat, revision = self._shown, self.latest.revision
        self._request(lambda: self.client.submit(seat, move, revision))

    def action_undo(self) -> None:
        if self.can("undo"):
            seat = self._shown
            self._request(lambda: self.client.undo(seat))
        else:
            self.say(self.why_not("undo"))

    def action_redo(self) -> None:
        if self.can("redo"):
            seat = self._shown
            self._request(lambda: self.client.redo(seat))
        else:
            self.say(self.why_not("redo"))

    def _request(self, ask: Callable[[], Refusal | None]) -> None:
        """Ask the table for a change: a table here answers at once; one across
        the network is asked from a thread, so no key waits for the answer."""
        if self.host is None:
            self._ask_in_thread(ask)
        else:
            self._answered(ask())

    @work(thread=True, group="request", exit_on_error=False)
    def _ask_in_thread(self, ask: Callable[[], Refusal | None]) -> None:
        try:
            refusal = ask()
        except Exception as error:  # the connection is gone: say so, keep the screen
            title = self.t("Not sent")
            self.app.call_from_thread(self.notify, printable(error), title=title, severity="error", markup=False)
            return
        if refusal is not None:
            self.app.call_from_thread(self._answered, refusal)

    def _answered(self, refusal: Refusal | None) -> None:
        """A refusal becomes a notification, and the board is shown as the table has it."""
        if refusal is not None:
            words = refusal_words(self.t, refusal, self.who)
            self.notify(words, title=self.t("Move refused"), severity="error", markup=False)
            self.refresh_table()

    def _save_failed(self, error: OSError) -> None:
        """Say why once per kind of failure; the status bar says what is unsaved until it is saved."""
        reason = printable(error)
        if reason != self._save_error_told:
            self._save_error_told = reason
            words, title = self.t("The game could not be saved: {reason}", reason=reason), self.t("Save failed")
            self.app.notify(words, title=title, severity="error", markup=False)
        self._set_status(self.board.status())

    def on_game_screen_save_reported(self, message: SaveReported) -> None:
        message.stop()
        error = None if self.host is None else self.host.save_error
        if error is None:
            self._save_error_told = None
            self._set_status(self.board.status())
        else:
            self._save_failed(error)

    def on_game_screen_warned(self, message: Warned) -> None:
        message.stop()
        words = printable(say(self.t, message.warning, self.header.seats, self.who.reader))
        self.notify(words, title=self.t("Error"), severity="warning", markup=False)

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        await self.run_action(event.button.id)

    def action_menu(self) -> None:
        from kobito_tui.app.screens.menu import MenuScreen

        self.app.push_screen(MenuScreen(saved=self.host is None or self.host.session.path is not None))

    # -- hints -------------------------------------------------------------
    def action_hint(self) -> None:
        if not self.can("hint"):
            self.say(self.why_not("hint"))
            return
        answer = self.client.hint(self._shown)
        if isinstance(answer, Refusal):
            self.say(refusal_words(self.t, answer, self.who))
        else:
            answer.add_done_callback(lambda future: self.post_message(self.Hinted(future)))

    def on_game_screen_hinted(self, message: Hinted) -> None:
        message.stop()
        error = message.future.exception()
        if isinstance(error, Refused):  # a remote table's: still thinking about the last one
            self.say(refusal_words(self.t, error.refusal, self.names))
        elif error is not None:
            words = self.t("The computer failed ({error}).", error=printable(error))
            self.notify(words, title=self.t("Error"), severity="error", markup=False)
        elif message.future.result().revision == self.latest.revision and self.human_to_move:
            self.board.hint(message.future.result().move)

    # -- the end -----------------------------------------------------------
    def _game_over(self) -> None:
        if self._ended:
            return
        self._ended = True
        self.add_class("-over")
        self.flush_save()  # the finished game is on disk before the scores show
        self.after(END_PAUSE * self.bot_delay, self._show_scores)  # the last move stays in sight

    def _show_scores(self) -> None:
        from kobito_tui.app.screens.final import FinalScreen

        if self.is_attached:
            record = None if self.host is None else self.host.session.record
            self.app.push_screen(FinalScreen(self.latest.result, self.header, record, self.seats[0] if len(self.seats) == 1 else None))


