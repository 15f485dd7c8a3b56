"""A live game: the record, the folded state, undo/redo and autosave.

Undo follows one rule for every game: the seat to act may take back its own
moves of the current turn, but never past a *barrier* — a chance event (a card
drawn, a pot laid, a reshuffle: something was revealed) or a move that closed
a turn.  Undone moves leave the record, so they never reach a save file, and
undo replays from a checkpoint taken at the last barrier, so it cannot reveal
anything either.

Against computers only, a player may also take back a whole turn
(:meth:`Session.undo_turn`): their last finished turn and every reply since,
back to the first move of that turn.  Whether only computers sit at the other
seats is the table's to know; it asks for this only then.

Autosave writes the whole file atomically after every change; with
``background=True`` (the app) the write happens in a writer thread so the
player never waits for the disk, and :meth:`Session.flush` waits for it.  A
change that could not be written stays pending and is written with the next
change or flush; :attr:`Session.unsaved_moves` and :attr:`Session.save_error`
say meanwhile what the file lacks and why.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from kobito_tui.core.autosave import AutoSaver
from kobito_tui.core.game import Event, Game, Header, IllegalEvent, Result
from kobito_tui.core.record import Record, fold, run_chance


class Session:
    """One game being played; every change goes through :meth:`play`, :meth:`undo`, :meth:`redo`."""

    def __init__(
        self,
        record: Record,
        path: Path | None = None,
        background: bool = False,
    ):
        self.record = record
        self.game: Game = record.game
        self.path = path
        # Called after a failed autosave, and after the one that ends a failing
        # spell (from the writer thread when saving in the background).
        self.on_save_report: Callable[[Session], None] | None = None
        self.state = fold(self.game, self.header, self.events)
        self._redo: list[Event] = []
        # The record as given is taken as on disk (a new game's is written just below).
        self._saver = None if path is None else AutoSaver(path, Record(self.header, list(self.events)), background, self._save_reported)
        # A loaded game resumes with a barrier: moves saved earlier stay played.
        self._mark_barrier_at_end()
        self._floor = self._barrier  # not even a whole-turn undo goes below it
        if self._advance() and self._saver is not None:
            try:  # what chance dealt is kept: reopening never deals again
                self._saver.save(self.record)
            except OSError:
                pass  # the deal stays pending: the next change or flush writes it or raises

    # -- reading ---------------------------------------------------------
    @property
    def header(self) -> Header:
        return self.record.header

    @property
    def events(self) -> list[Event]:
        return self.record.events

    @property
    def to_act(self) -> int | None:
        return self.game.to_act(self.state)

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    @property
    def result(self) -> Result | None:
        return self.game.result(self.state)

    def legal_moves(self) -> list[Event]:
        return [] if self.to_act is None else self.game.legal_moves(self.state)

    def view(self, seat: int | None) -> Any:
        return self.game.view(self.state, seat)

    @property
    def save_error(self) -> OSError | None:
        """Why the last autosave failed, until one succeeds."""
        return None if self._saver is None else self._saver.error

    @property
    def unsaved(self) -> bool:
        """Whether the file lacks the latest change (a write pending or failed)."""
        return self._saver is not None and self._saver.unsaved is not None

    @property
    def unsaved_moves(self) -> int:
        """How many moves of the game are not in its file."""
        if self._saver is None or (pending := self._saver.unsaved) is None:
            return 0
        written = self._saver.written.events if self._saver.written is not None else []
        return sum("seat" in event for event in pending.events[_common_prefix(pending.events, written) :])

    # -- changing --------------------------------------------------------
    def play(self, move: Event) -> list[Event]:
        """Apply a move of the seat to act, then any chance events it calls for.

        Returns the events added; raises IllegalEvent (state unchanged) if refused.
        """
        if move.get("seat") != self.to_act:
            raise IllegalEvent("game.not-seats-turn", seat=move.get("seat"))
        try:
            self.game.apply(self.state, move)
        except IllegalEvent:
            self._restore()  # apply may have been part-way through
            raise
        if not self._redo or self._redo[-1] != move:
            self._redo.clear()
        else:
            self._redo.pop()
        self.events.append(move)
        added = [move]
        if self.game.closes_turn(move):
            self._mark_barrier_at_end()
        added += self._advance()
        self._changed()
        return added

    def seat_event(self, event: Event) -> list[Event]:
        """Who plays a seat changes (:mod:`~kobito_tui.core.leaving`: its player leaves, a stand-in plays for them,
        they are back), on their turn or not; no undo goes back past it.  Returns the events added; raises
        IllegalEvent (nothing changed) if refused."""
        self.game.apply(self.state, event)
        self.events.append(event)
        self._mark_barrier_at_end()
        added = [event, *self._advance()]
        self._changed()
        return added

    def can_undo(self, seat: int | None = None) -> bool:
        """Whether ``seat`` (default: the seat to act) may take a move back now."""
        seat = self.to_act if seat is None else seat
        return not self.over and seat is not None and seat == self.to_act and len(self.events) > self._barrier

    def undo(self, seat: int | None = None) -> Event | None:
        """Take back the last move of the current turn; returns it, or None."""
        if not self.can_undo(seat):
            return None
        move = self.events.pop()
        self._redo.append(move)
        self._restore()
        self._changed()
        return move

    def turn_start(self, seat: int | None = None) -> int | None:
        """Where the last finished turn of ``seat`` (default: the seat to act) began in the
        record, for :meth:`undo_turn`: only while it is that seat's turn and no move of this
        turn is left to undo; None when there is no such turn."""
        seat = self.to_act if seat is None else seat
        if self.over or seat is None or seat != self.to_act or self.can_undo(seat):
            return None
        events = self.events
        end = next((i for i in range(len(events) - 1, self._floor - 1, -1)
                    if events[i].get("seat") == seat and self.game.closes_turn(events[i])), None)  # fmt: skip  # aligned by hand with its opening bracket
        if end is None:
            return None
        before = next((i for i in range(end - 1, self._floor - 1, -1)
                       if "seat" in events[i] and self.game.closes_turn(events[i])), self._floor - 1)  # fmt: skip  # aligned by hand with its opening bracket
        return next(i for i in range(before + 1, end + 1) if events[i].get("seat") == seat)

    def undo_turn(self, seat: int | None = None) -> int:
        """Take back ``seat``'s last finished turn and everything after it; returns how many
        events left the record (0: nothing to take back, see :meth:`turn_start`)."""
        start = self.turn_start(seat)
        if start is None:
            return 0
        taken = len(self.events) - start
        del self.events[start:]
        self._redo.clear()
        self.state = fold(self.game, self.header, self.events)
        self._mark_barrier_at_end()
        self._changed()
        return taken

    def can_redo(self, seat: int | None = None) -> bool:
        seat = self.to_act if seat is None else seat
        return bool(self._redo) and seat == self.to_act and self._redo[-1].get("seat") == seat

    def redo(self, seat: int | None = None) -> list[Event]:
        """Play the last undone move again."""
        if not self.can_redo(seat):
            return []
        return self.play(self._redo[-1])

    def mark(self) -> tuple[list[Event], list[Event], int, Any]:
        """The game as it is now, for :meth:`rewind` (a change that could not be kept elsewhere)."""
        return list(self.events), list(self._redo), self._barrier, self._checkpoint

    def rewind(self, mark: tuple[list[Event], list[Event], int, Any]) -> None:
        """Put the game back as it was at ``mark``: events, state, undo and redo (the save file,
        if any, catches up with the next change)."""
        events, redo, self._barrier, self._checkpoint = mark
        self.events[:], self._redo[:] = events, redo
        self._restore()

    def flush(self) -> None:
        """Wait until the save file holds every change, writing again what an
        earlier write could not; raises the OSError if it still cannot."""
        if self._saver is not None:
            self._saver.flush()

    # -- internals -------------------------------------------------------
    def _advance(self) -> list[Event]:
        added = run_chance(self.game, self.header, self.state, self.events)
        if added:
            self._mark_barrier_at_end()
        return added

    def _mark_barrier_at_end(self) -> None:
        """Moves before this point can no longer be undone."""
        self._barrier = len(self.events)
        self._checkpoint = self.game.copy_state(self.state)

    def _restore(self) -> None:
        """Rebuild the state from the checkpoint and the turn's remaining moves."""
        self.state = self.game.copy_state(self._checkpoint)
        for event in self.events[self._barrier :]:
            self.game.apply(self.state, event)

    def _changed(self) -> None:
        if self._saver is not None:
            self._saver.save(self.record)  # in the foreground, raises a failed write's OSError

    def _save_reported(self) -> None:
        if self.on_save_report is not None:
            self.on_save_report(self)


def _common_prefix(a: list[Event], b: list[Event]) -> int:
    """How many events ``a`` and ``b`` share from the start."""
    return next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
