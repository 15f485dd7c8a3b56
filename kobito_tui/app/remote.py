"""The app in remote mode: each SSH session's program, a client of a `kobito serve` hub.

The door runs it (:func:`run_remote`, as ``kobito remote --socket PATH`` does)
on the session's own pseudo-terminal, who the player is in its environment
(never in argv).  A guest (or a key whose user name is no name) is asked a
name first; then the lobby is home: create, join, watch, rejoin,
replays.  At a table the game screen plays on the :class:`RemoteTable`, and
leaving it comes back to the lobby.  Who is connected shows in notices ("Ann
is away") and in the table dialog (F4), where the creator may give a
long-away seat to a computer.  When the hub ends the connection (the server
stops) the app quits and the terminal says why, in one line.

Nothing is written on the server's machine for the player and no path of it
is shown: no screenshots, no saves of a replay branched here, and the
player's settings (tips, language) are their identity's, kept by the hub.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from concurrent.futures import CancelledError
from functools import partial
from pathlib import Path
from typing import Any, cast

from rich.text import Text
from textual import events, work
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
from kobito_tui.app.screens.lobby import LobbyScreen, refused, seat_text
from kobito_tui.app.settings import Settings
from kobito_tui.app.widgets.bounded_input import BoundedInput
from kobito_tui.client import RemoteHost
from kobito_tui.core.game import Header
from kobito_tui.core.levels import DEFAULT_LEVEL
from kobito_tui.core.safetext import NAME_MAX_CHARS, name_fault, printable
from kobito_tui.i18n import LANGUAGE_NAMES, LANGUAGES, resolve_language, translator
from kobito_tui.i18n.messages import say
from kobito_tui.i18n.words import name_problem as name_words
from kobito_tui.serve.client import (
    ENV_ADDRESS,
    ENV_DOOR,
    ENV_IDENTITY,
    ENV_NAME,
    NOT_ANSWERING,
    Connection,
    HubClosed,
    RemoteSubscription,
    RemoteTable,
)
from kobito_tui.serve.protocol import HUNG_UP, STOPPING, TableInfo
from kobito_tui.table import Refusal, Update

SEAT_CODE_SHOWN_S = 15  # how long the seat code stays over the log after sitting down (F4 shows it again)


class Welcome(ShellScreen):
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
    NameDialog #name-error { height: 1; color: $error; }
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
    """The language this player reads, each in its own words; kept for their key by the hub."""

    BINDINGS = actions.bindings(*actions.CODE_DIALOG)
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


def may_give_seats(remote: RemoteTable, info: TableInfo | None) -> bool:
    """Whether to offer giving an away player's seat to the computer: only the
    table's creator may (the hub decides; here, the one seated under its name)."""
    seat = remote.seat
    return info is not None and seat is not None and seat < len(info.seats) and info.seats[seat].name == info.creator


class TableDialog(ShellDialog):
    """Who is at your table and who is connected; the creator may give a long-away seat to a computer."""

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
            for seat, chair in enumerate(info.seats if info else []):
                state = "" if chair.kind != "player" else "  " + (t("connected") if chair.connected else t("away"))
                yield Static(Text(f"{seat + 1}. {seat_text(t, chair, away=False)}{state}"))
                if chair.kind == "player" and not chair.connected and may_give_seats(remote, info):
                    yield Button(t("Give seat {seat} to the computer", seat=seat + 1), id=f"give-{seat}", compact=True)
            yield Static("", id="table-said", markup=False)
            yield Static(t("Esc: back"), markup=False)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self._give(int(str(event.button.id).removeprefix("give-")))

    @work(thread=True, exclusive=True)
    def _give(self, seat: int) -> None:
        try:
            refusal = self.remote.connection.give_to_computer(seat, DEFAULT_LEVEL)
        except NOT_ANSWERING as error:
            refusal = Refusal("hub", {"error": str(error)})
        said = refused(self.app, refusal) if refusal else self.t("Seat {seat} is the computer's now.", seat=seat + 1)
        self.app.call_from_thread(self.query_one("#table-said", Static).update, printable(said, 200))


