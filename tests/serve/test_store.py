"""The store, SQLite and PostgreSQL alike: one row per event, undo cuts rows, reloads go
through the save-file fold; then what is SQLite's own (its file, its schema versions)."""

from __future__ import annotations

import random
import threading
import time

import pytest

from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import Record, new_header, parse_players
from kobito_tui.core.savefile import dumps
from kobito_tui.games import get_game
from kobito_tui.serve.store import PLAYING, SCHEMA_VERSION, SET_ASIDE, Identity, SqliteStore, StoreError


@pytest.fixture
def sqlite_store(tmp_path):
    opened = SqliteStore(tmp_path / "t.sqlite")
    yield opened
    opened.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, tmp_path):
    """Each engine's store, empty (PostgreSQL: a database of its own on the session's cluster)."""
    if request.param == "sqlite":
        opened = SqliteStore(tmp_path / "t.sqlite")
    else:
        from kobito_tui.serve.store_pg import PostgresStore

        opened = PostgresStore(request.getfixturevalue("pg_url"))
    yield opened
    opened.close()


def raw(store, sql: str) -> None:
    """Run ``sql`` on the store's database behind its back (as damage would)."""
    if isinstance(store, SqliteStore):
        store._db.execute(sql)
    else:
        import psycopg

        with psycopg.connect(store.url, autocommit=True) as conn:
            conn.execute(sql)


def test_events_go_in_and_a_cut_takes_them_out(store):
    header = new_header("treasure", parse_players("Ann,Bob"), seed=4)
    record, _ = random_game(get_game("treasure"), header, random.Random(4))
    store.create("t1", [{"meta": {}}])
    store.start("t1", [{"meta": {}}], header, [])
    events = record.events
    store.append("t1", 0, events[:10])
    store.append("t1", 10, events[10:12])
    store.append("t1", 11, [])  # an undo
    store.append("t1", 11, events[11:])
    loaded = store.load("t1")
    assert loaded.status == PLAYING and dumps(loaded.record) == dumps(record)
    with pytest.raises(Exception, match="(?i)unique"):
        raw(store, "INSERT INTO events (table_id, seq, event) VALUES ('t1', 0, '{}')")


def test_writers_from_many_threads_share_commits_and_each_lands(store):
    header = new_header("kobito", parse_players("Ann,Bob"), seed=2)
    record, _ = random_game(get_game("kobito"), header, random.Random(2))
    ids = [f"t{n}" for n in range(8)]
    for table_id in ids:
        store.create(table_id, [{"meta": {}}])
        store.start(table_id, [{"meta": {}}], header, [])

    def write(table_id: str) -> None:
        for index, event in enumerate(record.events):
            store.append(table_id, index, [event])

    threads = [threading.Thread(target=write, args=(t,)) for t in ids]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(dumps(store.load(t).record) == dumps(record) for t in ids)


def test_a_gap_or_a_refused_event_sets_a_table_aside(store, caplog):
    header = new_header("kobito", parse_players("Ann,Bob"), seed=2)
    record, _ = random_game(get_game("kobito"), header, random.Random(2))
    for table_id in ("gap", "bad", "good"):
        store.create(table_id, [{"meta": {}}])
        store.start(table_id, [{"meta": {}}], header, [])
        store.append(table_id, 0, record.events[:20])
    raw(store, "DELETE FROM events WHERE table_id = 'gap' AND seq = 5")
    raw(store, 'UPDATE events SET event = \'{"type":"pass","seat":7}\' WHERE table_id = \'bad\' AND seq = 12')
    tables = {t.table_id: t for t in store.list()}
    assert tables["gap"].status == tables["bad"].status == SET_ASIDE
    assert "event 6 is missing" in tables["gap"].problem and "table bad:14" in tables["bad"].problem
    assert tables["good"].record is not None and "table gap set aside" in caplog.text


