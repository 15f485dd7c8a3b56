"""A table's revision keeps rising across a server's restart and an owner change: it is kept
with each change, and a table loaded again starts one past it, so a request chosen at a revision
told before is refused as stale, never taken for a move in the position that has that number now.
A store from before revisions were kept opens and goes on from one past its number of events."""

from __future__ import annotations

import random
import sqlite3
import time
from contextlib import ExitStack

import pytest

from kobito_tui.serve.client import HubConnection, RemoteTable
from kobito_tui.serve.store import SCHEMA_VERSION, SqliteStore, StoreReader

from .helpers import KEY_ANN, KEY_BOB, Server, eventually, play_until, running_hub, short_dir


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request) -> list[str]:
    """``kobito serve``'s extra flags for each engine (PostgreSQL: a database of its own, or skipped saying why)."""
    return [] if request.param == "sqlite" else ["--database", request.getfixturevalue("pg_url")]


def seated(socket, table: str | None = None) -> tuple[HubConnection, HubConnection, str, list[RemoteTable]]:
    """Ann and Bob at ``socket``'s hub, at ``table`` again (by their keys) or at a new Kobito table."""
    ann, bob = HubConnection(socket, KEY_ANN, "Ann", timeout=10), HubConnection(socket, KEY_BOB, "Bob", timeout=10)
    if table is None:
        table = ann.create("kobito", ["open", "open"])
        assert isinstance(table, str)
        seats = [ann.join(table, 0), bob.join(table, 1)]
    else:
        seats = [ann.join(table), bob.join(table)]  # a key comes back to its own seat
    assert all(isinstance(s, RemoteTable) for s in seats) and [s.seat for s in seats] == [0, 1]
    for remote in seats:
        remote.wait_for(lambda u: True)
    return ann, bob, table, seats  # type: ignore[return-value]


def play_then_undo(seats: list[RemoteTable], rng: random.Random) -> None:
    """Play random moves until the seat to act may take one back; take it back (its events shrink, the revision rises)."""
    for _ in range(200):
        newest = max(r.revision for r in seats)
        for remote in seats:
            remote.wait_for(lambda u, n=newest: u.revision >= n)
        acting = next((r for r in seats if r.last is not None and r.last.legal), None)
        if acting is None:  # an update on its way
            time.sleep(0.005)
            continue
        update = acting.last
        assert update is not None and acting.seat is not None
        if update.can_undo:
            events = len(acting.events)
            assert acting.undo(acting.seat) is None
            after = acting.wait_for(lambda u, r=update.revision: u.revision > r)
            assert after.revision == update.revision + 1 and len(acting.events) < events
            for remote in seats:  # every seat told of the undo
                remote.wait_for(lambda u, r=after.revision: u.revision >= r)
            return
        assert acting.submit(acting.seat, rng.choice(update.legal), update.revision) is None
        acting.wait_for(lambda u, r=update.revision: u.revision > r)
    raise AssertionError("no move to take back came")


def test_a_restarted_server_goes_on_past_every_revision_it_told_after_an_undo_too(data_dir, database):
    rng = random.Random(8)
    first = Server(data_dir / "data", *database)
    try:
        ann, bob, table, seats = seated(first.socket)
        play_until(seats, rng, lambda u: u.revision >= 4)
        play_then_undo(seats, rng)
        told = max(r.revision for r in seats)
        events = len(seats[0].events)
        assert told > 4
        ann.close()
        bob.close()
    finally:
        assert first.stop() == 0
    second = Server(data_dir / "data", *database)
    try:
        ann, bob, _, seats = seated(second.socket, table)
        assert [r.revision for r in seats] == [told + 1] * 2 and len(seats[0].events) == events  # not 0
        acting = next(r for r in seats if r.last is not None and r.last.legal)
        assert acting.seat is not None and acting.last is not None
        stale = acting.submit(acting.seat, acting.last.legal[0], told)
        assert stale is not None and stale.id == "stale-revision"  # chosen before the restart: not taken as a move now
        assert acting.submit(acting.seat, acting.last.legal[0], told + 1) is None
        acting.wait_for(lambda u: u.revision == told + 2)
        ann.close()
        bob.close()
    finally:
        assert second.stop() == 0
    third = Server(data_dir / "data", *database)  # the change made by the second is kept with its revision
    try:
        ann, bob, _, seats = seated(third.socket, table)
        assert [r.revision for r in seats] == [told + 3] * 2
        ann.close()
        bob.close()
    finally:
        assert third.stop() == 0


