"""A host for tests: a bare :class:`~kobito_tui.table.Table` played at the seats named (none:
watched), answered at once, with nothing saved (no computers, no file)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kobito_tui.client import RemoteHost
from kobito_tui.client.hosts import Subscription
from kobito_tui.table import PUBLIC, Perspective, Table, Update


class TableHost(RemoteHost):
    answers_at_once = True

    def __init__(self, table: Table, seats: Sequence[int] = (), watching: Perspective = PUBLIC) -> None:
        super().__init__(table, table.header)  # type: ignore[arg-type]  # a Table has a RemoteTable's shape
        self.table = table
        self._seats, self._watching = list(seats), watching

    @property
    def seats(self) -> list[int]:
        return self._seats

    @property
    def watching(self) -> Perspective:
        return self._watching

    def subscribe(self, perspective: Perspective, callback: Callable[[Update], None]) -> Subscription:
        return self.table.subscribe(perspective, callback)  # a table keeps no client's history to hand over