class WaitingScreen(ShellScreen):
    """A table of yours whose seats are not all taken yet: who is there, and your seat code."""

    BINDINGS = actions.bindings(*actions.WAITING_SCREEN)
    DEFAULT_CSS = "WaitingScreen #waiting { padding: 1 2; }"

    class Started(Message):
        """The first update came: the game has begun (posted from the reader thread)."""

    def __init__(self, remote: RemoteTable, info: TableInfo | None) -> None:
        super().__init__()
        self.remote, self.info = remote, info
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
            cast(RemoteApp, self.app).open_table(self.remote)

    def on_unmount(self) -> None:
        if self._subscription is not None:
            self._subscription.cancel()


class RemoteApp(KobitoApp):
    """The Kobito app as a client of the hub at ``socket_path``, signed in as ``identity``."""

    BINDINGS = actions.bindings(*actions.REMOTE_APP)
    local_files = False  # no game starts from files here: the lobby is home
    PALETTE = (
        *(actions.LOBBY if a is actions.TO_TITLE else a for a in KobitoApp.PALETTE),
        actions.TABLE,
        actions.LANGUAGE,
        actions.WEB_LINK,
    )

    def __init__(
        self, socket_path: Path, identity: str, name: str, saves_dir: Path, lang: str = "en", address: str = "", door: str = "ssh"
    ) -> None:
        super().__init__(saves_dir, lang=lang)
        self.socket_path, self.identity, self.player_name = socket_path, identity, name
        self.address = address  # where the player came from (the door says): the hub limits per address
        self.door = door  # the door the player came in by: how they come back
        self.connection: Connection | None = None
        self.remote: RemoteTable | None = None  # the table this terminal sits at or watches
        self.seen: TableInfo | None = None  # that table as last told
        self._leaving = False  # the hub went: the app is quitting

    def get_default_screen(self) -> Screen[Any]:
        return Welcome()

    def get_driver_class(self) -> type[Driver]:
        return PacedDriver  # a flood of keys waits in the terminal, not in this program's memory

    def on_mount(self) -> None:
        super().on_mount()
        if self.identity == "guest" or name_fault(self.player_name) is not None:
            self._ask_name(self.player_name if name_fault(self.player_name) is None else "")
        else:
            self.sign_in(self.player_name)

    def _ask_name(self, suggested: str, problem: str = "") -> None:
        self.push_screen(NameDialog(suggested, problem), self._named)

    def _named(self, name: str | None) -> None:
        self.sign_in(name)

    @work(thread=True, exclusive=True)
    def sign_in(self, name: str | None) -> None:
        if name is None:
            return
        self.player_name = name
        try:
            connection = Connection(self.socket_path, self.identity, name, address=self.address)
        except HubClosed as error:
            if error.refusal is not None and error.refusal.id == "name-taken":  # another key's name: choose one
                self.call_from_thread(self._ask_name, "", say(self.t, error.refusal))
            else:
                self.call_from_thread(self.hub_gone, str(error), error.refusal)
            return
        except NOT_ANSWERING as error:
            self.call_from_thread(self.hub_gone, self.t("the table server is not answering ({error})", error=printable(error)))
            return
        connection.on_close = lambda why: self._from_reader(self.hub_gone, why, connection.bye)
        self.call_from_thread(self._signed_in, connection)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """No blinking cursor: a screen left alone draws nothing, so the door can tell the player is idle."""
        if isinstance(event.widget, Input):
            event.widget.cursor_blink = False

    def _from_reader(self, callback: Callable[..., object], *args: object) -> None:
        try:
            self.call_from_thread(callback, *args)
        except (RuntimeError, CancelledError):  # the app is quitting
            pass

    def on_unmount(self) -> None:
        """The app is done: so is its connection (the hub marks a player's seat away)."""
        if self.connection is not None:
            self.connection.on_close = None
            self.connection.close()

    def _signed_in(self, connection: Connection) -> None:
        self.connection = connection
        kept = connection.settings.get("lang")
        if kept in LANGUAGES and kept != self.lang:  # chosen before, over SSH: it wins over the terminal's
            self.t = translator(kept)
        if connection.closed is None and not self._leaving:  # the hub may have gone meanwhile
            self.push_screen(LobbyScreen(connection))

    def hub_gone(self, why: str, bye: Refusal | None = None) -> None:
        """The connection ended: ``why`` is the hub's last word or the reason found here
        (English, but for the usual ones, and those the hub gave an id, in the player's words)."""
        self._leaving = True  # no screen is pushed any more: the app is on its way out
        t = self.t
        usual = {STOPPING: t("the server is stopping"), HUNG_UP: t("the table server closed the connection")}
        why = say(t, bye) if bye is not None else usual.get(why) or printable(why, 200)
        if bye is not None and bye.id == "seat-taken-by-code":
            self.remote = None  # the seat is not this terminal's any more: no "it stays yours"
        # Translators: the last line printed when the table server is gone; {reason} says why.
        self._exit_saying(1, [t("kobito: {reason}.", reason=why)])

    def _exit_saying(self, code: int, lines: list[str]) -> None:
        remote, t = self.remote, self.t
        if remote is not None and remote.seat is not None and remote.last is not None and not remote.last.over:
            # Translators: j and r are the lobby's keys (join, a seat by its code): keep the Latin letters.
            if self.identity == "guest" and remote.code:  # a guest is someone new at each sign-in: only the code finds the seat
                back = t("r at that table and the seat code {code}", code=remote.code)
            elif remote.code:
                back = t("j at that table, or r and the seat code {code}", code=remote.code)
            else:
                back = t("j at that table")
            if self.door == "web":
                # Translators: printed in the web page once the app has quit; {back} says what to press in the lobby.
                again = t("kobito: your seat at table {table} stays yours: reload the page, then {back}.", table=remote.table_id, back=back)
            else:
                # Translators: printed once the app has quit; {back} says what to press in the lobby.
                again = t("kobito: your seat at table {table} stays yours: ssh in again, then {back}.", table=remote.table_id, back=back)
            lines = [*lines, again]
        super()._exit_saying(code, lines)

    # -- at a table -----------------------------------------------------------
    def on_lobby_screen_joined(self, message: LobbyScreen.Joined) -> None:
        self.remote = message.remote
        self.seen = None if self.connection is None else self.connection.tables.get(message.remote.table_id)
        self.open_table(message.remote)

    def open_table(self, remote: RemoteTable) -> None:
        """The game screen, playing on ``remote`` as its seat (or watching); until the
        game has begun, the waiting screen."""
        if remote.last is None:
            screen: Screen[Any] = WaitingScreen(remote, self.seen)  # it shows the seat code too
        else:
            screen = self.game_screen_for(RemoteHost(remote, remote.last.header))
            if remote.code and remote.seat is not None:  # also after the waiting screen, which may have flashed by
                # Translators: r is the lobby's key for a seat code: keep the Latin letter.
                said = self.t(
                    "Your seat code is {code}: with it you can come back to this seat from another terminal (r in the lobby).",
                    code=remote.code,
                )
                self.notify(said, title=self.t.p("notification", "Table"), timeout=SEAT_CODE_SHOWN_S, markup=False)
        if isinstance(self.screen, WaitingScreen):
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def to_title(self) -> None:
        """Back to the lobby, away from the table (a player's seat stays theirs: the hub keeps the game)."""
        while len(self.screen_stack) > 2:
            self.pop_screen()
        remote, self.remote, self.seen = self.remote, None, None
        if remote is not None and self.connection is not None:
            remote.detach()
            self._leave(self.connection)

    action_lobby = action_to_title = to_title

    def play_again(self, header: Header) -> None:
        self.to_title()
        # Translators: n is the lobby's key for a new table: keep the Latin letter.
        self.notify(self.t("n in the lobby sets a new table."), title=self.t("Play again"))

    @work(thread=True, exclusive=True, group="leave")
    def _leave(self, connection: Connection) -> None:
        try:
            connection.leave()
        except NOT_ANSWERING:
            pass

    def on_lobby_screen_changed(self, message: LobbyScreen.Changed) -> None:
        """Say who went away or came back at this terminal's table."""
        info, before = message.info, self.seen
        if self.remote is None or info.table != self.remote.table_id:
            return
        self.seen = info
        waiting = next((s for s in self.screen_stack if isinstance(s, WaitingScreen)), None)
        if waiting is not None:
            waiting.show(info)
        if before is None or len(before.seats) != len(info.seats):
            return
        for seat, (was, now) in enumerate(zip(before.seats, info.seats)):
            name = printable(now.name or was.name, NAME_MAX_CHARS)
            if seat == self.remote.seat or now.kind != "player" and was.kind != "player":
                continue
            t, title = self.t, self.t.p("notification", "Table")
            if was.kind == "player" and now.kind == "computer":
                self.notify(t("{name}: the computer plays this seat now.", name=name), title=title, markup=False)
            elif was.kind == "open" and now.kind == "player":
                self.notify(t("{name} sits down in seat {seat}.", name=name, seat=seat + 1), title=title, markup=False)
            elif was.connected and not now.connected and may_give_seats(self.remote, info):
                self.notify(t("{name} is away. The table waits (F4: give the seat to the computer).", name=name), title=title, markup=False)
            elif was.connected and not now.connected:
                self.notify(t("{name} is away. The table waits.", name=name), title=title, markup=False)
            elif now.connected and not was.connected:
                self.notify(t("{name} is back.", name=name), title=title, markup=False)

    def action_table(self) -> None:
        if self.remote is None:
            self.notify(self.t("You are not at a table."), title=self.t.p("notification", "Table"))
        elif not isinstance(self.screen, TableDialog):
            info = self.connection.tables.get(self.remote.table_id) if self.connection else None
            self.push_screen(TableDialog(self.remote, info))

    # -- the player's settings: their identity's, at the hub --------------------
    def settings(self) -> Settings:
        kept = self.connection.settings.get("guide") if self.connection is not None else None
        return Settings(guide=kept if isinstance(kept, bool) else Settings().guide)

    def keep_settings(self, chosen: Settings) -> bool:
        self._keep({"guide": chosen.guide})
        return True  # the hub answers later: a refusal is said then

    def choose_language(self, lang: str) -> None:
        """The player chose ``lang``: the lobby speaks it at once, and the hub keeps it for their key."""
        self.t = translator(lang)
        if isinstance(self.screen, LobbyScreen) and self.connection is not None:
            self.switch_screen(LobbyScreen(self.connection))  # composed again, in the new words
        self._keep({"lang": lang})

    def action_language(self) -> None:
        if isinstance(self.screen, LobbyScreen):
            self.push_screen(LanguageDialog(), lambda lang: None if lang is None else self.choose_language(lang))

    @work(thread=True, group="settings")
    def _keep(self, settings: dict[str, bool | str]) -> None:
        if self.connection is None:
            return
        try:
            refusal = self.connection.set_settings(settings)
        except NOT_ANSWERING as error:
            refusal = Refusal("hub", {"error": str(error)})
        if refusal is not None:
            self._from_reader(partial(self.notify, severity="warning", markup=False), refused(self, refusal))

    # -- what the local app does that a remote one must not ---------------------
    def deliver_text(self, *args: object, **kwargs: object) -> str | None:
        """No file is delivered (a screenshot is one): it would be written on the server's machine."""
        return None

    deliver_binary = deliver_text

    def action_replays(self) -> None:
        """The replays of this player's finished tables (the final screen's way to them)."""
        self.to_title()
        if isinstance(self.screen, LobbyScreen):
            self.screen.action_replays()

    def action_web_link(self) -> None:
        self._ask_link()

    @work(thread=True, exclusive=True, group="link")
    def _ask_link(self) -> None:
        connection = self.connection
        if connection is None:
            return
        try:
            link = connection.web_link()
        except NOT_ANSWERING as error:
            link = Refusal("hub", {"error": str(error)})
        self.call_from_thread(self._link_made, link)

    def _link_made(self, link: str | Refusal) -> None:
        if isinstance(link, str):
            self.push_screen(LinkDialog(link))
        elif isinstance(self.screen, LobbyScreen):
            self.screen.say(refused(self, link))

    def offers(self, action: str, screen: Screen[Any]) -> bool:
        """The palette's Table at a table; Language and (for a player with a key: a guest's way
        back is its seat code) the browser link in the lobby."""
        if action == actions.TABLE.action:
            return self.remote is not None
        if action == actions.LANGUAGE.action:
            return isinstance(screen, LobbyScreen)
        if action == actions.WEB_LINK.action:
            return isinstance(screen, LobbyScreen) and not self.identity.startswith("guest")
        return super().offers(action, screen)


def run_remote(socket_path: Path, env: Mapping[str, str]) -> int:
    """Run the remote app until the player quits or the hub goes; the exit code.  Who the
    player is comes from ``env``, as the door sets it."""
    # The player's language is their terminal's (LANG, passed on by the door), never a choice
    # remembered in the server user's config folder, which every player shares.
    lang = resolve_language(None, env)
    identity, name = env.get(ENV_IDENTITY) or "guest", env.get(ENV_NAME, "")
    door = "web" if env.get(ENV_DOOR) == "web" else "ssh"
    app = RemoteApp(socket_path, identity, name, Path(socket_path).parent / "sessions", lang, env.get(ENV_ADDRESS, ""), door)
    app.run()
    return app.return_code or 0
