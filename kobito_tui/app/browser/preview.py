"""The browser's preview: the final (or current) position on the game's own board, read-only.

An unfinished game is shown only as its one human player would see it (a
game of computers only: everything); with several humans nothing hidden is
shown, only the details.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from kobito_tui.app.board import GameBoard
from kobito_tui.app.browser.entries import SaveEntry
from kobito_tui.app.board import board_class
from kobito_tui.app.viewpoint import humans

HIDDEN = "A hot-seat game in progress: open it to see the table (hands stay hidden here)."


def preview_seat(entry: SaveEntry) -> int | None | bool:
    """The seat whose view the preview shows, None for everything, False for no board."""
    if entry.over:
        return None
    people = humans(entry.header)
    if len(people) > 1:
        return False
    return people[0] if people else None


def details(entry: SaveEntry) -> str:
    """Two lines: what the file is, then who played and how it stands (or why it cannot be read)."""
    first = f"{entry.game_title} · {entry.name} · {entry.date}"
    if entry.header is not None:
        players = ", ".join(s.name + (f" (computer, {s.level})" if s.is_bot else "") for s in entry.header.seats)
        first += f" · {players}"
    if entry.error is not None:
        return f"{first}\nCannot be opened — {entry.error}"
    return f"{first}\n{entry.moves} moves · {entry.result}"


class Preview(Vertical):
    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._board: GameBoard | None = None

    def compose(self) -> ComposeResult:
        yield Static("", id="preview-details", markup=False)

    def show_entry(self, entry: SaveEntry | None) -> None:
        text = "No saved games yet." if entry is None else details(entry)
        if self._board is not None:
            self._board.remove()
            self._board = None
        if entry is not None and entry.record is not None:
            seat = preview_seat(entry)
            if seat is False:
                text += "\n" + HIDDEN
            else:
                self._board = board_class(entry.header.game)(entry.header, classes="preview-board")
                self.mount(self._board)
                view = entry.record.game.view(entry.final_state, seat)
                self._board.call_later(self._board.show, view, [], False)
        self.query_one("#preview-details", Static).update(text)
