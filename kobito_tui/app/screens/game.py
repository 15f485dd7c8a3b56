"""The game screen, the same for every game: board, status, log, controls.  It renders what
its :class:`~kobito_tui.client.GameClient` knows and routes keys and clicks: the board posts the
move chosen, the client sends it to its host (a table here or at a hub) and says what is allowed
and why not.  A spectator has no Undo, Redo, Hint nor guide: not as buttons, keys or commands."""

from __future__ import annotations

from concurrent.futures import Future

from textual import work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Static

from kobito_tui.app import actions, settings, viewpoint
from kobito_tui.app.board import GameBoard
from kobito_tui.app.browser.dialogs import ConfirmDialog
from kobito_tui.app.games import board_class
from kobito_tui.app.screens.curtain import CurtainScreen
from kobito_tui.app.screens.final import FinalScreen
from kobito_tui.app.screens.game_parts import BoardKeys, Controls, GameLog, StatusLine, watching_others
from kobito_tui.app.screens.menu import MenuScreen
from kobito_tui.app.widgets.workarounds import GameFooter
from kobito_tui.app.words import refusal_words
from kobito_tui.client import MOVE, REDO, UNDO, GameClient, Request
from kobito_tui.core.game import Event
from kobito_tui.core.message import Message as Said
from kobito_tui.core.safetext import printable
from kobito_tui.i18n.messages import say
from kobito_tui.i18n.seats import Seats, reader_of
from kobito_tui.i18n.words import game_title
from kobito_tui.table import Hint, Refusal, Refused, Update

END_PAUSE = 2.5  # the final board stays this many bot delays before the scores


