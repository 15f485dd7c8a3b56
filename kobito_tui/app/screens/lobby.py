"""The lobby of a `kobito serve` hub: open tables, create one, join a seat or watch.

The screen talks to the hub through a :class:`kobito_tui.serve.client.Connection`;
requests run in worker threads so a slow hub never freezes the keys, and the
hub's pushes (a table created, a seat taken, a player away) redraw the list.
Names come from other people: they are shown as plain text, made printable.
Joining posts :class:`LobbyScreen.Joined` with the :class:`RemoteTable`, for the
game screen to take over once the app is a client of the table.
"""

from __future__ import annotations

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, DataTable, Footer, Input, Select, Static

from kobito_tui.app import actions
from kobito_tui.core.games import game_ids, get_game
from kobito_tui.core.levels import level_name
from kobito_tui.core.safetext import NAME_MAX_CHARS, printable
from kobito_tui.serve.client import Connection, HubClosed, RemoteTable
from kobito_tui.serve.protocol import SeatInfo, TableInfo
from kobito_tui.table import Refusal


def seat_text(seat: SeatInfo) -> str:
    if seat.kind == "open":
        return "(open)"
    if seat.kind == "computer":
        return f"computer ({level_name(seat.level)})"
    return printable(seat.name, NAME_MAX_CHARS) + ("" if seat.connected else " (away)")


class LobbyScreen(Screen[None]):
    """Every table of the hub but the finished ones; Enter or ``j`` joins the highlighted one."""

    DEFAULT_CSS = """
    LobbyScreen #lobby-tables { height: 1fr; }
    LobbyScreen #lobby-create-row { height: auto; }
    LobbyScreen #lobby-game { width: 28; }
    LobbyScreen #lobby-seats { width: 1fr; }
    LobbyScreen #lobby-create { width: auto; margin: 1 1; }
    LobbyScreen #lobby-status { height: 1; padding: 0 1; }
    """
    BINDINGS = actions.bindings(*actions.LOBBY_SCREEN)

    class Joined(Message):
        """This terminal sits at (or watches) ``remote``."""

        def __init__(self, remote: RemoteTable) -> None:
            super().__init__()
            self.remote = remote

    def __init__(self, connection: Connection) -> None:
        super().__init__()
        self.connection = connection

    def compose(self) -> ComposeResult:
        yield Static("Tables", id="lobby-heading")
        yield DataTable(id="lobby-tables", cursor_type="row", zebra_stripes=True)
        with Horizontal(id="lobby-create-row"):
            yield Select([(get_game(g).title, g) for g in game_ids()], value=game_ids()[0], allow_blank=False, id="lobby-game")
            yield Input("open,open", placeholder="each seat: open, easy, medium or hard", id="lobby-seats")
            yield Button("Create table", id="lobby-create", compact=True)
        yield Static("", id="lobby-status", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#lobby-tables", DataTable)
        table.add_columns("table", "game", "status", "seats", "watching")
        self.connection.on_table = lambda info: self.app.call_from_thread(self.show_tables)
        self.show_tables()
        table.focus()

    def show_tables(self) -> None:
        table = self.query_one("#lobby-tables", DataTable)
        chosen = self.chosen()
        table.clear()
        for info in self.connection.tables.values():
            if info.status != "over":
                seats = ", ".join(seat_text(seat) for seat in info.seats)
                cells = (info.table, info.game, info.status, seats, str(info.spectators))
                table.add_row(*(Text(cell) for cell in cells), key=info.table)
        if chosen is not None and chosen in self.connection.tables:
            table.move_cursor(row=table.get_row_index(chosen))

    def chosen(self) -> str | None:
        table = self.query_one("#lobby-tables", DataTable)
        if table.row_count == 0:
            return None
        return table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value

    def say(self, text: str) -> None:
        self.query_one("#lobby-status", Static).update(Text(text))

    # -- actions -----------------------------------------------------------
    def action_focus_create(self) -> None:
        self.query_one("#lobby-seats", Input).focus()

    def action_join(self) -> None:
        if (chosen := self.chosen()) is not None:
            self._sit(chosen, watch=False)

    def action_watch(self) -> None:
        if (chosen := self.chosen()) is not None:
            self._sit(chosen, watch=True)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_join()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "lobby-create":
            self._create()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self._create()

    def _create(self) -> None:
        game = str(self.query_one("#lobby-game", Select).value)
        seats = [part.strip().lower() for part in self.query_one("#lobby-seats", Input).value.split(",")]
        self._request_create(game, seats)

    # -- requests, off the UI thread --------------------------------------------
    @work(thread=True, exclusive=True, group="lobby")
    def _request_create(self, game: str, seats: list[str]) -> None:
        try:
            created = self.connection.create(game, seats)
        except (HubClosed, OSError, TimeoutError) as error:
            created = Refusal("hub", {"error": str(error)})
        text = f"Refused: {created}" if isinstance(created, Refusal) else f"Table {created} created: j to join it."
        self.app.call_from_thread(self._created, text, None if isinstance(created, Refusal) else created)

    def _created(self, text: str, table: str | None) -> None:
        self.say(printable(text, 200))
        self.show_tables()
        if table is not None:
            grid = self.query_one("#lobby-tables", DataTable)
            grid.move_cursor(row=grid.get_row_index(table))
            grid.focus()

    @work(thread=True, exclusive=True, group="lobby")
    def _sit(self, table: str, watch: bool) -> None:
        try:
            info: TableInfo | None = self.connection.tables.get(table)
            free = None if info is None else next((i for i, s in enumerate(info.seats) if s.kind == "open"), None)
            if watch:
                remote = self.connection.spectate(table)
            else:
                remote = self.connection.join(table)  # your own seat back, by your key
                if isinstance(remote, Refusal) and free is not None:
                    remote = self.connection.join(table, free)
        except (HubClosed, OSError, TimeoutError) as error:
            remote = Refusal("hub", {"error": str(error)})
        self.app.call_from_thread(self._sat, remote)

    def _sat(self, remote: RemoteTable | Refusal) -> None:
        if isinstance(remote, Refusal):
            self.say(printable(f"Refused: {remote}", 200))
            return
        where = "watching" if remote.seat is None else f"seat {remote.seat + 1}"
        code = f"; your seat code is {remote.code}" if remote.code else ""
        self.say(f"At table {remote.table_id}, {where}{code}.")
        self.post_message(self.Joined(remote))
