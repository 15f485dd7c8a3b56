"""The lobby of a `kobito serve` hub: open tables, create one, join, watch, rejoin, replays.

The screen talks to the hub through a :class:`kobito_tui.serve.client.HubConnection`;
requests run in worker threads so a slow hub never freezes the keys, and the
hub's pushes (a table created, a seat taken, a player away) redraw the list and
are told to ``news``.  Names come from other people: they are shown as plain text,
made printable.  Sitting down (or watching) gives the :class:`RemoteTable` to
``joined``; a finished table of yours opens in the replay viewer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, DataTable, Footer, Input, Label, Select, Static

from kobito_tui.app import actions
from kobito_tui.app.replay import ReplayScreen
from kobito_tui.app.screens.base import ShellDialog, ShellScreen
from kobito_tui.app.screens.new_game import NewGameScreen
from kobito_tui.app.widgets.bounded_input import BoundedInput
from kobito_tui.client.turns import waiting, waits_for
from kobito_tui.core.game import Header
from kobito_tui.core.levels import chosen, seat_choice
from kobito_tui.core.safetext import NAME_MAX_CHARS, printable
from kobito_tui.games import game_ids
from kobito_tui.i18n import Translator
from kobito_tui.i18n.messages import say
from kobito_tui.i18n.words import game_title as titled
from kobito_tui.i18n.words import level_name, seat_kinds
from kobito_tui.serve.client import NOT_ANSWERING, HubAnalyses, HubConnection, RemoteTable
from kobito_tui.serve.pace import PACES
from kobito_tui.serve.protocol import SeatInfo, TableInfo
from kobito_tui.serve.seatcode import MAX_CODE_CHARS
from kobito_tui.serve.store_api import ENDED
from kobito_tui.table import Refusal


def refused(t: Translator, refusal: Refusal) -> str:
    """Why the hub said no, in the player's language."""
    return t("Refused: {reason}", reason=say(t, refusal))


def seat_text(t: Translator, seat: SeatInfo, away: bool = True) -> str:
    """A seat as the lobby lists it: open, a computer, a player who left (a computer plays on for them),
    an absent player a computer stands in for, or a player (away, when ``away``)."""
    if seat.kind == "open":
        return t("(open)")
    name = printable(seat.name, NAME_MAX_CHARS)
    if seat.left:
        return t("{name} (left)", name=name)
    if seat.kind == "computer" and seat.name:
        return t("{name} (computer for now)", name=name)
    if seat.kind == "computer":
        return t("computer ({level})", level=level_name(t, seat.level))
    return name if seat.connected or not away else t("{name} (away)", name=name)


def status_words(t: Translator, status: str) -> str:
    """A table's status ("open", "playing") in the player's words."""
    words = {"open": t.p("table", "open"), "playing": t.p("table", "playing"), "over": t.p("table", "over"),
             "unfinished": t.p("table", "unfinished")}  # fmt: skip  # aligned by hand with its opening bracket
    return words.get(status, printable(status, 20))


def pace_words(t: Translator, pace: str) -> str:
    """A table's pace in the player's words: live, or the time a move may take ("1 day a move")."""
    words = {"live": t.p("pace", "live"), "1h": t("1 hour a move"), "12h": t("12 hours a move"), "1d": t("1 day a move"),
             "3d": t("3 days a move")}  # fmt: skip  # aligned by hand with its opening bracket
    return words.get(pace, printable(pace, 8))


def row_status(t: Translator, info: TableInfo, mine: bool) -> str:
    """A lobby row's status: "your move" first, then the status, and a turn-based table's time a move, short."""
    said = t("your move") if mine else status_words(t, info.status)
    short = {"1h": t.p("pace", "1 h"), "12h": t.p("pace", "12 h"), "1d": t.p("pace", "1 day"), "3d": t.p("pace", "3 days")}
    return said if info.pace == "live" else f"{said} · {short.get(info.pace, printable(info.pace, 8))}"


def game_title(t: Translator, game_id: str) -> str:
    return titled(t, game_id) if game_id in game_ids() else printable(game_id, 20)


def seats_wanted(header: Header) -> list[str]:
    """The hub's seats for a new-game form's answer: a human seat is open, a computer keeps its level."""
    return [seat.level or "medium" if seat.is_bot else "open" for seat in header.seats]