class GameScreen(BoardKeys):
    BINDINGS = actions.bindings(*actions.GAME)
    SPARE_KEYS = (actions.GUIDE.action, actions.GAME_RULES.action)
    tips = True  # the first-game guide's tips, when the player has them on

    def __init__(self, client: GameClient, bot_delay: float = 0.6) -> None:
        super().__init__(classes="game-screen")
        self.client, self.host, self.header = client, client.host, client.header
        self.bot_delay = bot_delay
        self.board = board_class(self.header.game)(self.header, watching=client.spectating, id="board")
        self.log_panel, self.status_line = GameLog(self.header), StatusLine(client)
        self.guide = False  # the player's setting, read once mounted (it is the app's: local file or the hub)
        self._curtain_up = self._ended = False

    def compose(self) -> ComposeResult:
        with Horizontal(id="table"):
            yield self.board
            with Vertical(id="side"):
                yield Static(game_title(self.t, self.header.game), id="game-title")
                yield Controls(self.client.spectating)
                yield from self.side_panels()
                yield self.log_panel
        yield self.status_line
        yield GameFooter()

    def side_panels(self) -> ComposeResult:
        """More panels above the log (none here; the tutorial's lesson)."""
        yield from ()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A spectator has no seat-only actions: their keys leave the footer and do nothing."""
        if action == actions.LEAVE_GAME.action:
            return self.client.may_leave  # a player at a server's game not over
        return not (self.client.spectating and action in actions.SEAT_ONLY)

    @property
    def who(self) -> Seats:
        """The seats as the player at the keys reads them (the seat shown is "you")."""
        return Seats(self.t, self.header.seats, reader_of(self.header.seats, self.client.seat))

    class Updated(Message):
        """``update`` came, and waits in the client's inbox with any before it (posted from the
        thread that made the change)."""

        def __init__(self, update: Update) -> None:
            super().__init__()
            self.update = update

    class Answered(Message):
        """The table answered ``request``: ``refusal``, or None (its change comes as an update)."""

        def __init__(self, request: Request, refusal: Refusal | None) -> None:
            super().__init__()
            self.request, self.refusal = request, refusal

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
        self.watch(self.board, "status_line", lambda text: self.status_line.show(self.who, text), init=False)
        self.host.watch(lambda: self.status_line.post_message(StatusLine.SaveReported()), lambda said: self.post_message(self.Warned(said)))
        # The table sends its whole picture as we subscribe (a served table's, already here): shown now,
        # the first frame is the table, not an empty board.
        self.client.subscribe(lambda update: self.post_message(self.Updated(update)))
        self._catch_up()
        self.call_after_refresh(self._start)  # laid out first: the log opens scrolled to its end

    def _start(self) -> None:
        if self.is_attached:
            self.log_panel.scroll_end(animate=False, immediate=True, x_axis=False)
            self.host.start()  # the computers play once the game is watched

    def on_unmount(self) -> None:
        self.client.close()

    def on_game_screen_updated(self, message: Updated) -> None:
        message.stop()
        self._catch_up()

    def _catch_up(self) -> None:
        """Show the updates come since last asked, each position in turn."""
        updates = self.client.waiting()
        for index, update in enumerate(updates):
            self._take(update)
            if index + 1 == len(updates) or updates[index + 1].revision != update.revision:
                self.refresh_table()  # each position is shown, however soon the next came

    def _take(self, update: Update) -> None:
        """The client keeps ``update``; the log gets its new lines."""
        self.client.apply(update)
        self.log_panel.take(update)

    def flush_save(self) -> None:
        """Wait for the autosave of the latest change; a failed write becomes a notification."""
        try:
            self.host.flush()
        except OSError as error:
            self.status_line.save_reported(error)

    # -- the one place the table is brought up to date --------------------
    def refresh_table(self) -> None:
        """Show the right seat's view (behind a curtain if the seat changed hands)."""
        client, latest = self.client, self.client.latest
        if latest is None:
            return
        seat = viewpoint.viewer(self.header, latest.to_act, client.seat, client.seats)
        if viewpoint.needs_curtain(self.header, client.seat, seat, client.seats) and not latest.over:
            if not self._curtain_up:
                self._curtain_up = True
                self.app.push_screen(CurtainScreen(self.who.name(seat)), lambda _: self._curtain_lifted(seat))
            return
        client.seat = seat  # (before asking for the newest update: that seat's)
        update = client.latest
        assert update is not None
        self.board.show(update.view, list(update.legal), client.to_move)
        self.log_panel.show(client.perspective(seat), client.history)
        for controls in self.query(Controls).results(Controls):  # (none yet while the screen is still being mounted)
            controls.show(client)
        self.status_line.show(self.who, self.board.status())
        self._write_tips()
        if update.over:
            self._game_over()

    def _curtain_lifted(self, seat: int) -> None:
        self._curtain_up, self.client.seat = False, seat
        self.refresh_table()

    # -- the first-game guide ------------------------------------------------
    def _write_tips(self) -> None:
        if self.guide and self.client.to_move and (latest := self.client.latest) is not None:
            self.log_panel.tip(self.client.seat, latest.revision, self.board.tips())

    def action_guide(self) -> None:
        """The first-game guide on or off, remembered for the next games."""
        self.guide, t = not self.guide, self.t
        kept = self.app.keep_settings(settings.Settings(guide=self.guide))
        words = t("Tips on: they appear in the log (g turns them off)") if self.guide else t("Tips off (g turns them back on)")
        self.notify(words if kept else t("{words} — this setting could not be saved", words=words), markup=False)
        self.log_panel.tipped = None
        self._write_tips()

    def say(self, said: str | Refusal) -> None:
        """Words, or a refusal worded, on the status line (why a key did nothing: until the next change)."""
        self.status_line.say(refusal_words(self.t, said, self.who) if isinstance(said, Refusal) else said)

    # -- moves: the client asks its host; a host across the network from a thread ----
    def on_game_board_move_chosen(self, message: GameBoard.MoveChosen) -> None:
        message.stop()
        if self.client.to_move:
            self.play(message.move)

    def play(self, move: Event) -> None:
        self._request(MOVE, self.client.asking(MOVE, move))

    def action_undo(self) -> None:
        self._request(UNDO, self.client.asking(UNDO))

    def action_redo(self) -> None:
        self._request(REDO, self.client.asking(REDO))

    def _request(self, action: str, asked: Refusal | Request) -> None:
        """What the client knows is refused now is said at once; the rest goes to the host as data
        (seat, move, revision): a table here answers at once, one across the network is asked from
        a thread, so no key waits for the answer.  The answer comes back as :class:`Answered`."""
        if isinstance(asked, Refusal):
            self._answered(action, asked)
        elif self.host.answers_at_once:
            self.post_message(self.Answered(asked, self.client.send(asked)))
        else:
            self._ask_in_thread(asked)

    @work(thread=True, group="request", exit_on_error=False)
    def _ask_in_thread(self, request: Request) -> None:
        try:
            refusal = self.client.send(request)
        except Exception as error:  # the connection is gone: say so, keep the screen
            title = self.t("Not sent")
            self.app.call_from_thread(self.notify, printable(error), title=title, severity="error", markup=False)
            return
        self.post_message(self.Answered(request, refusal))

    def on_game_screen_answered(self, message: Answered) -> None:
        message.stop()
        self._answered(message.request.action, message.refusal)

    def _answered(self, action: str, refusal: Refusal | None) -> None:
        """A refused move becomes a notification; a refused undo or redo, words on the status line."""
        if refusal is not None:
            (self._refused if action == MOVE else self.say)(refusal)

    def _refused(self, refusal: Refusal) -> None:
        """A refused move becomes a notification, and the board is shown as the table has it."""
        self.notify(refusal_words(self.t, refusal, self.who), title=self.t("Move refused"), severity="error", markup=False)
        self.refresh_table()

    def on_game_screen_warned(self, message: Warned) -> None:
        message.stop()
        words = printable(say(self.t, message.warning, self.header.seats, self.who.reader))
        self.notify(words, title=self.t("Error"), severity="warning", markup=False)

    def action_menu(self) -> None:
        menu = MenuScreen(saved=self.host.kept, watching=watching_others(self.client), leave=self.client.may_leave)
        self.app.push_screen(menu, lambda chosen: self.action_leave_game() if chosen == "leave" else None)

    # -- leaving for good --------------------------------------------------------
    def action_leave_game(self) -> None:
        """Asked first: leaving cannot be taken back."""
        if not self.client.may_leave:
            return
        t = self.t
        two = self.header.players == 2
        question = (
            t("Leave the game for good? The other player wins.")
            if two
            else t("Leave the game for good? A computer plays on in your seat and you finish last.")
        )
        self.app.push_screen(ConfirmDialog(question, t("Leave the game")), self._leave_if)

    def _leave_if(self, yes: bool | None) -> None:
        if yes:
            self._leave()

    @work(thread=True, group="request", exit_on_error=False)
    def _leave(self) -> None:
        try:
            refusal = self.client.leave()
        except Exception as error:  # the connection is gone: say so, keep the screen
            self.app.call_from_thread(self.notify, printable(error), title=self.t("Not sent"), severity="error", markup=False)
            return
        self.app.call_from_thread(self._left, refusal)

    def _left(self, refusal: Refusal | None) -> None:
        """Refused: said; the game over (the others won): its end shows as usual; else back to the lobby."""
        if refusal is not None:
            self.say(refusal)
        elif not self.header.players == 2:
            self.app.to_title()

    # -- hints -------------------------------------------------------------
    def action_hint(self) -> None:
        self.client.hint().add_done_callback(lambda future: self.post_message(self.Hinted(future)))

    def on_game_screen_hinted(self, message: Hinted) -> None:
        message.stop()
        error = message.future.exception()
        if isinstance(error, Refused):  # not now (a remote table's: still thinking about the last one)
            self.say(error.refusal)
        elif error is not None:
            words = self.t("The computer failed ({error}).", error=printable(error))
            self.notify(words, title=self.t("Error"), severity="error", markup=False)
        elif self.client.hint_fits(message.future.result()):
            self.board.hint(message.future.result().move)

    # -- the end -----------------------------------------------------------
    def _game_over(self) -> None:
        if not self._ended:
            self._ended = True
            self.add_class("-over")
            self.flush_save()  # the finished game is on disk before the scores show
            self.after(END_PAUSE * self.bot_delay, self._show_scores)  # the last move stays in sight

    def _show_scores(self) -> None:
        latest, seats = self.client.latest, self.client.seats
        if self.is_attached and latest is not None:  # the one seat played here reads "you" (none in hot seat)
            seat = seats[0] if len(seats) == 1 else None
            host = self.host
            final = FinalScreen(latest.result, self.header, host.record, seat, host.path, fetch=host.finished_record, keeper=host.analyses)
            self.app.push_screen(final)
