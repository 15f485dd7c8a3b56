"""The app at home in a lobby: each SSH session's program, a client of a `kobito serve` hub.

The door runs it (:func:`run_remote`, as ``kobito remote --socket PATH`` does)
on the session's own pseudo-terminal, who the player is in its environment
(never in argv).  A guest (or a key whose user name is no name) is asked a
name first; then the lobby is home: create, join, watch, rejoin,
replays.  At a table the game screen plays on the :class:`RemoteTable`, and
leaving it comes back to the lobby.  Who is connected shows in notices ("Ann
is away") and in the table dialog (F4), where any seated player may give a
long-away seat to a computer.  At the end of a game, Rematch (the final
screen's Play again) waits for every player to accept, then each sits at
their own seat of the new table; a decline or the wait running out is said
(the finished table's news carries it all).  When the hub ends the connection (the server
stops) the app quits and the terminal says why, in one line.

Nothing is written on the server's machine for the player and no path of it
is shown: no screenshots, no saves of a replay branched here, and the
player's settings (tips, language) are their identity's, kept by the hub.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from concurrent.futures import CancelledError
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import Center, Middle, Vertical
from textual.driver import Driver
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Static

from kobito_tui.app import actions
from kobito_tui.app.main import KobitoApp
from kobito_tui.app.paced_driver import PacedDriver
from kobito_tui.app.screens.base import ShellDialog, ShellScreen
from kobito_tui.app.screens.final import FinalScreen
from kobito_tui.app.screens.lobby import LobbyScreen, game_title, pace_words, refused, seat_text
from kobito_tui.app.settings import Settings
from kobito_tui.app.widgets.bounded_input import BoundedInput
from kobito_tui.app.widgets.terminal_notice import ring
from kobito_tui.client import RemoteHost, turns
from kobito_tui.core.game import Header
from kobito_tui.core.levels import DEFAULT_LEVEL
from kobito_tui.core.safetext import NAME_MAX_CHARS, name_fault, printable
from kobito_tui.i18n import LANGUAGE_NAMES, LANGUAGES, Translator, resolve_language, translator
from kobito_tui.i18n.messages import say
from kobito_tui.i18n.words import name_problem as name_words
from kobito_tui.serve.client import (
    ENV_ADDRESS,
    ENV_DOOR,
    ENV_IDENTITY,
    ENV_NAME,
    NOT_ANSWERING,
    HubClosed,
    HubConnection,
    RemoteSubscription,
    RemoteTable,
)
from kobito_tui.serve.protocol import HUNG_UP, STOPPING, RatingChange, SeatInfo, TableInfo
from kobito_tui.table import Refusal, Update

if TYPE_CHECKING:
    from kobito_tui.app.shell import ShellApp

SEAT_CODE_SHOWN_S = 15  # how long the seat code stays over the log after sitting down (F4 shows it again)


class WelcomeScreen(ShellScreen):
    """What shows while the name is asked and the hub answers."""

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(self.t("K O B I T O  ·  online"), id="title-name")
        yield Static(self.t("Signing in…"), id="welcome-status", markup=False)


class NameDialog(ShellDialog):
    """A guest's name: checked as every player's name is, shown to others as plain text."""

    DEFAULT_CSS = """
    NameDialog { align: center middle; }
    NameDialog #name-box { width: 56; height: auto; border: round $accent; padding: 0 1; }
    NameDialog #name-error { height: auto; color: $error; }
    """

    def __init__(self, suggested: str, problem: str = "") -> None:
        super().__init__()
        self.suggested, self.problem = suggested, problem

    def compose(self) -> ComposeResult:
        with Vertical(id="name-box"):
            yield Static(self.t("Welcome! Your name at the tables (Enter):"), markup=False)
            yield BoundedInput(self.suggested, max_length=NAME_MAX_CHARS, compact=True, id="name")
            yield Static(self.problem, id="name-error", markup=False)

    def on_input_changed(self, event: Input.Changed) -> None:
        self.query_one("#name-error", Static).update(name_words(self.t, event.value.strip()) or "")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        name = event.value.strip()
        problem = name_words(self.t, name)
        if problem is None:
            self.dismiss(name)
        else:
            self.query_one("#name-error", Static).update(problem)


class LinkDialog(ShellDialog):
    """A one-time link to the web door that signs a browser in as this player (copied, where the terminal lets it)."""

    BINDINGS = actions.bindings(*actions.REPLAYS_DIALOG)
    DEFAULT_CSS = """
    LinkDialog { align: center middle; }
    LinkDialog #link-box { width: 90%; max-width: 100; height: auto; border: round $accent; padding: 0 1; }
    """

    def __init__(self, link: str) -> None:
        super().__init__()
        self.link = link

    def compose(self) -> ComposeResult:
        with Vertical(id="link-box"):
            yield Static(
                self.t("Open this link in a web browser to play there as you. It works once, within 7 days (Esc: back):"), markup=False
            )
            yield Static(printable(self.link, 300), id="link", markup=False)

    def on_mount(self) -> None:
        self.app.copy_to_clipboard(self.link)


class LanguageDialog(ShellDialog):
    """The language this player reads, each in its own words (↑/↓ or Tab, then Enter); kept for their key by the hub."""

    BINDINGS = actions.bindings(*actions.LANGUAGE_DIALOG)
    DEFAULT_CSS = """
    LanguageDialog { align: center middle; }
    LanguageDialog #language-box { width: 40; height: auto; border: round $accent; padding: 0 1; }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="language-box"):
            yield Static(self.t("Language"), markup=False)
            for lang in LANGUAGES:
                yield Button(LANGUAGE_NAMES[lang], id=f"lang-{lang}", compact=True)

    def on_mount(self) -> None:
        lang = self.t.lang
        self.query_one(f"#lang-{lang}" if lang in LANGUAGES else "Button", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(str(event.button.id).removeprefix("lang-"))


def stalls(info: TableInfo | None, seat: int, chair: SeatInfo) -> bool:
    """Whether ``seat`` holds the game up: turn-based, its time ran out; live, its player is away."""
    if info is not None and info.pace != "live":
        return info.overdue and seat == info.to_act
    return not chair.connected


def may_give_seats(remote: RemoteTable, info: TableInfo | None) -> bool:
    """Whether to offer giving an away player's seat to the computer: any player seated at the table may
    (the hub decides, after the seat has been away long enough)."""
    return info is not None and remote.seat is not None


class TableDialog(ShellDialog):
    """Who is at your table and who is connected; a player may give a long-away seat to a computer."""

    BINDINGS = actions.bindings(*actions.TABLE_DIALOG)
    DEFAULT_CSS = """
    TableDialog { align: center middle; }
    TableDialog #table-box { width: 64; height: auto; border: round $accent; padding: 0 1; }
    TableDialog Button { margin: 0 0 0 2; }
    TableDialog #table-said { height: auto; }
    """

    def __init__(self, remote: RemoteTable, info: TableInfo | None) -> None:
        super().__init__()
        self.remote, self.info = remote, info

    def compose(self) -> ComposeResult:
        remote, info = self.remote, self.info
        t = self.t
        with Vertical(id="table-box"):
            if remote.seat is None:
                yield Static(t("Table {table}: you are watching.", table=remote.table_id), markup=False)
            else:
                yield Static(t("Table {table}: you are in seat {seat}.", table=remote.table_id, seat=remote.seat + 1), markup=False)
            if remote.code:
                yield Static(t("Your seat code: {code} (join with it to come back).", code=remote.code), markup=False)
            if info is not None and info.pace != "live":
                yield Static(t("Pace: {pace}.", pace=pace_words(t, info.pace)), markup=False)
                if info.deadline is not None:
                    when = info.deadline.replace("T", " ").removesuffix("Z")[:16]
                    yield Static(t("The time of the seat to act runs out at {when} (UTC).", when=when), markup=False)
            held_up = False
            for seat, chair in enumerate(info.seats if info else []):
                state = "" if chair.kind != "player" else "  " + (t("connected") if chair.connected else t("away"))
                yield Static(Text(f"{seat + 1}. {seat_text(t, chair, away=False)}{state}"))
                if chair.kind == "player" and may_give_seats(remote, info) and stalls(info, seat, chair) and seat != remote.seat:
                    held_up = True
                    yield Button(t("Give seat {seat} to the computer", seat=seat + 1), id=f"give-{seat}", compact=True)
            if held_up and info is not None:
                voted = ", ".join(printable(info.seats[seat].name, NAME_MAX_CHARS) for seat in info.votes if seat < len(info.seats))
                if voted:
                    yield Static(t("Voted to end the game as it stands: {names}.", names=voted), markup=False)
                yield Button(t("Vote to end the game as it stands"), id="vote-end", compact=True)
            yield Static("", id="table-said", markup=False)
            yield Static(t("Esc: back"), markup=False)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "vote-end":
            self._vote()
        else:
            self._give(int(str(event.button.id).removeprefix("give-")))

    @work(thread=True, exclusive=True)
    def _vote(self) -> None:
        try:
            refusal = self.remote.connection.vote_to_end()
        except NOT_ANSWERING as error:
            refusal = Refusal("hub", {"error": str(error)})
        said = refused(self.t, refusal) if refusal else self.t("Your vote is in: the game ends once every other player votes.")
        self.app.call_from_thread(self.query_one("#table-said", Static).update, printable(said, 200))

    @work(thread=True, exclusive=True)
    def _give(self, seat: int) -> None:
        try:
            refusal = self.remote.connection.give_to_computer(seat, DEFAULT_LEVEL)
        except NOT_ANSWERING as error:
            refusal = Refusal("hub", {"error": str(error)})
        said = refused(self.t, refusal) if refusal else self.t("Seat {seat} is the computer's now.", seat=seat + 1)
        self.app.call_from_thread(self.query_one("#table-said", Static).update, printable(said, 200))


class WaitingScreen(ShellScreen):
    """A table of yours whose seats are not all taken yet: who is there, and your seat code."""

    BINDINGS = actions.bindings(*actions.WAITING_SCREEN)
    DEFAULT_CSS = "WaitingScreen #waiting { padding: 1 2; }"

    class Started(Message):
        """The first update came: the game has begun (posted from the reader thread)."""

    def __init__(self, remote: RemoteTable, info: TableInfo | None, started: Callable[[RemoteTable], object]) -> None:
        """``started``: the game has begun at ``remote``."""
        super().__init__()
        self.remote, self.info, self.started = remote, info, started
        self._subscription: RemoteSubscription | None = None

    def compose(self) -> ComposeResult:
        yield Static(self.text(), id="waiting")
        yield Footer()

    def on_mount(self) -> None:
        self._subscription = self.remote.subscribe(self.remote.perspective, self._started)
        self.show(self.info)  # the lobby may have said more between compose and now

    def _started(self, update: Update) -> None:
        self.post_message(self.Started())

    def text(self) -> Text:
        remote, info, t = self.remote, self.info, self.t
        if remote.seat is None:
            lines = [t("Table {table}: you watch. The game begins when every seat is taken.", table=remote.table_id)]
        else:
            lines = [
                t(
                    "Table {table}: you sit in seat {seat}. The game begins when every seat is taken.",
                    table=remote.table_id,
                    seat=remote.seat + 1,
                )
            ]
        if info is not None and info.pace != "live":  # nobody need wait here: each moves when they sign in
            lines.append(t("Pace: {pace}.", pace=pace_words(t, info.pace)))
        lines.append("")
        for seat, chair in enumerate(info.seats if info else []):
            lines.append(f"  {seat + 1}. {seat_text(t, chair)}")
        if remote.code:
            # Translators: r is the lobby's key for a seat code: keep the Latin letter.
            lines += [
                "",
                t(
                    "Your seat code is {code}: with it you can come back to this seat from another terminal (r in the lobby).",
                    code=remote.code,
                ),
            ]
        return Text("\n".join(lines))

    def show(self, info: TableInfo | None) -> None:
        """Who sits at the table now. The lobby's news can come before this screen is composed (on a busy
        machine), when there is nothing to update yet: compose and mount read ``info``."""
        self.info = info
        for box in self.query("#waiting").results(Static):
            box.update(self.text())

    def on_waiting_screen_started(self, message: Started) -> None:
        if self._subscription is not None:
            self._subscription.cancel()
            self._subscription = None
            self.started(self.remote)

    def on_unmount(self) -> None:
        if self._subscription is not None:
            self._subscription.cancel()


class LobbyHome:
    """The app's home on the hub at ``socket_path``, signed in as ``identity``: the lobby, and the table this terminal is at."""

    local_files = False  # no game starts from files here: the lobby is home
    cursor_blink = False  # a screen left alone draws nothing: the door can tell the player is idle

    def __init__(self, socket_path: Path, identity: str, name: str, saves_dir: Path, address: str = "", door: str = "ssh") -> None:
        self.socket_path, self.identity, self.player_name = socket_path, identity, name
        self.saves_dir = saves_dir  # the server's: only its crash log goes there
        self.address = address  # where the player came from (the door says): the hub limits per address
        self.door = door  # the door the player came in by: how they come back
        self.connection: HubConnection | None = None
        self.remote: RemoteTable | None = None  # the table this terminal sits at or watches
        self.seen: TableInfo | None = None  # that table as last told
        self.waiting: set[str] = set()  # the tables waiting for this player's move, as last told
        self.rematch_to = ""  # the rematch this terminal is on its way to (once its table is set)
        self._leaving = False  # the hub went: the app is quitting

    def attach(self, app: ShellApp) -> None:
        self.app = app

    def default_screen(self) -> Screen[Any]:
        return WelcomeScreen()

    def driver_class(self) -> type[Driver] | None:
        return PacedDriver  # a flood of keys waits in the terminal, not in this program's memory

    def mounted(self) -> None:
        if self.identity == "guest" or name_fault(self.player_name) is not None:
            self._ask_name(self.player_name if name_fault(self.player_name) is None else "")
        else:
            self.sign_in(self.player_name)

    def _ask_name(self, suggested: str, problem: str = "") -> None:
        self.app.push_screen(NameDialog(suggested, problem), self.sign_in)

    def sign_in(self, name: str | None) -> None:
        if name is not None:
            self.player_name = name
            self.app.run_worker(partial(self._connect, name), thread=True, exclusive=True, group="sign-in")

    def _connect(self, name: str) -> None:
        t = self.app.t
        try:
            connection = HubConnection(self.socket_path, self.identity, name, address=self.address)
        except HubClosed as error:
            if error.refusal is not None and error.refusal.id in ("name-taken", "name-seated"):  # another's name: choose one
                self.app.call_from_thread(self._ask_name, "", say(t, error.refusal))
            else:
                self.app.call_from_thread(self.hub_gone, str(error), error.refusal)
            return
        except NOT_ANSWERING as error:
            self.app.call_from_thread(self.hub_gone, t("the table server is not answering ({error})", error=printable(error)))
            return
        connection.on_close = lambda why: self._from_reader(self.hub_gone, why, connection.bye)
        self.app.call_from_thread(self._signed_in, connection)

    def _from_reader(self, callback: Callable[..., object], *args: object) -> None:
        try:
            self.app.call_from_thread(callback, *args)
        except (RuntimeError, CancelledError):  # the app is quitting
            pass

    def unmounted(self) -> None:
        """The app is done: so is its connection (the hub marks a player's seat away)."""
        if self.connection is not None:
            self.connection.on_close = None
            self.connection.close()

    def _lobby(self, connection: HubConnection) -> LobbyScreen:
        return LobbyScreen(connection, self.joined, self.news)

    def _signed_in(self, connection: HubConnection) -> None:
        self.connection = connection
        self.waiting = set(turns.waiting(connection.tables.values(), connection.name))  # said in the lobby's line
        kept = connection.settings.get("lang")
        if kept in LANGUAGES and kept != self.app.lang:  # chosen before, over SSH: it wins over the terminal's
            self.app.t = translator(kept)
        if connection.closed is None and not self._leaving:  # the hub may have gone meanwhile
            self.app.push_screen(self._lobby(connection))

    def hub_gone(self, why: str, bye: Refusal | None = None) -> None:
        """The connection ended: ``why`` is the hub's last word or the reason found here
        (English, but for the usual ones, and those the hub gave an id, in the player's words)."""
        self._leaving = True  # no screen is pushed any more: the app is on its way out
        t = self.app.t
        usual = {STOPPING: t("the server is stopping"), HUNG_UP: t("the table server closed the connection")}
        why = say(t, bye) if bye is not None else usual.get(why) or printable(why, 200)
        if bye is not None and bye.id == "seat-taken-by-code":
            self.remote = None  # the seat is not this terminal's any more: no "it stays yours"
        # Translators: the last line printed when the table server is gone; {reason} says why.
        self.app.exit_saying(1, [t("kobito: {reason}.", reason=why)])

    def quit(self) -> None:
        self.app.exit_saying(0, [])

    def last_words(self, lines: list[str]) -> list[str]:
        """A player leaving a game not over is told how to come back to their seat."""
        remote, t = self.remote, self.app.t
        if remote is None or remote.seat is None or remote.last is None or remote.last.over:
            return lines
        table = remote.table_id
        if self.identity == "guest" and remote.code:  # a guest over SSH is someone new at each sign-in: only the code finds the seat
            # Translators: printed once the app has quit; r is the lobby's key for a seat code: keep the Latin letter.
            again = t(
                "kobito: your seat at table {table} stays yours: ssh in again, then r and the seat code {code}.",
                table=table,
                code=remote.code,
            )
        elif not self._leaving:  # the hub stays, and brings this player (a key, a browser's cookie) back to the seat
            if self.door == "web":
                # Translators: printed in the web page once the app has quit.
                again = t("kobito: your seat at table {table} stays yours: reload the page and you are back at it.", table=table)
            else:
                # Translators: printed once the app has quit.
                again = t("kobito: your seat at table {table} stays yours: ssh in again and you are back at it.", table=table)
        else:  # the hub went: started again, it does not know where anyone sat
            # Translators: j and r are the lobby's keys (join, a seat by its code): keep the Latin letters.
            back = t("j at that table, or r and the seat code {code}", code=remote.code) if remote.code else t("j at that table")
            if self.door == "web":
                # Translators: printed in the web page once the app has quit; {back} says what to press in the lobby.
                again = t("kobito: your seat at table {table} stays yours: reload the page, then {back}.", table=table, back=back)
            else:
                # Translators: printed once the app has quit; {back} says what to press in the lobby.
                again = t("kobito: your seat at table {table} stays yours: ssh in again, then {back}.", table=table, back=back)
        return [*lines, again]

    def crash_words(self) -> list[str]:
        return []

    # -- at a table -----------------------------------------------------------
    def joined(self, remote: RemoteTable) -> None:
        """This terminal sits at (or watches) ``remote``."""
        self.remote = remote
        self.seen = None if self.connection is None else self.connection.tables.get(remote.table_id)
        self.open_table(remote)

    def open_table(self, remote: RemoteTable) -> None:
        """The game screen, playing on ``remote`` as its seat (or watching); until the
        game has begun, the waiting screen."""
        app = self.app
        if remote.last is None:
            screen: Screen[Any] = WaitingScreen(remote, self.seen, self.open_table)  # it shows the seat code too
        else:
            screen = app.game_screen_for(RemoteHost(remote, remote.last.header))
            if remote.code and remote.seat is not None:  # also after the waiting screen, which may have flashed by
                # Translators: r is the lobby's key for a seat code: keep the Latin letter.
                said = app.t(
                    "Your seat code is {code}: with it you can come back to this seat from another terminal (r in the lobby).",
                    code=remote.code,
                )
                app.notify(said, title=app.t.p("notification", "Table"), timeout=SEAT_CODE_SHOWN_S, markup=False)
        if isinstance(app.screen, WaitingScreen):
            app.switch_screen(screen)
        else:
            app.push_screen(screen)

    def to_title(self) -> None:
        """Back to the lobby, away from the table (a player's seat stays theirs: the hub keeps the game)."""
        while len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        remote, self.remote, self.seen = self.remote, None, None
        if remote is not None and self.connection is not None:
            remote.detach()
            self.app.run_worker(partial(self._leave, self.connection), thread=True, exclusive=True, group="leave")

    def home_words(self, t: Translator, *, short: bool = False, kept: bool = False, seated: bool = True) -> str:
        """The lobby; a player leaving a game is told their seat stays theirs (a spectator has none)."""
        # Translators: the game menu's way back to the lobby, for a player: the hub keeps their seat.
        return t("Lobby (your seat stays yours)") if kept and seated and not short else t("Lobby")

    def play_again(self, header: Header) -> None:
        """A player of a finished table accepts its rematch (it begins once every player has); a spectator is shown the way to a new table."""
        remote, connection = self.remote, self.connection
        if remote is not None and remote.seat is not None and connection is not None and self.rematch_open():
            self.app.run_worker(partial(self._accept_rematch, connection, remote.table_id), thread=True, group="rematch")
            return
        self.to_title()
        t = self.app.t
        # Translators: n is the lobby's key for a new table: keep the Latin letter.
        self.app.notify(t("n in the lobby sets a new table."), title=t("Play again"))

    def _accept_rematch(self, connection: HubConnection, table: str) -> None:
        try:
            answer = connection.rematch(table)
        except NOT_ANSWERING as error:
            answer = Refusal("hub", {"error": str(error)})
        if isinstance(answer, Refusal):
            self._from_reader(partial(self.app.notify, severity="warning", markup=False), refused(self.app.t, answer))
        elif answer is not None:
            self._from_reader(self._to_rematch, answer)

    def _rematched(self) -> TableInfo | None:
        """This terminal's finished table as last told, if its player played it."""
        remote, connection = self.remote, self.connection
        if remote is None or remote.seat is None or connection is None:
            return None
        info = connection.tables.get(remote.table_id)
        over = info is not None and (info.status == "over" or remote.last is not None and remote.last.over)  # the end may come first
        return info if over and info is not None and remote.seat < len(info.seats) else None

    def rating_changes(self) -> list[RatingChange] | None:
        """The rating changes of this terminal's finished table (from a thread: it waits on the network)."""
        remote, connection = self.remote, self.connection
        if remote is None or remote.seat is None or connection is None:
            return None
        try:
            changes = connection.rating_changes(remote.table_id)
        except NOT_ANSWERING:
            return None
        return None if isinstance(changes, Refusal) else changes

    def rematch_line(self, t: Translator) -> str | None:
        """How the rematch of this terminal's finished table stands (see :class:`~kobito_tui.app.screens.final.Rematches`)."""
        info, remote = self._rematched(), self.remote
        if info is None or remote is None:
            return None
        names = [printable(seat.name, NAME_MAX_CHARS) for seat in info.seats]
        if info.rematch_off == "timeout":
            return t("The rematch timed out.")
        if info.rematch_off:
            who = names[info.declined] if info.declined is not None and info.declined < len(names) else "?"
            return t("{name} declined the rematch.", name=who)
        if info.next:
            return t("The rematch begins…")
        humans = [i for i, seat in enumerate(info.seats) if seat.kind == "player"]
        if remote.seat in info.rematch:
            return t("Waiting for {names}…", names=", ".join(names[i] for i in humans if i not in info.rematch))
        if info.rematch:
            return t("Rematch proposed by {names}.", names=", ".join(names[i] for i in info.rematch if i < len(names)))
        return ""

    def rematch_open(self) -> bool:
        info, remote = self._rematched(), self.remote
        return info is not None and remote is not None and not info.rematch_off and not info.next and remote.seat not in info.rematch

    def _to_rematch(self, table: str) -> None:
        """Every player accepted: this terminal sits at its own seat of the rematch ``table``."""
        if self.rematch_to == table or self.connection is None:
            return
        self.rematch_to = table
        self.app.run_worker(partial(self._join_rematch, self.connection, table), thread=True, group="rematch")

    def _join_rematch(self, connection: HubConnection, table: str) -> None:
        try:
            joined = connection.join(table)
        except NOT_ANSWERING as error:
            joined = Refusal("hub", {"error": str(error)})
        self._from_reader(self._at_rematch, joined)

    def _at_rematch(self, joined: RemoteTable | Refusal) -> None:
        if isinstance(joined, Refusal):
            self.app.notify(refused(self.app.t, joined), severity="warning", markup=False)
            return
        while len(self.app.screen_stack) > 2:  # the finished game's screens; its table is left by the join
            self.app.pop_screen()
        if self.remote is not None:
            self.remote.detach()
        self.joined(joined)

    def _rematch_news(self, before: TableInfo | None, info: TableInfo) -> None:
        """The rematch of this terminal's finished table: begun (this player goes to it), or off (they are told;
        one who accepted goes back to the lobby); the final screen's line follows."""
        remote = self.remote
        if remote is None or remote.seat is None or info.status != "over":
            return
        if info.next and remote.seat in info.rematch:
            self._to_rematch(info.next)
        elif info.rematch_off and (before is None or not before.rematch_off):
            said = self.rematch_line(self.app.t) or ""
            self.app.notify(said, title=self.app.t("Rematch"), markup=False)
            if before is not None and remote.seat in before.rematch:
                self.to_title()
                return
        for screen in self.app.screen_stack:
            if isinstance(screen, FinalScreen):
                screen.rematch_changed()

    def _leave(self, connection: HubConnection) -> None:
        try:
            connection.leave()
        except NOT_ANSWERING:
            pass

    def news(self, info: TableInfo) -> None:
        """Say whose move a table waits for, and who went away or came back at this terminal's table."""
        self._your_move(info)
        before = self.seen
        if self.remote is None or info.table != self.remote.table_id:
            return
        self.seen = info
        for waiting in self.app.screen_stack:
            if isinstance(waiting, WaitingScreen):
                waiting.show(info)
        self._rematch_news(before, info)
        if self.remote is None:  # the rematch is off: back in the lobby
            return
        if before is None or len(before.seats) != len(info.seats):
            return
        t, notify = self.app.t, partial(self.app.notify, title=self.app.t.p("notification", "Table"), markup=False)
        for seat, (was, now) in enumerate(zip(before.seats, info.seats)):
            name = printable(now.name or was.name, NAME_MAX_CHARS)
            if seat == self.remote.seat or now.kind != "player" and was.kind != "player":
                continue
            if was.kind == "player" and now.kind == "computer":
                notify(t("{name}: the computer plays this seat now.", name=name))
            elif was.kind == "open" and now.kind == "player":
                notify(t("{name} sits down in seat {seat}.", name=name, seat=seat + 1))
            elif was.connected and not now.connected and may_give_seats(self.remote, info):
                notify(t("{name} is away. The table waits (F4: give the seat to the computer).", name=name))
            elif was.connected and not now.connected:
                notify(t("{name} is away. The table waits.", name=name))
            elif now.connected and not was.connected:
                notify(t("{name} is back.", name=name))

    def _your_move(self, info: TableInfo) -> None:
        """A table not on this screen has come to wait for your move: a toast, the bell and a desktop notice (unless
        the player turned them off)."""
        name = self.connection.name if self.connection is not None else self.player_name
        if not turns.waits_for(info, name):
            self.waiting.discard(info.table)
            return
        if info.table in self.waiting or self.remote is not None and self.remote.table_id == info.table:
            return
        self.waiting.add(info.table)
        t = self.app.t
        said = t("Your move at table {table} ({game}).", table=info.table, game=game_title(t, info.game))
        self.app.notify(said, title=t.p("notification", "Table"), markup=False)
        if self.settings().notify:
            ring(self.app, said)

    # -- the home's own actions ---------------------------------------------------
    def offers(self, action: str, screen: Screen[Any]) -> bool:
        """The lobby and replays anywhere; the table's dialog at a table; Language and (for a player
        with a key: a guest's way back is its seat code) the browser link in the lobby."""
        if action == "table":
            return self.remote is not None
        if action == "language":
            return isinstance(screen, LobbyScreen)
        if action == "web_link":
            return isinstance(screen, LobbyScreen) and not self.identity.startswith("guest")
        return action in ("lobby", "replays", "notify")

    def run(self, action: str) -> None:
        getattr(self, f"action_{action}")()

    def action_lobby(self) -> None:
        self.to_title()

    def action_notify(self) -> None:
        """The bell and desktop notices of a move waiting at another table: on or off."""
        chosen = replace(self.settings(), notify=not self.settings().notify)
        self.keep_settings(chosen)
        t = self.app.t
        said = t("Notifications are on.") if chosen.notify else t("Notifications are off.")
        self.app.notify(said, title=t("Notifications"), markup=False)

    def action_table(self) -> None:
        app = self.app
        if self.remote is None:
            app.notify(app.t("You are not at a table."), title=app.t.p("notification", "Table"))
        elif not isinstance(app.screen, TableDialog):
            info = self.connection.tables.get(self.remote.table_id) if self.connection else None
            app.push_screen(TableDialog(self.remote, info))

    def action_language(self) -> None:
        self.app.push_screen(LanguageDialog(), lambda lang: None if lang is None else self.app.choose_language(lang))

    def action_replays(self) -> None:
        """The replays of this player's finished tables (the final screen's way to them)."""
        self.to_title()
        if isinstance(self.app.screen, LobbyScreen):
            self.app.screen.action_replays()

    def action_web_link(self) -> None:
        self.app.run_worker(self._ask_link, thread=True, exclusive=True, group="link")

    def _ask_link(self) -> None:
        connection = self.connection
        if connection is None:
            return
        try:
            link = connection.web_link()
        except NOT_ANSWERING as error:
            link = Refusal("hub", {"error": str(error)})
        self.app.call_from_thread(self._link_made, link)

    def _link_made(self, link: str | Refusal) -> None:
        if isinstance(link, str):
            self.app.push_screen(LinkDialog(link))
        elif isinstance(self.app.screen, LobbyScreen):
            self.app.screen.say(refused(self.app.t, link))

    # -- the player's settings: their identity's, at the hub --------------------
    def settings(self) -> Settings:
        kept = self.connection.settings if self.connection is not None else {}
        defaults = Settings()
        guide, notify = kept.get("guide"), kept.get("notify")
        return Settings(
            guide=guide if isinstance(guide, bool) else defaults.guide, notify=notify if isinstance(notify, bool) else defaults.notify
        )

    def keep_settings(self, chosen: Settings) -> bool:
        self._keep({"guide": chosen.guide, "notify": chosen.notify})
        return True  # the hub answers later: a refusal is said then

    def keep_language(self, lang: str) -> None:
        """The lobby speaks it at once, and the hub keeps it for the player's key."""
        if isinstance(self.app.screen, LobbyScreen) and self.connection is not None:
            self.app.switch_screen(self._lobby(self.connection))  # composed again, in the new words
        self._keep({"lang": lang})

    def _keep(self, settings: dict[str, bool | str]) -> None:
        self.app.run_worker(partial(self._send_settings, settings), thread=True, group="settings")

    def _send_settings(self, settings: dict[str, bool | str]) -> None:
        if self.connection is None:
            return
        try:
            refusal = self.connection.set_settings(settings)
        except NOT_ANSWERING as error:
            refusal = Refusal("hub", {"error": str(error)})
        if refusal is not None:
            self._from_reader(partial(self.app.notify, severity="warning", markup=False), refused(self.app.t, refusal))


def lobby_app(
    socket_path: Path, identity: str, name: str, saves_dir: Path, lang: str = "en", address: str = "", door: str = "ssh"
) -> KobitoApp:
    """The app at home in the lobby of the hub at ``socket_path`` (see :class:`LobbyHome`)."""
    return KobitoApp(LobbyHome(socket_path, identity, name, saves_dir, address, door), lang=lang)


def run_remote(socket_path: Path, env: Mapping[str, str]) -> int:
    """Run the remote app until the player quits or the hub goes; the exit code.  Who the
    player is comes from ``env``, as the door sets it."""
    # The player's language is their terminal's (LANG, passed on by the door), never a choice
    # remembered in the server user's config folder, which every player shares.
    lang = resolve_language(None, env)
    identity, name = env.get(ENV_IDENTITY) or "guest", env.get(ENV_NAME, "")
    door = "web" if env.get(ENV_DOOR) == "web" else "ssh"
    app = lobby_app(socket_path, identity, name, Path(socket_path).parent / "sessions", lang, env.get(ENV_ADDRESS, ""), door)
    app.run()
    return app.return_code or 0
