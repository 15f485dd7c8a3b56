"""The history and the ratings as the store keeps them: a projection of the finished tables,
folded in the order they finished, the same way as they finish and from scratch.

The order: when a table is over, the write that says so gives it the next finish number
(:func:`~kobito_tui.serve.store_rows.finish_statement`, under the store's one lock on the projection: SQLite's write lock,
a PostgreSQL advisory lock held to the commit), so numbers are given in the order of the commits
that give them.  The projection keeps how far it has folded (``projection.folded``); a
:meth:`HistoryRows.catch_up` folds the tables past it, in number order, in batches, each batch one
transaction under that same lock: two servers catching up at once take turns, the second finds
the first's batch folded and goes on from there, and no table is folded twice or passed over.  A
rebuild empties the projection (its ``folded`` back to 0) and catches up: the same steps over the
same tables in the same order, so the same rows and ratings, byte for byte.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from typing import Any, Protocol

from kobito_tui.serve.history import Finished, canonical_json, finished
from kobito_tui.serve.ratings import Rating, rate, shown
from kobito_tui.serve.store_api import StoredTable
from kobito_tui.serve.store_rows import folded_table

BATCH = 100  # tables folded in one transaction (a server's own writes wait meanwhile: keep it short)

# Both engines' tables (PostgreSQL: REAL is DOUBLE PRECISION there, as SQLite's REAL is an IEEE double).
HISTORY_SCHEMA = """
CREATE TABLE IF NOT EXISTS history (
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    number BIGINT NOT NULL,
    identity TEXT NOT NULL,
    game TEXT NOT NULL,
    row TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX IF NOT EXISTS history_identity ON history (identity, number);
CREATE TABLE IF NOT EXISTS ratings (
    identity TEXT NOT NULL,
    game TEXT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL,
    number BIGINT NOT NULL,
    PRIMARY KEY (identity, game)
);
CREATE TABLE IF NOT EXISTS projection (
    id INTEGER PRIMARY KEY CHECK (id = 0),
    folded BIGINT NOT NULL
);
INSERT INTO projection (id, folded) VALUES (0, 0) ON CONFLICT DO NOTHING;
CREATE INDEX IF NOT EXISTS tables_finished ON tables (finished);
"""  # history: one row per seat of a finished table; ratings: one per person and game; projection: how far it folded


class Sql(Protocol):
    """One transaction of the projection's, in SQLite's SQL with ``?`` placeholders."""

    def rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]: ...

    def run(self, sql: str, params: tuple[Any, ...] | list[tuple[Any, ...]] = ()) -> None: ...


class HistoryRows:
    """The projection's part of a store: the engine gives :meth:`_folding`, one transaction that
    holds the projection's lock (and raises :class:`~kobito_tui.serve.store_api.StoreError`)."""

    def _folding(self) -> contextlib.AbstractContextManager[Sql]:
        raise NotImplementedError

    def catch_up(self, stop: Callable[[], bool] | None = None) -> int:
        """Fold every finished table not folded yet, in finish order (or fewer: until ``stop()`` says so
        between batches); how many tables it folded."""
        done = 0
        while stop is None or not stop():
            with self._folding() as sql:
                count = _fold_batch(sql)
            done += count
            if count < BATCH:
                break
        return done

    def rebuild(self) -> int:
        """The projection from scratch: emptied, then every finished table folded again; how many."""
        with self._folding() as sql:
            sql.run("DELETE FROM history")
            sql.run("DELETE FROM ratings")
            sql.run("UPDATE projection SET folded = 0")
        return self.catch_up()

    def stats(self) -> dict[str, Any]:
        """The whole projection as plain data: how far it folded, every rating, every history row
        (in a fixed order, so the same projection always gives the same document)."""
        with self._folding() as sql:
            folded = sql.rows("SELECT folded FROM projection")[0][0]
            ratings = sql.rows("SELECT identity, game, mu, sigma, games, number FROM ratings ORDER BY game, identity")
            history = sql.rows("SELECT row FROM history ORDER BY number, seat")
        return {
            "folded": folded,
            "ratings": [
                {"identity": i, "game": g, "mu": mu, "sigma": s, "games": n, "last": last, "shown": shown(mu, s)}
                for i, g, mu, s, n, last in ratings
            ],
            "history": [json.loads(row) for (row,) in history],
        }

    def table_history(self, table_id: str) -> list[dict[str, Any]]:
        """One finished table's history rows, by seat, each rated person's with their rating before and after
        (what a final screen shows as the change); none until the table is folded."""
        with self._folding() as sql:
            rows = sql.rows("SELECT row FROM history WHERE table_id = ? ORDER BY seat", (table_id,))
        return [json.loads(row) for (row,) in rows]

    def stats_json(self) -> str:
        """:meth:`stats` as canonical JSON text: byte for byte the same for the same projection."""
        return canonical_json(self.stats()) + "\n"


def _fold_batch(sql: Sql) -> int:
    """Fold the next :data:`BATCH` finished tables past ``projection.folded``; how many it read."""
    folded = sql.rows("SELECT folded FROM projection")[0][0]
    tables = sql.rows(
        "SELECT id, status, seating, header, finished, finished_at FROM tables WHERE finished > ? ORDER BY finished LIMIT ?",
        (folded, BATCH),
    )
    if not tables:
        return 0
    ratings: dict[tuple[str, str], Rating | None] = {}

    def current(identity: str, game: str) -> Rating | None:
        if (identity, game) not in ratings:
            found = sql.rows("SELECT mu, sigma, games FROM ratings WHERE identity = ? AND game = ?", (identity, game))
            ratings[(identity, game)] = Rating(*found[0]) if found else None
        return ratings[(identity, game)]

    rows: list[tuple[Any, ...]] = []
    last: dict[tuple[str, str], int] = {}
    for table_id, status, seating, header, number, at in tables:

        def events(table_id: str = table_id) -> list[tuple[int, str]]:
            return [(seq, event) for seq, event in sql.rows("SELECT seq, event FROM events WHERE table_id = ? ORDER BY seq", (table_id,))]

        stored, state = folded_table(table_id, status, seating, header, events)
        table = _history(stored, number, at or "", state)
        if table is None:
            continue
        table, new = rate(table, current)
        for identity, rating in new.items():
            ratings[(identity, table.game)] = rating
            last[(identity, table.game)] = number
        rows += [(row.table, row.seat, number, row.identity, row.game, row.json()) for row in table.seats]
    if rows:
        sql.run("INSERT INTO history (table_id, seat, number, identity, game, row) VALUES (?, ?, ?, ?, ?, ?)", rows)
    changed = [
        (identity, game, r.mu, r.sigma, r.games, last[(identity, game)])
        for (identity, game), r in ratings.items()
        if (identity, game) in last and r
    ]
    if changed:
        sql.run(
            "INSERT INTO ratings (identity, game, mu, sigma, games, number) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (identity, game)"
            " DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, number = excluded.number",
            changed,
        )
    sql.run("UPDATE projection SET folded = ?", (tables[-1][4],))
    return len(tables)


def _history(stored: StoredTable, number: int, at: str, state: Any) -> Finished | None:
    """The table's history; None for one whose game does not read (the fold passes it by, as a rebuild will)."""
    try:
        return finished(stored, number, at, state)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return None