class TableForm(NewGameScreen):
    """The new-game form as a new table's: each seat open or a computer level, rule options, the pace
    (live, or turn-based: :attr:`pace`); no names, no seed."""

    DEFAULT_CSS = "TableForm .seat-name { display: none; }"
    pace = "live"

    def on_mount(self) -> None:
        self.query_one(".dialog-title", Static).update(self.t("New table"))
        self.query_one("#start", Button).label = self.t("Create")
        seed_row = self.query_one("#seed", Input).parent
        assert seed_row is not None
        seed_row.display = False  # the hub deals from the OS
        for kind in self.query(".seat-row Select").results(Select):
            value = kind.value
            kind.set_options([*(choice for choice in seat_kinds(self.t) if chosen(choice[1])[1]), (self.t("Open seat"), seat_choice())])
            kind.value = value  # after the set_options, so that the label shown follows

    def more_rows(self) -> ComposeResult:
        t = self.t
        with Horizontal(classes="form-row"):
            # Translators: a table's pace: live (everyone there together), or turn-based with a time a move.
            yield Label(t("Pace"), classes="form-label")
            yield Select([(pace_words(t, pace), pace) for pace in PACES], value="live", allow_blank=False, compact=True, id="pace")

    @on(Select.Changed, "#pace")
    def _on_pace(self, event: Select.Changed) -> None:
        self.pace = str(event.value)


class CodeDialog(ShellDialog):
    """Ask the seat code that gives a seat back."""

    BINDINGS = actions.bindings(*actions.CODE_DIALOG)
    DEFAULT_CSS = (
        "CodeDialog { align: center middle; } CodeDialog #code-box { width: 60; height: auto; border: round $accent; padding: 0 1; }"
    )

    def compose(self) -> ComposeResult:
        with Vertical(id="code-box"):
            yield Static(self.t("Your seat code (it was shown when you sat down):"), markup=False)
            yield BoundedInput(placeholder=self.t("six words, like apple-river-stone-…"), max_length=MAX_CODE_CHARS, id="code")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)


class ReplaysDialog(ShellDialog):
    """The finished tables you played at; Enter opens one in the replay viewer."""

    BINDINGS = actions.bindings(*actions.REPLAYS_DIALOG)
    DEFAULT_CSS = "ReplaysDialog { align: center middle; } ReplaysDialog DataTable { width: 76; height: auto; max-height: 18; border: round $accent; }"

    def __init__(self, tables: list[TableInfo]) -> None:
        super().__init__()
        self.tables = tables

    def compose(self) -> ComposeResult:
        grid: DataTable[Text] = DataTable(cursor_type="row", id="replays")
        t = self.t
        grid.add_columns(t.p("column", "table"), t.p("column", "game"), t.p("column", "players"), t.p("column", "started"))
        for info in self.tables:
            players = ", ".join(seat_text(t, s, away=False) for s in info.seats)
            started = (info.started or "")[:16].replace("T", " ")
            grid.add_row(*(Text(c) for c in (info.table, game_title(t, info.game), players, started)), key=info.table)
        yield grid

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.dismiss(event.row_key.value)


