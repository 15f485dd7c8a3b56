"""The game screen, the same for every game: board, status, log, controls.

The screen owns the :class:`Session`; the board only shows one seat's view and
posts the move the player chose.  Computers think in a worker thread and their
moves are paced by ``bot_delay`` so a person can follow them.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import Grid, Horizontal, Vertical
from textual.events import Resize
from textual.message import Message
from textual.widgets import Button, Static
from textual.worker import Worker, WorkerState, get_current_worker

from kobito_tui.app import actions, settings, viewpoint
from kobito_tui.app.board import GameBoard, board_class
from kobito_tui.app.game_log import GameLog
from kobito_tui.app.log_panel import LOG_LINES, LogPanel
from kobito_tui.app.screens.base import ShellScreen
from kobito_tui.app.screens.curtain import CurtainScreen
from kobito_tui.app.screens.unsaved import failing
from kobito_tui.app.widgets.workarounds import GameFooter
from kobito_tui.bots import Bot, make_bot
from kobito_tui.core.game import Event, Game, Header, IllegalEvent
from kobito_tui.core.levels import DEFAULT_LEVEL
from kobito_tui.core.safetext import printable
from kobito_tui.core.session import Session


CONTROLS = tuple(action.action for action in (actions.UNDO, actions.REDO, actions.HINT))  # not always available
BUTTONS = tuple((action.action, action.key) for action in (actions.UNDO, actions.REDO, actions.HINT, actions.MENU))
PALETTE_WIDTH = 120  # from this width on the footer also shows ^p palette
TIP_STYLE = "italic"
TIPS_AT_ONCE = 2
# Why undo stops at the turn's last chance event, by its type.
REVEALED = {"pot": "a new pot was laid", "reveal": "a tile was revealed", "reshuffle": "the deck was reshuffled"}
END_PAUSE = 2.5  # the final board stays this many bot delays before the scores


class GameScreen(ShellScreen):
    BINDINGS = actions.bindings(*actions.GAME)

    def __init__(self, session: Session, bot_delay: float = 0.6) -> None:
        super().__init__(classes="game-screen")
        self.session = session
        self.bot_delay = bot_delay
        self.board = board_class(session.header.game)(session.header, id="board")
        self._shown: int | None = None  # the seat whose view the board shows
        self._log: GameLog | None = None
        self.guide = settings.load().guide
        self._tips: dict[int, set[Any]] = {}  # per seat (hot seat): the tips it was given
        self._tipped: int | None = None  # len(events) when tips were last written
        self._bots: dict[int, Bot] = {}
        self._thinking: int | None = None  # len(events) when a computer started thinking
        self._curtain_up = False
        self._ended = False
        self._save_error_told: str | None = None  # the reason of the save failure notified
        self._status: str | None = None  # the words on the status line

    # -- layout ----------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="table"):
            yield self.board
            with Vertical(id="side"):
                yield Static(self.game.title, id="game-title")
                with Grid(id="controls"):
                    for ident, key in BUTTONS:
                        button = Button(f"[b]{key}[/b] {ident.capitalize()}", id=ident, compact=True)
                        button.can_focus = False  # a click must not take the keys from the board
                        yield button
                yield LogPanel(id="log")
        yield Static("", id="status", markup=False)
        yield GameFooter()

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def header(self) -> Header:
        return self.session.header

    class SaveReported(Message):
        """The autosave failed, or wrote again after failing (posted from its thread)."""

    def on_mount(self) -> None:
        self.session.on_save_report = lambda _: self.post_message(self.SaveReported())
        self.watch(self.board, "status_line", self._set_status, init=False)
        self.call_after_refresh(self.refresh_table)

    # -- the board keeps the keys ------------------------------------------
    def on_resize(self, event: Resize) -> None:
        footer, palette = self.query_one(GameFooter), event.size.width >= PALETTE_WIDTH
        if footer.show_command_palette != palette:  # at 80 columns the board's keys need the room
            footer.show_command_palette = palette
            footer.refresh(recompose=True)
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
        try:
            self.session.flush()
        except OSError as error:
            self._save_failed(error)

    # -- the one place the table is brought up to date --------------------
    def refresh_table(self) -> None:
        """Show the right seat's view (behind a curtain if the seat changed hands),
        then let the computer move if it is its turn."""
        seat = viewpoint.viewer(self.header, self.session.to_act, self._shown)
        if viewpoint.needs_curtain(self.header, self._shown, seat) and not self.session.over:
            if not self._curtain_up:
                self._curtain_up = True
                self.app.push_screen(CurtainScreen(self.header.name(seat)), lambda _: self._curtain_lifted(seat))
            return
        self._shown = seat
        legal = self.session.legal_moves() if seat == self.session.to_act else []  # they name the seat's cards
        self.board.show(self.session.view(seat), legal, self.human_to_move)
        self._update_log(seat)
        self._update_controls()
        self._write_tips()
        if self.session.over:
            self._game_over()
        elif self.bot_to_move:
            self._start_bot()

    def _curtain_lifted(self, seat: int) -> None:
        self._curtain_up = False
        self._shown = seat
        self.refresh_table()

    @property
    def human_to_move(self) -> bool:
        seat = self.session.to_act
        return seat is not None and seat == self._shown and not self.header.seats[seat].is_bot

    @property
    def bot_to_move(self) -> bool:
        seat = self.session.to_act
        return seat is not None and self.header.seats[seat].is_bot

    def _update_log(self, seat: int) -> None:
        log = self.query_one("#log", LogPanel)
        events = self.session.events
        if self._log is None or self._log.seat != seat:
            self._log = GameLog(self.game, self.header, seat)
            self._log.sync(events)
            log.reset(self._log.text_lines()[-LOG_LINES:])
            self._tipped = None  # another seat's eyes: its own tips
            return
        if self._log.rewound(events):
            lines = [f"↶ Taken back: {line}" for line in self._log.rewind(events, self.session.state)]
        else:
            lines = self._log.sync(events)
        for line in lines:
            log.add(line)

    # -- the first-game guide ------------------------------------------------
    def _write_tips(self) -> None:
        """New tips for a new position (a few at a time, the most urgent first)."""
        if not (self.guide and self.human_to_move) or self._tipped == len(self.session.events):
            return
        self._tipped = len(self.session.events)
        log = self.query_one("#log", LogPanel)
        given = self._tips.setdefault(self._shown, set())
        new = [(key, words) for key, words in self.board.tips() if key not in given]
        for key, words in new[:TIPS_AT_ONCE]:
            given.add(key)
            log.add(Text(f"Tip: {words}", style=TIP_STYLE))

    def action_guide(self) -> None:
        """The first-game guide on or off, remembered for the next games."""
        self.guide = not self.guide
        kept = settings.save(settings.Settings(guide=self.guide))
        words = "on: tips appear in the log" if self.guide else "off (g turns it back on)"
        self.notify(f"First-game guide {words}" + ("" if kept else " — this setting could not be saved"))
        self._tipped = None
        self._write_tips()

    def _update_controls(self) -> None:
        """Buttons show what is available now; the footer keeps its keys
        (rebuilding it on every move is slow) and unavailable keys do nothing."""
        for ident in CONTROLS:
            self.query_one(f"#{ident}", Button).disabled = not self.can(ident)
        self._set_status(self.board.status())

    def _set_status(self, text: str) -> None:
        seat = self.session.to_act
        if self.session.over:
            result = self.session.result
            text = result.summary if result else "Game over"
        elif seat is not None and self.header.seats[seat].is_bot:
            text = f"{self.header.name(seat)} is thinking…"
        elif seat is not None and seat != self._shown:
            text = f"{self.header.name(seat)} to play"
        elif seat is not None and len(viewpoint.humans(self.header)) > 1:  # hot seat: whose keys these are
            named = f"{self.header.name(seat)}: {text}" if text else f"{self.header.name(seat)} to play"
            text = named if len(named) <= self.query_one("#status").content_size.width else text
        elif not text:
            text = "Your move"
        if self.session.save_error is not None:
            text = f"{failing(self.session)} · {text}"
        self.say(text)

    def say(self, text: str) -> None:
        """``text`` on the status line (why a key did nothing: until the next change)."""
        if text != self._status:  # the same words again need no repaint
            self._status = text
            self.query_one("#status", Static).update(text, layout=False)  # one fixed line

    def can(self, action: str) -> bool:
        """Whether undo, redo or hint is available now."""
        if action == "undo":
            return self.human_to_move and self.session.can_undo()
        if action == "redo":
            return self.human_to_move and self.session.can_redo()
        return self.human_to_move

    # -- moves -------------------------------------------------------------
    def on_game_board_move_chosen(self, message: GameBoard.MoveChosen) -> None:
        message.stop()
        if self.human_to_move:
            self.play(message.move)

    def why_not(self, action: str) -> str:
        """Why undo, redo or hint does nothing now."""
        seat = self.session.to_act
        if self.session.over:
            return "The game is over"
        if not self.human_to_move:
            return "Wait for your turn"
        if action == "redo":
            return "Nothing to redo"
        events = self.session.events
        moves = len(events)  # the chance events since the last move follow it
        while moves and "seat" not in events[moves - 1]:
            moves -= 1
        last = events[moves - 1] if moves else {}
        if last.get("seat") != seat or self.game.closes_turn(last):
            return "Nothing to undo yet this turn"
        if moves == len(events):
            return "Moves made before this game was loaded (Continue) cannot be undone"
        revealed = REVEALED.get(events[moves]["type"], "something new was revealed")
        return f"No undo past this point: {revealed} after your move"

    def play(self, move: Event) -> None:
        self._commit(lambda: self.session.play(move))

    def action_undo(self) -> None:
        if self.can("undo"):
            self._commit(self.session.undo)
        else:
            self.say(self.why_not("undo"))

    def action_redo(self) -> None:
        if self.can("redo"):
            self._commit(self.session.redo)
        else:
            self.say(self.why_not("redo"))

    def _commit(self, change: Callable[[], object]) -> None:
        """Change the session (it autosaves), then the table; a refused move or
        a failed save becomes a notification."""
        try:
            change()
        except IllegalEvent as error:
            self.notify(str(error), title="Move refused", severity="error", markup=False)
        except OSError as error:
            self._save_failed(error)
        self.refresh_table()

    def _save_failed(self, error: OSError) -> None:
        """Say why once per kind of failure; the status bar says what is unsaved until it is saved."""
        reason = printable(error)
        if reason != self._save_error_told:
            self._save_error_told = reason
            self.app.notify(f"The game could not be saved: {reason}", title="Save failed", severity="error", markup=False)
        self._set_status(self.board.status())

    def on_game_screen_save_reported(self, message: SaveReported) -> None:
        message.stop()
        error = self.session.save_error
        if error is None:
            self._save_error_told = None
            self._set_status(self.board.status())
        else:
            self._save_failed(error)

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        await self.run_action(event.button.id)

    def action_menu(self) -> None:
        from kobito_tui.app.screens.menu import MenuScreen

        self.app.push_screen(MenuScreen())

    # -- computers ---------------------------------------------------------
    def _bot(self, seat: int) -> Bot:
        if seat not in self._bots:
            level = self.header.seats[seat].level or DEFAULT_LEVEL
            self._bots[seat] = self._make_bot(level, self._bot_seed(seat))
        return self._bots[seat]

    def _bot_seed(self, offset: int) -> int | None:
        """Bots of a seeded game are reproducible; others draw from the OS (None)."""
        return None if self.header.seed is None else self.header.seed + offset

    def _make_bot(self, level: str, seed: int | None) -> Bot:
        """A bot of ``level``, or a random one (with a warning) if that level fails to load."""
        try:
            return make_bot(self.header.game, level, seed)
        except Exception as error:  # a broken bot must not end the game
            self.notify(f"The {level} computer is unavailable ({error}); a random one plays.", severity="warning", markup=False)
            return make_bot(self.header.game, "random", seed)

    def _ask(self, seat: int) -> tuple[Any, ...]:
        """What a bot in ``seat`` is given: never more than the seat may know."""
        history = [self.game.redact(event, seat) for event in self.session.events]
        return (self.game, self.header.public(), self.session.view(seat), self.session.legal_moves(), history)

    def _start_bot(self) -> None:
        if self._thinking == len(self.session.events):
            return
        self._thinking = len(self.session.events)
        seat = self.session.to_act
        self._think(self._bot(seat), self._ask(seat), self._thinking)

    @work(thread=True, group="bot", exit_on_error=False)
    def _think(self, bot: Bot, question: tuple[Any, ...], token: int) -> None:
        started = time.monotonic()
        move = bot.choose(*question)
        time.sleep(max(0.0, self.bot_delay - (time.monotonic() - started)))
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._bot_moved, move, token)

    def _bot_moved(self, move: Event, token: int) -> None:
        if token == len(self.session.events) and self.is_attached:
            self.play(move)

    def action_hint(self) -> None:
        if self.can("hint"):
            seat = self.session.to_act
            bot = self._make_bot("hard", self._bot_seed(0))
            self._hint(bot, self._ask(seat), len(self.session.events))
        else:
            self.say(self.why_not("hint"))

    @work(thread=True, group="hint", exit_on_error=False)
    def _hint(self, bot: Bot, question: tuple[Any, ...], token: int) -> None:
        move = bot.choose(*question)
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._hinted, move, token)

    def _hinted(self, move: Event, token: int) -> None:
        if token == len(self.session.events) and self.human_to_move:
            self.board.hint(move)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state != WorkerState.ERROR:
            return
        self.notify(f"The computer failed ({event.worker.error}).", title="Error", severity="error", markup=False)
        seat = self.session.to_act
        if event.worker.group == "bot" and seat is not None:  # a random player takes the seat over
            self._bots[seat] = make_bot(self.header.game, "random", self._bot_seed(seat))
            self._thinking = None
            self.refresh_table()

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
            self.app.push_screen(FinalScreen(self.session))