def test_a_table_taken_by_another_server_goes_on_past_its_revisions(pg_url):
    with ExitStack() as stack:
        a = running_hub(short_dir(), database=pg_url)
        hub_a = a.__enter__()
        b = stack.enter_context(running_hub(short_dir(), database=pg_url))
        ann = HubConnection(hub_a.socket_path, KEY_ANN, "Ann", timeout=10)
        bob = HubConnection(b.socket_path, KEY_BOB, "Bob", timeout=10)
        table = ann.create("kobito", ["open", "open"])
        assert isinstance(table, str)
        eventually(lambda: table in bob.tables)
        seats = [ann.join(table, 0), bob.join(table, 1)]
        assert all(isinstance(s, RemoteTable) for s in seats)
        rng = random.Random(4)
        play_until(seats, rng, lambda u: u.revision >= 3)  # type: ignore[arg-type]
        play_then_undo(seats, rng)  # type: ignore[arg-type]
        told = max(s.revision for s in seats)  # type: ignore[union-attr]
        before = seats[1].wait_for(lambda u: u.revision == told)  # type: ignore[union-attr]  # relayed: it may come a moment later
        a.__exit__(None, None, None)  # the owner goes; b takes the table and loads it from the store
        after = seats[1].wait_for(lambda u: u is not before and u.full, timeout=10)  # type: ignore[union-attr]
        assert after.revision == before.revision + 1 and b.live[table].table.revision == after.revision
        for c in (ann, bob):
            c.close()


def forget_revisions(database: list[str], data: object) -> None:
    """Make the store as version 4 left it: no revision column (the tables and events as they were)."""
    if not database:
        db = sqlite3.connect(f"{data}/tables.sqlite")
        db.execute("ALTER TABLE tables DROP COLUMN revision")
        db.execute("PRAGMA user_version = 4")
        db.commit()
        db.close()
    else:
        import psycopg

        with psycopg.connect(database[1], autocommit=True) as conn:
            conn.execute("ALTER TABLE tables DROP COLUMN revision; UPDATE kobito_schema SET version = 4")


def test_a_store_from_before_revisions_were_kept_opens_and_goes_on_past_its_events(data_dir, database):
    folder = data_dir
    url = {"database": database[1]} if database else {}
    with running_hub(folder, **url) as hub:
        ann, bob, table, seats = seated(hub.socket_path)
        rng = random.Random(3)
        play_until(seats, rng, lambda u: u.revision >= 3)
        play_then_undo(seats, rng)
        events = len(seats[0].events)
        ann.close()
        bob.close()
    forget_revisions(database, folder)
    if not database:  # `kobito serve check` and `export` read it as it is, before a server brings it up
        reader = StoreReader.open(folder / "tables.sqlite")
        assert reader is not None
        assert [(t.table_id, t.revision, len(t.record.events) if t.record else 0) for t in reader.tables()] == [(table, None, events)]
        reader.close()
    with running_hub(folder, **url) as hub:
        ann, bob, _, seats = seated(hub.socket_path, table)
        assert [r.revision for r in seats] == [events + 1] * 2 and len(seats[0].events) == events
        play_until(seats, rng, lambda u: u.revision >= events + 3)
        assert hub.store.load(table).revision == max(r.revision for r in seats) >= events + 3
        ann.close()
        bob.close()
    if not database:
        store = SqliteStore(folder / "tables.sqlite")
        assert store._db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        store.close()


def test_the_store_keeps_the_revision_with_each_change_and_none_from_a_writer_that_gives_none(data_dir, database):
    from kobito_tui.core.randomplay import random_game
    from kobito_tui.core.record import new_header, parse_players
    from kobito_tui.games import get_game

    if database:
        from kobito_tui.serve.store_pg import PostgresStore

        store: SqliteStore | PostgresStore = PostgresStore(database[1])
    else:
        store = SqliteStore(data_dir / "tables.sqlite")
    header = new_header("kobito", parse_players("Ann,Bob"), seed=5)
    events = random_game(get_game("kobito"), header, random.Random(5))[0].events
    try:
        store.create("t", [{"meta": {}}])
        assert store.load("t").revision is None  # not begun
        store.start("t", [{"meta": {}}], header, events[:4])
        assert store.load("t").revision == 0 and store.load("t").resumed_revision() == 1
        store.append("t", 4, events[4:6], revision=1)
        store.append("t", 5, [], revision=2)  # an undo: fewer events, a revision more
        loaded = store.load("t")
        assert loaded.revision == 2 and loaded.record is not None and len(loaded.record.events) == 5
        store.append("t", 5, events[5:7])  # a writer that does not know it (as a version before 5)
        loaded = store.load("t")
        assert loaded.revision is None and loaded.resumed_revision() == 7 + 1
    finally:
        store.close()