class LobbyScreen(ShellScreen):
    """Every table of the hub but the finished ones; Enter or ``j`` joins the highlighted one."""

    DEFAULT_CSS = """
    LobbyScreen #lobby-heading { height: 1; padding: 0 1; text-style: bold; }
    LobbyScreen #lobby-tables { height: 1fr; }
    LobbyScreen #lobby-status { height: auto; max-height: 3; padding: 0 1; }
    """
    BINDINGS = actions.bindings(*actions.LOBBY_SCREEN)
    SPARE_KEYS = ("app.quit", "watch", "replays")  # the line above the footer names w and p; q and ctrl+c quit anywhere

    class Changed(Message):
        """The hub says ``info`` is how a table stands now."""

        def __init__(self, info: TableInfo) -> None:
            super().__init__()
            self.info = info

    def __init__(self, connection: HubConnection, joined: Callable[[RemoteTable], object], news: Callable[[TableInfo], object]) -> None:
        """``joined``: this terminal sits at (or watches) a table; ``news``: how a table stands now."""
        super().__init__()
        self.connection, self.joined, self.news = connection, joined, news

    def compose(self) -> ComposeResult:
        name = printable(self.connection.name, NAME_MAX_CHARS)
        yield Static(Text(self.t("Kobito tables · you are {name}", name=name)), id="lobby-heading")
        yield DataTable(id="lobby-tables", cursor_type="row", zebra_stripes=True)
        # Translators: n, j, w, p are keys: keep the Latin letters.
        yield Static(self.t("n: a new table · j or Enter: sit down · w: watch · p: replays"), id="lobby-status", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#lobby-tables", DataTable)
        t = self.t
        table.add_columns(  # the seats last: they take what room is left, cut with "…"
            t.p("column", "table"),
            t.p("column", "game"),
            t.p("column", "status"),
            t.p("column", "started"),
            t.p("column", "watching"),
            t.p("column", "seats"),
        )

        def changed(info: TableInfo) -> None:
            self.post_message(self.Changed(info))  # thread-safe

        self.connection.on_table = changed
        self.show_tables()
        table.focus()
        yours = waiting(self.connection.tables.values(), self.connection.name)
        if yours:
            self.say(t.n("Your move at {count} table.", "Your move at {count} tables.", len(yours), count=len(yours)))
        back, self.connection.back_to = self.connection.back_to, ""
        if back in self.connection.tables:  # dropped from a game: back to it
            self.say(t("Back to table {table}…", table=back))
            self._sit(back, watch=False)

    def on_lobby_screen_changed(self, message: Changed) -> None:
        self.show_tables()
        self.news(message.info)

    def on_resize(self) -> None:
        self.show_tables()

    def show_tables(self) -> None:
        table = self.query_one("#lobby-tables", DataTable)
        chosen, t, name = self.chosen(), self.t, self.connection.name
        listed = [info for info in self.connection.tables.values() if info.status not in ENDED]
        listed.sort(key=lambda info: not waits_for(info, name))  # the tables waiting for you first
        rows = [
            (
                info.table,
                (
                    info.table,
                    game_title(t, info.game),
                    row_status(t, info, waits_for(info, name)),
                    (info.started or "")[11:16],
                    str(info.spectators),
                ),
                ", ".join(seat_text(t, seat, away=info.pace == "live") for seat in info.seats),  # turn-based: nobody waits
            )
            for info in listed
        ]
        # Each column takes its widest cell and a space either side; a scroll bar may take 2 more.
        columns = list(table.columns.values())[:-1]
        widths = [max([cell_len(str(column.label)), *(cell_len(cells[i]) for _, cells, _ in rows)]) for i, column in enumerate(columns)]
        room = max(self.size.width - sum(width + 2 for width in widths) - 4, 10)
        table.clear()
        for key, cells, seats in rows:
            shown = Text(seats, no_wrap=True)
            shown.truncate(room, overflow="ellipsis")
            waits = waits_for(self.connection.tables[key], name)  # its status cell bold: "your move"
            table.add_row(*(Text(cell, style="bold" if waits and i == 2 else "") for i, cell in enumerate(cells)), shown, key=key)
        if chosen is not None and chosen in self.connection.tables and self.connection.tables[chosen].status not in ENDED:
            table.move_cursor(row=table.get_row_index(chosen))

    def chosen(self) -> str | None:
        table = self.query_one("#lobby-tables", DataTable)
        if table.row_count == 0:
            return None
        return table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value

    def say(self, text: str) -> None:
        self.query_one("#lobby-status", Static).update(Text(printable(text, 300)))

    # -- actions -----------------------------------------------------------
    def action_new_table(self) -> None:
        form = TableForm()
        self.app.push_screen(form, lambda header: self._form_done(header, form.pace))

    def _form_done(self, header: Header | None, pace: str) -> None:
        if header is not None:
            self.say(self.t("Creating the table…"))
            self._request_create(header.game, seats_wanted(header), dict(header.options), pace)

    def action_join(self) -> None:
        if (chosen := self.chosen()) is not None:
            self._sit(chosen, watch=False)

    def action_watch(self) -> None:
        if (chosen := self.chosen()) is not None:
            self._sit(chosen, watch=True)

    def action_rejoin(self) -> None:
        """A seat code alone finds its seat, whichever row is highlighted."""

        def sit(code: str | None) -> None:
            if code:
                self._rejoin(code)

        self.app.push_screen(CodeDialog(), sit)

    @work(thread=True, exclusive=True, group="lobby")
    def _rejoin(self, code: str) -> None:
        table = self._ask(lambda: self.connection.find_seat(code))
        if isinstance(table, Refusal):
            self.app.call_from_thread(self._sat, table)
        else:
            self._sit_now(table, watch=False, code=code)

    def action_replays(self) -> None:
        self._list_replays()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id == "lobby-tables":
            self.action_join()

    # -- requests, off the UI thread --------------------------------------------
    def _ask(self, request: Any) -> Any:
        try:
            return request()
        except NOT_ANSWERING as error:
            return Refusal("hub", {"error": str(error)})

    @work(thread=True, exclusive=True, group="lobby")
    def _request_create(self, game: str, seats: list[str], options: dict[str, Any], pace: str) -> None:
        created = self._ask(lambda: self.connection.create(game, seats, options, pace))
        if isinstance(created, Refusal):
            self.app.call_from_thread(self.say, refused(self.t, created))
        elif "open" in seats:  # the creator takes the first open seat
            self._sit_now(created, watch=False, code=None, seat=seats.index("open"))
        else:
            self._sit_now(created, watch=True, code=None)

    @work(thread=True, exclusive=True, group="lobby")
    def _sit(self, table: str, watch: bool, code: str | None = None) -> None:
        self._sit_now(table, watch, code)

    def _sit_now(self, table: str, watch: bool, code: str | None, seat: int | None = None) -> None:
        connection = self.connection

        def sit() -> RemoteTable | Refusal:
            if watch:
                return connection.spectate(table)
            remote = connection.join(table, seat, code)  # None: your own seat back, by your key or code
            info: TableInfo | None = connection.tables.get(table)
            free = None if info is None else next((i for i, s in enumerate(info.seats) if s.kind == "open"), None)
            if isinstance(remote, Refusal) and seat is None and code is None and free is not None:
                remote = connection.join(table, free)
            return remote

        self.app.call_from_thread(self._sat, self._ask(sit))

    def _sat(self, remote: RemoteTable | Refusal) -> None:
        if isinstance(remote, Refusal):
            self.say(refused(self.t, remote))
            return
        t = self.t
        if remote.seat is None:
            said = t("At table {table}, watching.", table=remote.table_id)
        elif remote.code:
            said = t(
                "At table {table}, seat {seat}; your seat code is {code} (to come back from another terminal).",
                table=remote.table_id,
                seat=remote.seat + 1,
                code=remote.code,
            )
        else:
            said = t("At table {table}, seat {seat}.", table=remote.table_id, seat=remote.seat + 1)
        self.say(said)
        self.joined(remote)

    @work(thread=True, exclusive=True, group="lobby")
    def _list_replays(self) -> None:
        tables = self._ask(self.connection.replays)
        self.app.call_from_thread(self._replays_listed, tables)

    def _replays_listed(self, tables: list[TableInfo] | Refusal) -> None:
        if isinstance(tables, Refusal):
            self.say(refused(self.t, tables))
        elif not tables:
            self.say(self.t("No replays yet: a table you played at shows here once its game is over."))
        else:

            def open_replay(table: str | None) -> None:
                if table:
                    self._open_replay(table)

            self.app.push_screen(ReplaysDialog(tables), open_replay)

    @work(thread=True, exclusive=True, group="lobby")
    def _open_replay(self, table: str) -> None:
        record = self._ask(lambda: self.connection.record(table))
        self.app.call_from_thread(self._replay_ready, table, record)

    def _replay_ready(self, table: str, record: Any) -> None:
        """The replay, its analyses kept in the hub's store (a remote player writes nothing on the host's disk);
        a game every player left, unfinished, from the player's own seat only."""
        if isinstance(record, Refusal):
            self.say(refused(self.t, record))
        else:
            keeper = HubAnalyses(self.connection, table)
            mine = [seat for seat, player in enumerate(record.header.seats) if player.name == self.connection.name]
            self.app.push_screen(ReplayScreen(record, keeper=keeper, viewer=mine[0] if mine else None))
