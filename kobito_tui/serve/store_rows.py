"""What both stores share: the rows a write makes (SQL with ``?`` placeholders, which
both engines run), and the fold that puts a table's rows back together as a game.

A stored game is read through :func:`kobito_tui.core.savefile.loads`, exactly as a
save file is: a table that does not validate is set aside, never played.
"""

from __future__ import annotations

import contextlib
import json
import logging
import time
from collections.abc import Callable
from typing import Any

from kobito_tui.core.game import Event, Header
from kobito_tui.core.savefile import SaveError, header_line, loads_folded
from kobito_tui.serve.store_api import OPEN, OVER, PLAYING, SET_ASIDE, StoredTable, StoreError

log = logging.getLogger("kobito.serve")

Statement = tuple[str, "tuple[Any, ...] | list[tuple[Any, ...]]"]
HISTORY_LOCK = "kobito history"  # PostgreSQL: the advisory lock's text, held by a write giving finish numbers and by a fold


def now_utc() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def finish_statement(table_id: str, at: str) -> Statement:
    """The write that says ``table_id`` is over, giving it the next finish number (and ``at``, its
    time) unless it has one: run where no other write can give one meanwhile (SQLite's write lock;
    PostgreSQL: after :data:`HISTORY_LOCK` in the same transaction).  The history folds tables in
    this order (:mod:`~kobito_tui.serve.store_history`)."""
    return (
        "UPDATE tables SET status = ?, finished = coalesce(finished, (SELECT coalesce(max(finished), 0) + 1 FROM tables)),"
        " finished_at = coalesce(finished_at, ?) WHERE id = ?",
        (OVER, at, table_id),
    )


def stored_table(
    table_id: str, status: str, seating: str, header: str | None, events: Callable[[], list[tuple[int, str]]], revision: object = None
) -> StoredTable:
    """A table from its row and (read only if it has begun) its events as ``(seq, event)`` rows;
    set aside, with its problem, if they do not make a valid game.  ``events`` raises
    :class:`StoreError` if its rows do not read.  A ``revision`` that is not a count (NULL: an
    older version wrote the row) is not known."""
    return folded_table(table_id, status, seating, header, events, revision)[0]


def folded_table(
    table_id: str, status: str, seating: str, header: str | None, events: Callable[[], list[tuple[int, str]]], revision: object = None
) -> tuple[StoredTable, Any]:
    """:func:`stored_table`, and its game's state after the last event (None if it has no game)."""
    known = revision if type(revision) is int and revision >= 0 else None
    try:
        stored = StoredTable(table_id, status, json.loads(seating), revision=known)
    except ValueError as error:
        return StoredTable(table_id, SET_ASIDE, [], problem=f"seating: {error}"), None
    if header is None or status == SET_ASIDE:
        return stored, None
    try:
        rows = events()
    except StoreError as error:  # a byte gone wrong in a row the engine itself finds sound
        return StoredTable(table_id, SET_ASIDE, stored.seating, problem=f"its events do not read ({error})"), None
    lines = [header]
    for expected, (seq, event) in enumerate(rows):
        if seq != expected:
            return StoredTable(table_id, SET_ASIDE, stored.seating, problem=f"event {expected + 1} is missing"), None
        lines.append(event)
    try:
        stored.record, state = loads_folded("\n".join(lines) + "\n", f"table {table_id}")
    except SaveError as error:
        return StoredTable(table_id, SET_ASIDE, stored.seating, problem=str(error)), None
    return stored, state