def test_a_tables_on_events_hook_mirrors_its_record_through_undo_and_redo(store):
    from kobito_tui.table import SeatPerspective, Table

    header = new_header("kobito", parse_players("Ann,Bob"), seed=9)
    record = Record(header)
    store.create("t", [{"meta": {}}])
    store.start("t", [{"meta": {}}], header, [])
    table = Table(record, bot_delay=0, on_events=lambda kept, added, revision: store.append("t", kept, added, revision=revision))
    store.append("t", 0, record.events)  # the deal, made before any hook
    latest = {}
    rng = random.Random(9)
    for seat in (0, 1):
        table.subscribe(SeatPerspective(seat), lambda u, s=seat: latest.__setitem__(s, u))
    undone = 0
    for step in range(60):
        update = latest[table.to_act]
        if update.can_undo and step % 4 == 0:
            assert table.undo(table.to_act) is None
            undone += 1
            if step % 8 == 0:
                assert table.redo(table.to_act) is None
        else:
            assert table.submit(table.to_act, rng.choice(update.legal), update.revision) is None
        loaded = store.load("t")
        assert dumps(loaded.record) == dumps(record) and loaded.revision == table.revision
    assert undone >= 3


def test_export_says_in_one_line_what_is_wrong(tmp_path, capsys):
    from kobito_tui.cli import main

    assert main(["serve", "export", "--data-dir", str(tmp_path / "none"), "t", str(tmp_path / "x.jsonl")]) == 1
    assert main(["serve", "--data-dir", str(tmp_path / "none"), "export", "t", str(tmp_path / "x.jsonl")]) == 1
    store = SqliteStore(tmp_path / "tables.sqlite")
    store.create("open1", [{"meta": {}}])
    store.close()
    assert main(["serve", "export", "--data-dir", str(tmp_path), "nope", str(tmp_path / "x.jsonl")]) == 1
    assert main(["serve", "export", "--data-dir", str(tmp_path), "open1", str(tmp_path / "x.jsonl")]) == 1
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 4 and "no tables in" in lines[0] and "no table nope" in lines[2] and "no game to export" in lines[3]


def test_a_write_the_file_has_no_room_for_raises_and_keeps_nothing_then_goes_in_once_there_is(sqlite_store):
    store = sqlite_store
    header = new_header("kobito", parse_players("Ann,Bob"), seed=3)
    record, _ = random_game(get_game("kobito"), header, random.Random(3))
    store.create("t", [{"meta": {}}])
    store.start("t", [{"meta": {}}], header, record.events[:5])
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own "database or disk is full"
    big = [{"type": "note", "text": "x" * 3000}] * 20
    with pytest.raises(StoreError) as full:
        store.append("t", 5, big)
    assert full.value.full
    with pytest.raises(StoreError):
        store.create("u", [{"meta": {"pad": "y" * 20000}}])
    assert [t.table_id for t in store.tables()] == ["t"] and dumps(store.load("t").record) == dumps(Record(header, record.events[:5]))
    store._db.execute(f"PRAGMA max_page_count = {pages * 100}")
    store.append("t", 5, record.events[5:])
    assert dumps(store.load("t").record) == dumps(record)


