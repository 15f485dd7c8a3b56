"""The contract between the game screen and each game's board widget.

The table (``kobito_tui.table``) holds the game, its computers and its save; the
game screen is its client, with the log, the controls and the curtains.  A
board only renders what one seat may see and turns keys and clicks into moves,
which it posts as :class:`GameBoard.MoveChosen`; the screen sends them to the
table.  What the board tells the player is its :attr:`GameBoard.status_line`.
Each game's board is named in ``app/games.py``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Protocol, cast

from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from kobito_tui.core.game import Event, Header
from kobito_tui.i18n import Translator
from kobito_tui.i18n.seats import Seats, reader_of


class Worded(Protocol):
    """The app a board runs in, as the board uses it: its translator."""

    t: Translator


class GameBoard(Widget):
    """Base class of a game's main widget."""

    class MoveChosen(Message):
        """The player picked a move (one of the legal moves given to the board)."""

        def __init__(self, move: Event) -> None:
            super().__init__()
            self.move = move

    class StatusChanged(Message):
        """The board's status line was set (posted for those who do not watch it)."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    @staticmethod
    def how_to(t: Translator) -> tuple[tuple[str, str], ...]:
        """For the F1 help, in ``t``'s language: how to do each thing (what, keys and clicks)."""
        return ()

    @staticmethod
    def legend(t: Translator) -> tuple[tuple[str, str], ...]:
        """For the F1 help: the short forms the board draws (form, meaning)."""
        return ()

    # What the rules need now, or why a key did nothing.  The shell watches it
    # (called at once), so the status line changes in the same frame as the
    # board: a posted message would come after that frame and cost a second
    # one, a refresh period (~16 ms) later.  Set again with the same words,
    # it is said again.
    status_line: reactive[str] = reactive("", always_update=True, repaint=False, init=False)

    def watch_status_line(self, text: str) -> None:
        self.post_message(self.StatusChanged(text))

    def __init__(self, header: Header, watching: bool = False, reader: int | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.header = header
        self.watching = watching  # a replay or a preview: the seat shown is nobody's "you"
        self.reader = reader  # watching: the seat the words call "you" (a replay's local player), if any

    def show(self, view: Any, legal: list[Event], interactive: bool) -> None:
        """Render ``view``; when ``interactive``, ``legal`` are the moves the
        viewing seat may make now and the board lets the player choose one."""
        raise NotImplementedError

    def who(self, view: Any) -> Seats:
        """The seats as this board's reader reads them: "you" is the seat at the keys (watching: ``reader``)."""
        reader = self.reader if self.watching else reader_of(self.header.seats, getattr(view, "seat", None))
        return Seats(cast(Worded, self.app).t, self.header.seats, reader)

    def worded(self, view: Any) -> Any:
        """``view`` with each seat's name as the reader reads it ("You", "Computer 2", a typed name)."""
        return replace(view, names=tuple(self.who(view).labels()))

    def status(self) -> str:
        """What the rules need now, in words ("Play at least 3 cards — 1 played")."""
        raise NotImplementedError

    def hint(self, move: Event) -> None:
        """Highlight ``move`` (suggested by the hard computer)."""
        raise NotImplementedError

    def tips(self) -> list[tuple[Any, str]]:
        """The first-game guide's tips for what is shown now, as ``(key, words)``:
        the shell writes each key's tip once.  Only when the board is interactive."""
        return []

    def say(self, reason: str) -> None:
        """Tell the player why a key or click did nothing (until the next change)."""
        self.status_line = reason
