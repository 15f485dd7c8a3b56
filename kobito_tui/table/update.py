"""What the table sends a perspective after each change, and the header clients get."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from kobito_tui.core.game import Event, Header, Result
from kobito_tui.table.messages import LogEntry
from kobito_tui.table.perspective import Perspective


def client_header(header: Header) -> Header:
    """``header`` with nothing hidden in it: no seed (which would fix every shuffle)."""
    return header.public()


@dataclass(frozen=True)
class Update:
    """The table at ``revision`` as ``perspective`` may know it.

    A client keeps its history and log by dropping the last ``undone`` events
    (and the entries ``taken_back``) and appending ``history`` and ``log``.
    The first update a subscriber gets is ``full``: no ``undone``, and
    ``history`` and ``log`` are everything so far.
    """

    revision: int
    perspective: Perspective
    header: Header  # the client header: no seed
    view: Any
    to_act: int | None
    legal: tuple[Event, ...]  # only for the seat to act; empty otherwise
    can_undo: bool
    can_redo: bool
    result: Result | None  # once over
    history: tuple[Event, ...]  # new events, redacted for the perspective
    log: tuple[LogEntry, ...]  # new log entries
    undone: int = 0  # events taken back (undo) before ``history``
    taken_back: tuple[LogEntry, ...] = ()  # the log entries of those events
    full: bool = False

    @property
    def over(self) -> bool:
        return self.result is not None


class History:
    """What a client keeps of one perspective's updates: its events and log so far.

    The one place an update's delta is applied (the app's game client, the
    remote table and the table's computers all keep theirs here): drop the last
    ``undone`` events and the entries ``taken_back``, append the new ones; a
    ``full`` update starts over.  It holds only what its perspective's updates
    carried.
    """

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.log: list[LogEntry] = []
        self.update: Update | None = None  # the newest

    def apply(self, update: Update) -> None:
        if update.full:
            self.events.clear()
            self.log.clear()
        del self.events[len(self.events) - update.undone :]
        del self.log[len(self.log) - len(update.taken_back) :]
        self.events += update.history
        self.log += update.log
        self.update = update

    def whole(self) -> Update | None:
        """The newest update as a late subscriber gets it: ``full``, with everything so far."""
        if self.update is None:
            return None
        return replace(self.update, history=tuple(self.events), log=tuple(self.log), undone=0, taken_back=(), full=True)
