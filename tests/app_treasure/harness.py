"""A small app owning a Session around a TreasureBoard: the shell's part, minimal.

Hot seat without curtains: the board always shows the view of the seat to act
(or of ``seat`` when given), and bots move at once.
"""

from __future__ import annotations

from importlib.resources import files

from textual.app import App, ComposeResult
from textual.widgets import Static

from kobito_tui.app.board import GameBoard
from kobito_tui.app.treasure.board import TreasureBoard
from kobito_tui.core.game import Event, Header, Seat
from kobito_tui.core.record import Record, new_header
from kobito_tui.core.session import Session
from kobito_tui.i18n import translator

STYLES = files("kobito_tui.styles")
NAMES = ("Ann", "Bob", "Cy", "Dee")


def treasure_header(players: int = 2, seed: int = 3, **options) -> Header:
    return new_header("treasure", tuple(Seat(name) for name in NAMES[:players]), options, seed)


class Harness(App):
    CSS_PATH = [str(STYLES / "app.tcss"), str(STYLES / "treasure.tcss")]
    BINDINGS = [("u", "undo", "Undo")]

    def __init__(self, header: Header, seat: int | None = None, events: list[Event] | None = None) -> None:
        super().__init__()
        self.t = translator("en")  # a board speaks its app's language
        self.session = Session(Record(header, list(events or [])))
        self.seat = seat
        self.statuses: list[str] = []

    def compose(self) -> ComposeResult:
        yield TreasureBoard(self.session.header)
        yield Static(id="status")

    def on_mount(self) -> None:
        self.board.focus()
        self.redraw()

    @property
    def board(self) -> TreasureBoard:
        return self.query_one(TreasureBoard)

    def redraw(self) -> None:
        session = self.session
        seat = session.to_act if self.seat is None else self.seat
        self.board.show(session.view(seat), session.legal_moves(), interactive=seat == session.to_act)
        self.query_one("#status", Static).update(self.board.status())

    def on_game_board_move_chosen(self, message: GameBoard.MoveChosen) -> None:
        self.session.play(message.move)
        self.redraw()

    def on_game_board_status_changed(self, message: GameBoard.StatusChanged) -> None:
        self.statuses.append(message.text)

    def action_undo(self) -> None:
        self.session.undo()
        self.redraw()