class TableRows:
    """The store's writes as rows, sent through the engine's :meth:`_write` (``table`` names
    the table a write changes: a shared store checks this server still owns it); the engine
    also reads its ``tables()``."""

    tables: Callable[[], list[StoredTable]]

    def _write(self, *statements: Statement, table: str | None = None) -> None:
        raise NotImplementedError

    def _claimed(self, table_id: str) -> contextlib.AbstractContextManager[None]:
        """Around making the table ``table_id``: it is this server's (one store per server: nothing to do)."""
        return contextlib.nullcontext()

    def create(self, table_id: str, seating: list[dict[str, Any]]) -> None:
        with self._claimed(table_id):
            self._write(
                ("INSERT INTO tables (id, status, seating) VALUES (?, ?, ?)", (table_id, OPEN, json.dumps(seating))), table=table_id
            )

    def start(self, table_id: str, seating: list[dict[str, Any]], header: Header, events: list[Event]) -> None:
        with self._claimed(table_id):
            self._write(
                (
                    "INSERT INTO tables (id, status, seating, header, revision) VALUES (?, ?, ?, ?, 0) ON CONFLICT (id) DO UPDATE"
                    " SET status = excluded.status, seating = excluded.seating, header = excluded.header, revision = 0",
                    (table_id, PLAYING, json.dumps(seating), header_line(header)),
                ),
                *self._event_statements(table_id, 0, events),
                table=table_id,
            )

    def set_seating(self, table_id: str, seating: list[dict[str, Any]]) -> None:
        self._write(("UPDATE tables SET seating = ? WHERE id = ?", (json.dumps(seating), table_id)), table=table_id)

    _finish_lock: tuple[Statement, ...] = ()  # what a write giving a finish number runs first (PostgreSQL: its lock)

    def set_status(self, table_id: str, status: str) -> None:
        if status == OVER:
            self._write(*self._finish_lock, finish_statement(table_id, now_utc()), table=table_id)
        else:
            self._write(("UPDATE tables SET status = ? WHERE id = ?", (status, table_id)), table=table_id)

    def append(self, table_id: str, kept: int, events: list[Event], revision: int | None = None) -> None:
        self._write(
            *self._event_statements(table_id, kept, events),
            ("UPDATE tables SET revision = ? WHERE id = ?", (revision, table_id)),  # in the same transaction as its events
            table=table_id,
        )

    @staticmethod
    def _event_statements(table_id: str, kept: int, events: list[Event]) -> tuple[Statement, Statement]:
        rows = [(table_id, kept + i, json.dumps(e, ensure_ascii=False, separators=(",", ":"))) for i, e in enumerate(events)]
        return (
            ("DELETE FROM events WHERE table_id = ? AND seq >= ?", (table_id, kept)),
            ("INSERT INTO events (table_id, seq, event) VALUES (?, ?, ?)", rows),
        )

    def list(self) -> list[StoredTable]:
        """Every table, oldest first; one that does not validate comes back set aside, with a log line."""
        tables = self.tables()
        for stored in tables:
            if stored.problem is not None:
                log.warning("table %s set aside: %s", stored.table_id, stored.problem)
                try:
                    self.set_status(stored.table_id, SET_ASIDE)
                except StoreError:  # it is set aside for this run; the next one finds it again
                    pass
        return tables

    def bind_name(self, identity: str, name: str, claim: str) -> None:
        self._write(("INSERT INTO identities (identity, name, claim) VALUES (?, ?, ?) ON CONFLICT DO NOTHING", (identity, name, claim)))

    def set_settings(self, identity: str, settings: dict[str, Any]) -> None:
        self._write(("UPDATE identities SET settings = ? WHERE identity = ?", (json.dumps(settings), identity)))

    def keep_analysis(self, table_id: str, key: str, report: str) -> None:
        """A finished table's analysis: no owner's write (nothing of the game changes)."""
        self._write(
            (
                "INSERT INTO analyses (table_id, key, report) VALUES (?, ?, ?)"
                " ON CONFLICT (table_id, key) DO UPDATE SET report = excluded.report",
                (table_id, key, report),
            )
        )


def settings_of(text: str) -> dict[str, Any]:
    """Stored settings as a dict ({} if they do not read as one)."""
    try:
        settings = json.loads(text)
    except ValueError:
        return {}
    return settings if isinstance(settings, dict) else {}
