"""What the game screen keeps of a table: the client shape it needs, and one
perspective's feed of updates (its newest update, history and log in words)."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, Protocol

from kobito_tui.core.game import Event
from kobito_tui.table import Hint, LogEntry, Perspective, Refusal, Update


class Feed:
    """One perspective's updates as this client keeps them: the newest, the
    history so far (redacted for it) and its log in words, as ``words`` puts each entry
    (``taken_back`` each entry an undo took back)."""

    def __init__(self, words: Callable[[LogEntry], str], taken_back: Callable[[LogEntry], str]) -> None:
        self.words, self.taken_back = words, taken_back
        self.update: Update | None = None
        self.history: list[Event] = []
        self.log: list[str] = []

    def take(self, update: Update) -> list[str]:
        """Keep ``update``; returns the lines it adds to the log panel."""
        if update.full:
            self.history, self.log = [], []
        if update.undone:
            del self.history[-update.undone :]
        if update.taken_back:
            del self.log[-len(update.taken_back) :]
        self.history += update.history
        added = [self.words(entry) for entry in update.log]
        self.log += added
        self.update = update
        return [self.taken_back(entry) for entry in update.taken_back] + added


class Client(Protocol):
    """What the game screen needs of a table: :class:`Table` and ``RemoteTable`` both are one."""

    def subscribe(self, perspective: Perspective, callback: Callable[[Update], None]) -> Any: ...
    def submit(self, seat: int, move: Event, revision: int) -> Refusal | None: ...
    def undo(self, seat: int) -> Refusal | None: ...
    def redo(self, seat: int) -> Refusal | None: ...
    def hint(self, seat: int) -> Future[Hint] | Refusal: ...
