"""A plain board for the shell's tests: the legal moves as a list, with known keys."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from kobito_tui.app.board import GameBoard
from kobito_tui.core.game import Event


def move_label(move: Event) -> str:
    details = " ".join(f"{key}={value}" for key, value in move.items() if key not in ("type", "seat"))
    return f"{move['type']} {details}".strip()


class MoveListBoard(GameBoard):
    """Choose a move from a list (Enter or click)."""

    DEFAULT_CSS = """
    MoveListBoard { layout: vertical; }
    MoveListBoard > OptionList { height: 1fr; }
    """

    def __init__(self, header, **kwargs: Any) -> None:
        super().__init__(header, **kwargs)
        self._legal: list[Event] = []
        self._hinted: Event | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="move-list-title")
        yield OptionList(id="moves")

    def show(self, view: Any, legal: list[Event], interactive: bool) -> None:
        self._legal = legal if interactive else []
        self._hinted = None
        self._render_moves()
        self.post_message(self.StatusChanged(self.status()))

    def _render_moves(self) -> None:
        moves = self.query_one("#moves", OptionList)
        moves.clear_options()
        moves.add_options(
            Option(("★ " if move == self._hinted else "") + move_label(move), id=str(index)) for index, move in enumerate(self._legal)
        )
        if self._legal:
            moves.highlighted = 0
        self.query_one("#move-list-title", Static).update("Choose a move:" if self._legal else "Waiting…")

    def status(self) -> str:
        return f"{len(self._legal)} possible moves" if self._legal else ""

    def hint(self, move: Event) -> None:
        self._hinted = move
        self._render_moves()
        if move in self._legal:
            self.query_one("#moves", OptionList).highlighted = self._legal.index(move)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.post_message(self.MoveChosen(self._legal[int(event.option.id)]))
