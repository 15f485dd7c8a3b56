"""The game screen's side parts: its buttons, its log in a perspective's words with the
first-game guide's tips, and its status line.  Each renders what the game client knows;
none decides anything about the rules."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Grid
from textual.content import Content
from textual.events import Resize
from textual.message import Message
from textual.widgets import Button, Static

from kobito_tui.app import actions
from kobito_tui.app.board import GameBoard
from kobito_tui.app.log_panel import LOG_LINES, LogPanel
from kobito_tui.app.screens.base import ShellScreen
from kobito_tui.app.screens.unsaved import failing
from kobito_tui.app.widgets.workarounds import GameFooter
from kobito_tui.app.words import entry_words, result_words
from kobito_tui.client import HINT, REDO, UNDO, GameClient, LocalHost
from kobito_tui.core.game import Header
from kobito_tui.core.safetext import printable
from kobito_tui.i18n import Translator
from kobito_tui.i18n.seats import Seats, reader_of
from kobito_tui.table import History, LogEntry, Perspective, SeatPerspective, Update

if TYPE_CHECKING:
    from kobito_tui.app.shell import ShellApp

PALETTE_WIDTH = 120  # from this width on the footer also shows ^p palette
BUTTONS = (actions.UNDO, actions.REDO, actions.HINT, actions.MENU)
CONTROLS = (UNDO, REDO, HINT)  # the buttons that are not always available
TIP_STYLE = "italic"
TIPS_AT_ONCE = 2


def translator_of(node: Grid | GameLog | StatusLine) -> Translator:
    """The translator of the app ``node`` is in (this client's language)."""
    return cast("ShellApp", node.app).t


def watching_others(client: GameClient) -> bool:
    """The terminal watches a table not its own (a hub's, with no seat here): nothing of the game is theirs.
    A game hosted here is always the player's own, even played by computers only."""
    return client.spectating and not isinstance(client.host, LocalHost)


class Controls(Grid):
    """Undo, Redo, Hint and Menu above the log, with their keys (a spectator: Menu only)."""

    def __init__(self, spectating: bool) -> None:
        super().__init__(id="controls")
        self.spectating = spectating

    def compose(self) -> ComposeResult:
        t = translator_of(self)
        # Translators: the buttons above the log, after their key ("u Undo"): about 7 letters fit at 80 columns.
        words = {"undo": t.p("button", "Undo"), "redo": t.p("button", "Redo"), "hint": t.p("button", "Hint"),
                 "menu": t.p("button", "Menu")}  # fmt: skip  # aligned by hand with its opening bracket
        for action in BUTTONS:
            if not (self.spectating and action.action in actions.SEAT_ONLY):
                button = Button(Content.assemble((action.key, "bold"), " ", words[action.action]), id=action.action, compact=True)
                button.can_focus = False  # a click must not take the keys from the board
                yield button

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        """A click runs the screen's action of that name (the keys' too)."""
        event.stop()
        await self.screen.run_action(str(event.button.id))

    def show(self, client: GameClient) -> None:
        """What is available now: the footer keeps its keys (rebuilding it on every move is slow)."""
        for ident in () if self.spectating else CONTROLS:
            self.query_one(f"#{ident}", Button).disabled = not client.may(ident)


class GameLog(LogPanel):
    """The log as one perspective's player reads it ("you"), and the guide's tips for each seat."""

    def __init__(self, header: Header) -> None:
        super().__init__(id="log")
        self.header = header
        self.perspective: Perspective | None = None  # whose log it shows
        self._tips: dict[int | None, set[object]] = {}  # per seat (hot seat): the tips it was given
        self.tipped: int | None = None  # the revision when tips were last written

    def words(self, perspective: Perspective, entry: LogEntry) -> str:
        seat = perspective.seat if isinstance(perspective, SeatPerspective) else None
        return entry_words(translator_of(self), entry, self.header.seats, reader_of(self.header.seats, seat))

    def show(self, perspective: Perspective, history: History) -> None:
        """Another seat's eyes: its own log (and tips)."""
        if perspective != self.perspective:
            self.perspective, self.tipped = perspective, None
            self.reset([self.words(perspective, entry) for entry in history.log[-LOG_LINES:]])

    def take(self, update: Update) -> None:
        """The lines ``update`` adds, if it is the perspective shown."""
        t = translator_of(self)
        if update.perspective == self.perspective:
            for entry in update.taken_back:
                # Translators: a log line that an undo took back follows the colon.
                self.add(t("↶ Taken back: {line}", line=self.words(update.perspective, entry)))
            for entry in update.log:
                self.add(self.words(update.perspective, entry))

    def tip(self, seat: int | None, revision: int, tips: Iterable[tuple[object, str]]) -> None:
        """New tips for a new position (a few at a time, the most urgent first)."""
        if self.tipped == revision:
            return
        self.tipped = revision
        given, t = self._tips.setdefault(seat, set()), translator_of(self)
        for key, said in [(key, said) for key, said in tips if key not in given][:TIPS_AT_ONCE]:
            given.add(key)
            self.add(Text(t("Tip: {tip}", tip=said), style=TIP_STYLE))


class StatusLine(Static):
    """One line: whose turn, or what the rules need of the seat at the keys (a spectator of another's
    table reads first that they are watching); and while the autosave fails, what is unsaved (each kind of failure
    also told once, as a notification)."""

    class SaveReported(Message):
        """The autosave failed, or wrote again after failing (posted from its thread)."""

    def __init__(self, client: GameClient) -> None:
        super().__init__("", id="status", markup=False)
        self.client = client
        self.words: str | None = None
        self._shown: tuple[Seats, str] | None = None  # what :meth:`show` was last given
        self._told: str | None = None  # the reason of the save failure notified

    def show(self, who: Seats, text: str) -> None:
        """Say whose turn it is, or ``text`` (the board's: what the rules need now)."""
        self._shown = who, text
        t, client, session = translator_of(self), self.client, self.client.host.session
        update, seats, shown = client.latest, client.seats, client.seat
        seat = None if update is None else update.to_act
        name = None if seat is None else who.name(seat)
        if update is not None and update.over:
            text = result_words(t, update.result, who)
        elif seat is not None and client.header.seats[seat].is_bot:
            text = t("{name} is thinking…", name=name)
        elif seat is not None and (seat != shown or seat not in seats):
            text = t("{name} to play", name=name)
        elif seat is not None and len(seats) > 1:  # hot seat: whose keys these are
            # Translators: in a hot-seat game, whose keys these are, then what the rules need now.
            named = t("{name}: {status}", name=name, status=text) if text else t("{name} to play", name=name)
            text = named if len(named) <= self.content_size.width else text
        elif not text and not client.spectating:
            text = t("Your move")
        if watching_others(client):  # no seat at another's table: the line says so before whose turn it is
            # Translators: a spectator's status line: they watch (they have no seat), then what it says otherwise.
            text = t("You are watching · {status}", status=text) if text else t("You are watching")
        if session is not None and session.save_error is not None:
            # Translators: the save is failing, then what the status line says otherwise.
            text = t("{failing} · {status}", failing=failing(t, session), status=text)
        self.say(text)

    def say(self, text: str) -> None:
        """``text`` on the line (why a key did nothing: until the next change)."""
        if text != self.words:  # the same words again need no repaint
            self.words = text
            self.update(text, layout=False)  # one fixed line

    def on_status_line_save_reported(self, message: SaveReported) -> None:
        message.stop()
        session = self.client.host.session
        self.save_reported(None if session is None else session.save_error)

    def save_reported(self, error: OSError | None) -> None:
        """Say why once per kind of failure; the line says what is unsaved until it is saved."""
        reason, t = None if error is None else printable(error), translator_of(self)
        if reason is not None and reason != self._told:
            said, title = t("The game could not be saved: {reason}", reason=reason), t("Save failed")
            self.app.notify(said, title=title, severity="error", markup=False)
        self._told = reason
        if self._shown is not None:
            self.show(*self._shown)


class BoardKeys(ShellScreen):
    """A screen whose board takes every key: below :data:`PALETTE_WIDTH` the footer leaves out
    the palette key, so the board's keys have the room, and the focus always comes back to the board."""

    board: GameBoard

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
