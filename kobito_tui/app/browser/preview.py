"""The browser's preview: the final (or current) position on the game's own board, read-only.

It shows what a replay may show (:func:`kobito_tui.core.replay.perspectives`):
an unfinished game only as its one human player sees it; with several humans
(or none) no board, only the details.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import getters
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.dom import NoScreen
from textual.widgets import Static

from kobito_tui.app.board import GameBoard
from kobito_tui.app.browser.entries import SaveEntry, result, title
from kobito_tui.app.games import board_class
from kobito_tui.app.words import save_error_words
from kobito_tui.core.replay import perspectives
from kobito_tui.core.safetext import printable
from kobito_tui.i18n import Translator
from kobito_tui.i18n.seats import Seats, local_player
from kobito_tui.i18n.words import level_name

if TYPE_CHECKING:
    from kobito_tui.app.shell import ShellApp


def hidden(t: Translator) -> str:
    """Why an unfinished game with several humans (or none) shows no board."""
    return t("A game in progress: continue it to see the table (nothing hidden is shown here).")


def preview_seat(entry: SaveEntry) -> int | None | bool:
    """The seat whose view the preview shows, None for everything, False for no board."""
    if entry.header is None:  # not even line 1 reads: nothing to show
        return False
    allowed = perspectives(entry.header, entry.over)
    return allowed[0] if allowed else False


def player(t: Translator, who: Seats, seat: int) -> str:
    """A seat's name (printable, or what it is), with its level if a computer plays it."""
    if not who.seats[seat].is_bot:
        return who.label(seat)
    if not who.seats[seat].name:  # "Computer 2" says the rest
        return t("{name} ({level})", name=who.label(seat), level=level_name(t, who.seats[seat].level))
    return t("{name} (computer, {level})", name=who.label(seat), level=level_name(t, who.seats[seat].level))


def details(t: Translator, entry: SaveEntry) -> str:
    """Two lines: what the file is, then who played and how it stands (or why it cannot be read)."""
    file = printable(entry.path.name)
    parts = [title(t, entry), t("{file} (example)", file=file) if entry.example else file, entry.date]
    if entry.header is not None:
        who = entry.who(t)
        parts.append(", ".join(player(t, who, seat) for seat in range(len(who.seats))))
    first = " · ".join(parts)
    if entry.failure is not None:
        error, reason = entry.failure, save_error_words(t, entry.failure)
        # Translators: {reason} says what is wrong on line {line} of the file.
        return first + "\n" + t("Cannot be opened — line {line}: {reason}", line=error.line, reason=reason)
    moves = t.n("{count} move", "{count} moves", entry.moves)
    text = f"{first}\n{moves} · {printable(result(t, entry))}"
    return text + "\n" + hidden(t) if entry.record is not None and preview_seat(entry) is False else text


class Preview(Vertical):
    """The details at once; the board once the choice settles (one swap at a time,
    so a held arrow key never removes a board still being mounted)."""

    if TYPE_CHECKING:
        app = getters.app(ShellApp)  # the app as a Shell: its translator ``t`` known to the type checker

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._board: GameBoard | None = None
        self._entry: SaveEntry | None = None  # the latest chosen
        self._shown: SaveEntry | None = None  # the one the board shows
        self._swap_queued = False

    def compose(self) -> ComposeResult:
        yield Static("", id="preview-details", markup=False)

    def show_entry(self, entry: SaveEntry | None) -> None:
        self._entry = entry
        t = self.app.t
        text = t("No saved games yet.") if entry is None else details(t, entry)
        self.query_one("#preview-details", Static).update(text)
        if not self._swap_queued:
            self._swap_queued = True
            self.call_later(self._swap_board)

    def _open(self) -> bool:
        """Whether the browser is still open: a closing screen leaves the stack before its widgets go."""
        try:
            return self.screen in self.app.screen_stack
        except NoScreen:
            return False

    async def _swap_board(self) -> None:
        """Show the board of the latest entry; entries chosen meanwhile queue one more swap."""
        self._swap_queued = False
        entry = self._entry
        if entry is self._shown and self._board is not None:
            return  # (the list was only sorted or resized)
        if self._board is not None:
            await self._board.remove()
            self._board, self._shown = None, None
        if entry is None or entry.record is None or not self._open():
            return
        seat = preview_seat(entry)
        if seat is False:
            return
        header = entry.record.header  # the entry's header, read with its record
        board = board_class(header.game)(header, watching=True, reader=local_player(header.seats), classes="preview-board")
        await self.mount(board)
        self._board, self._shown = board, entry
        if board.is_mounted and self._open():
            board.show(entry.record.game.view(entry.final_state, seat), [], False)