@pytest.mark.parametrize("older", [0, 1, 2, 3, 4, 5])
def test_the_schema_version_is_written_and_an_older_store_gets_what_it_lacks(tmp_path, older):
    store = SqliteStore(tmp_path / "t.sqlite")
    store.create("t", [{"meta": {}}])
    assert store._db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 6
    store._db.executescript(
        "DROP TABLE history; DROP TABLE ratings; DROP TABLE projection; DROP INDEX tables_finished;"
        " ALTER TABLE tables DROP COLUMN finished; ALTER TABLE tables DROP COLUMN finished_at"
    )  # 5 kept no history
    if older < 5:
        store._db.execute("ALTER TABLE tables DROP COLUMN revision")  # 4 kept no revisions
    if older < 4:
        store._db.execute("DROP TABLE analyses")  # 3 had no analyses
    if older < 3:
        store._db.execute("DROP TABLE invites")  # 2 had no invites
    if older < 2:
        store._db.execute("DROP TABLE identities")  # 0 (before versions) and 1 had only tables and events
    store._db.execute(f"PRAGMA user_version = {older}")
    store.close()
    again = SqliteStore(tmp_path / "t.sqlite")
    assert again._db.execute("PRAGMA user_version").fetchone()[0] == 6 and [t.table_id for t in again.list()] == ["t"]
    assert again.load("t").revision is None  # not known: a version before 5 wrote it (or none yet: it has not begun)
    assert again.catch_up() == 0 and again.stats() == {"folded": 0, "ratings": [], "history": []}
    assert again._db.execute("SELECT count(*) FROM invites").fetchone()[0] == 0
    again.keep_analysis("t", "all:0:1-x", "{}")
    assert again.analysis("t", "all:0:1-x") == "{}"
    again.bind_name("key:SHA256:x", "Ann", "ann")
    assert again.identity("key:SHA256:x") == Identity("Ann", {}) and again.name_owner("ann") == "key:SHA256:x"
    again.close()


def test_an_analysis_is_kept_per_table_and_key_replaced_when_kept_again_and_read_by_another_store(store, tmp_path):
    for table_id in ("t", "u"):
        store.create(table_id, [{"meta": {}}])
    store.set_status("t", "over")  # a finished table has no owner: keeping its analysis needs none
    assert store.analysis("t", "all:0:1-x") is None
    store.keep_analysis("t", "all:0:1-x", '{"first": 1}')
    store.keep_analysis("t", "0:0:1-x", '{"seat": 0}')
    store.keep_analysis("u", "all:0:1-x", '{"other": 1}')
    store.keep_analysis("t", "all:0:1-x", '{"again": "é"}')  # the same table and key: replaced, not added
    assert store.analysis("t", "all:0:1-x") == '{"again": "é"}' and store.analysis("t", "0:0:1-x") == '{"seat": 0}'
    assert store.analysis("u", "all:0:1-x") == '{"other": 1}' and store.analysis("u", "0:0:1-x") is None
    assert store.analysis("t", "all:0:2-y") is None  # another estimator's key
    url = getattr(store, "url", None)
    if url is None:
        store.close()
        other = SqliteStore(tmp_path / "t.sqlite")  # the next start of the server
    else:
        from kobito_tui.serve.store_pg import PostgresStore

        other = PostgresStore(url, "another server")  # a server sharing the database
    try:
        assert other.analysis("t", "all:0:1-x") == '{"again": "é"}'
    finally:
        other.close()


def test_invites_are_kept_hashed_beside_the_identities_and_a_link_is_spent_once(store):
    from kobito_tui.serve.invites import Invites

    database = getattr(store, "url", None)
    invites = Invites(getattr(store, "path", None), database=database)
    try:
        store.bind_name("key:SHA256:ann", "Ann", "ann")
        link, invited = invites.invite("ANN")  # the identity that goes by the name
        assert invited.identity == "key:SHA256:ann" and invites.peek(link) == invited and invites.peek(link) == invited
        won = []
        threads = [threading.Thread(target=lambda n=n: won.append(invites.redeem(link, chr(97 + n) * 43))) for n in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert [w for w in won if w is not None] == [invited] and invites.peek(link) is None  # once, even at the same moment
        session = next(chr(97 + n) * 43 for n in range(4) if invites.session(chr(97 + n) * 43) is not None)
        assert invites.session(session) == invited
        fresh, newcomer = invites.invite("Ivy")
        assert newcomer.identity.startswith("web:") and invites.redeem(fresh, "z" * 43) == newcomer
        invites.clock = lambda: time.time() + 100 * 24 * 3600.0
        assert invites.session(session) is None and invites.session("z" * 43) is None  # expired
    finally:
        invites.close()
