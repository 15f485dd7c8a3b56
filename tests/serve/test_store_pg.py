"""The PostgreSQL store's own part: one owner per table (advisory lock + epoch), the database
going away and coming back, schema versions, and URLs that cannot be used, each said in one line."""

from __future__ import annotations

import random
import threading
import time

import pytest

psycopg = pytest.importorskip("psycopg", reason="psycopg (psycopg 3) is not installed: pip install 'psycopg[binary]'")

from kobito_tui.cli import main  # noqa: E402
from kobito_tui.core.randomplay import random_game  # noqa: E402
from kobito_tui.core.record import Record, new_header, parse_players  # noqa: E402
from kobito_tui.core.savefile import dumps  # noqa: E402
from kobito_tui.games import get_game  # noqa: E402
from kobito_tui.serve.store_api import StoreError, StoreUnusable, TableLost  # noqa: E402
from kobito_tui.serve.store_pg import RETRY_S, SCHEMA_VERSION, PostgresStore  # noqa: E402 - it needs psycopg

SEATING = [{"meta": {}}]


@pytest.fixture
def stores(pg_url):
    """Opens stores on the test's database (two servers' worth), closing each at the end."""
    opened: list[PostgresStore] = []

    def store(owner: str) -> PostgresStore:
        opened.append(PostgresStore(pg_url, owner))
        return opened[-1]

    yield store
    for each in opened:
        each.close()


def game(seed: int = 2) -> Record:
    header = new_header("kobito", parse_players("Ann,Bob"), seed=seed)
    return random_game(get_game("kobito"), header, random.Random(seed))[0]


def kill_connection(store: PostgresStore) -> None:
    """The store's connection ends from the database's side (as a server that lost its network)."""
    with psycopg.connect(store.url, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s, 5000)", (store._conn.info.backend_pid,))  # waits until it has ended


def until(write, timeout: float = 10.0):
    """``write()`` once it stops being refused (a connection is made again at most every RETRY_S)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            return write()
        except StoreError:
            if time.monotonic() > deadline:
                raise
            time.sleep(RETRY_S / 4)


def test_a_table_has_one_owner_and_a_server_that_lost_it_cannot_write_it(stores):
    record = game()
    a, b = stores("a"), stores("b")
    a.create("t", SEATING)
    a.start("t", SEATING, record.header, record.events[:5])
    assert b.own("t") is None and a.own("t") == 1  # a made it: it holds its lock
    with pytest.raises(TableLost):
        b.append("t", 5, record.events[5:6])
    kill_connection(a)  # a's lock goes with its connection: b takes the table, at the next epoch
    assert b.own("t") == 2 and b.load("t").record.events == record.events[:5]
    b.append("t", 5, record.events[5:8])
    with pytest.raises(TableLost, match="table t is played by another server now"):
        until(lambda: a.append("t", 5, record.events[5:6]))  # a is back, but b holds the table
    b.close()  # b lets go; a could lock it again, but its epoch has moved on: a stays out
    with pytest.raises(TableLost):
        a.append("t", 8, record.events[8:9])
    assert dumps(a.load("t").record) == dumps(Record(record.header, record.events[:8])) and "t" not in a.owned()
    assert a.own("t") == 3  # taken again the proper way
    a.append("t", 8, record.events[8:])
    assert dumps(a.load("t").record) == dumps(record)


def test_two_servers_racing_to_take_a_table_exactly_one_owns_it(stores):
    maker = stores("maker")
    for n in range(5):
        maker.create(f"t{n}", SEATING)
    maker.close()
    racers = [stores(f"r{n}") for n in range(4)]
    for n in range(5):
        won: list[int | None] = []
        gate = threading.Barrier(len(racers))

        def race(store: PostgresStore, table: str = f"t{n}", gate: threading.Barrier = gate, won: list[int | None] = won) -> None:
            gate.wait()
            won.append(store.own(table))

        threads = [threading.Thread(target=race, args=(store,)) for store in racers]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(10)
        assert sorted(won, key=lambda e: e or 0) == [None, None, None, 2]  # the maker had epoch 1


def test_a_new_table_whose_write_fails_is_not_kept_as_owned(stores):
    a = stores("a")
    a.create("t", SEATING)
    with pytest.raises(StoreError):
        a.create("t", SEATING)  # the same id again: refused; the first one is still a's
    assert a.owned() == {"t": 1}
    with psycopg.connect(a.url, autocommit=True) as conn:  # a write that fails half way (as a full disk would)
        conn.execute(
            "CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no room'; END $$;"
            "CREATE TRIGGER refuse BEFORE INSERT ON events FOR EACH ROW WHEN (NEW.table_id = 'u') EXECUTE FUNCTION refuse()"
        )
    record = game()
    with pytest.raises(StoreError, match="no room"):
        a.start("u", SEATING, record.header, record.events[:3])
    assert "u" not in a.owned() and [t.table_id for t in a.tables()] == ["t"]  # nothing made, nothing owned
    stores("b").create("u", SEATING)  # its lock was let go: another server may make it


def test_while_the_database_is_away_writes_are_refused_then_they_go_on(stores, pg_cluster):
    record = game(3)
    a, b = stores("a"), stores("b")
    a.create("t", SEATING)
    a.start("t", SEATING, record.header, record.events[:4])
    a.bind_name("key:1", "Ann", "ann")
    pg_cluster.stop()
    try:
        began = time.monotonic()
        for _ in range(3):
            with pytest.raises(StoreError) as refused:
                a.append("t", 4, record.events[4:6])
            assert not isinstance(refused.value, TableLost) and not refused.value.full
        with pytest.raises(StoreError, match="cannot reach the database"):
            a.identity("key:1")
        assert time.monotonic() - began < 5  # refused at once, not after a long wait each
    finally:
        pg_cluster.start()
    until(lambda: a.append("t", 4, record.events[4:]))
    assert dumps(a.load("t").record) == dumps(record) and a.identity("key:1").name == "Ann"
    assert until(lambda: b.own("t")) is None  # a took its lock again on its new connection
    b.bind_name("key:2", "Bob", "bob")
    assert a.name_owner("bob") == "key:2"  # identities are one for every server


def test_grouped_writes_land_from_many_threads_and_some_share_a_commit(stores):
    a = stores("a")
    record = game(5)
    ids = [f"t{n}" for n in range(6)]
    for table_id in ids:
        a.start(table_id, SEATING, record.header, [])

    def write(table_id: str) -> None:
        for index, event in enumerate(record.events):
            a.append(table_id, index, [event])

    with psycopg.connect(a.url, autocommit=True) as admin:
        before = admin.execute("SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()").fetchone()[0]
        threads = [threading.Thread(target=write, args=(t,)) for t in ids]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        admin.execute("SELECT pg_stat_force_next_flush()")
        commits = admin.execute("SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()").fetchone()[0] - before
    assert all(dumps(a.load(t).record) == dumps(record) for t in ids)
    assert commits < len(ids) * len(record.events)  # writes waiting together shared a transaction


def test_a_newer_schema_is_refused_in_one_line_and_an_older_one_is_brought_up(pg_url, tmp_path, capsys):
    store = PostgresStore(pg_url)
    store.create("t", SEATING)
    store.close()
    with psycopg.connect(pg_url, autocommit=True) as conn:
        assert conn.execute("SELECT version FROM kobito_schema").fetchall() == [(SCHEMA_VERSION,)]
        conn.execute("UPDATE kobito_schema SET version = 99")
    with pytest.raises(StoreUnusable) as newer:
        PostgresStore(pg_url)
    said = str(newer.value)
    assert said.startswith("the database kobito_test_") and said.endswith(
        f"was written by a newer kobito-tui (store version 99; this one reads up to {SCHEMA_VERSION}): serve it with that version"
    )
    assert main(["serve", "--database", pg_url, "--data-dir", str(tmp_path / "d"), "--ssh-port", "0"]) == 1
    assert main(["serve", "check", "--database", pg_url]) == 1
    assert capsys.readouterr().err.splitlines() == [f"kobito serve: {said}"] * 2
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(
            "UPDATE kobito_schema SET version = 1; DROP TABLE invites; DROP TABLE analyses; ALTER TABLE tables DROP COLUMN revision;"
            " DROP TABLE history; DROP TABLE ratings; DROP TABLE projection; ALTER TABLE tables DROP COLUMN finished, DROP COLUMN finished_at"
        )  # 1 had none of them
    PostgresStore(pg_url).close()
    with psycopg.connect(pg_url, autocommit=True) as conn:
        assert conn.execute("SELECT version FROM kobito_schema").fetchall() == [(SCHEMA_VERSION,)]
        assert conn.execute("SELECT count(*) FROM invites").fetchone() == (0,)
        assert conn.execute("SELECT count(*) FROM analyses").fetchone() == (0,)
        assert conn.execute("SELECT revision FROM tables WHERE id = 't'").fetchone() == (None,)
        assert conn.execute("SELECT folded FROM projection").fetchall() == [(0,)]
        conn.execute(
            "DROP TABLE kobito_schema; DROP TABLE events; DROP TABLE identities; DROP TABLE analyses; DROP TABLE tables; DROP TABLE invites;"
            " DROP TABLE history; DROP TABLE ratings; DROP TABLE projection"
        )
    again = PostgresStore(pg_url)  # an empty database (version 0) gets every step
    again.create("t", SEATING)
    again.close()


def test_a_database_of_something_else_is_refused_and_left_alone(pg_url):
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("CREATE TABLE tables (photo TEXT)")
    with pytest.raises(StoreUnusable, match="holds tables of something else: give kobito a database of its own"):
        PostgresStore(pg_url)
    with psycopg.connect(pg_url, autocommit=True) as conn:
        assert conn.execute("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'").fetchone() == (1,)


@pytest.mark.parametrize(
    "url, said",
    [
        ("nonsense hunter2", "the database URL does not read as one (write it as postgresql://USER:PASSWORD@HOST:PORT/DATABASE)"),
        ("mysql://ann:hunter2@localhost/kobito", "the database URL does not read as one"),
        ("postgresql://ann:hunter2@/kobito?host=/nonexistent", "cannot reach the database kobito on /nonexistent ("),
        ("postgresql://ann:hunter2@127.0.0.1:1/kobito", "cannot reach the database kobito on 127.0.0.1:1 ("),
    ],
)
def test_a_url_that_cannot_be_used_is_said_in_one_line_without_its_password(url, said, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("KOBITO_DATABASE", url)  # the environment, as a service would set it
    assert main(["serve", "--data-dir", str(tmp_path), "--ssh-port", "0"]) == 1
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and err.startswith(f"kobito serve: {said}"), err
    assert "hunter2" not in err and "Traceback" not in err
    assert not (tmp_path / "ssh_host_ed25519_key").exists()  # stopped before the host key


def test_check_and_export_read_the_database_as_it_is(pg_url, tmp_path, capsys):
    record = game(7)
    store = PostgresStore(pg_url)
    store.start("t1", SEATING, record.header, record.events)
    store.create("open1", SEATING)
    store.close()
    assert main(["serve", "check", "--database", pg_url]) == 0
    out = capsys.readouterr().out
    assert out.startswith("database kobito_test_") and out.endswith(
        ": sound; 2 tables (1 open, 1 playing, 0 over, 0 unfinished, 0 set aside earlier); 0 would be set aside\n"
    )
    assert main(["serve", "export", "--database", pg_url, "t1", str(tmp_path / "t1.jsonl")]) == 0
    assert (tmp_path / "t1.jsonl").read_text() == dumps(record)
    assert main(["serve", "backup", "--database", pg_url, str(tmp_path / "copy.sqlite")]) == 1
    assert "back it up with pg_dump" in capsys.readouterr().err


def test_a_server_on_postgresql_refuses_moves_while_the_database_is_away_then_plays_on_and_a_restart_finds_them(
    pg_url, pg_cluster, data_dir
):
    from kobito_tui.i18n import translator
    from kobito_tui.i18n.messages import say
    from kobito_tui.serve.client import HubClosed

    from .helpers import KEY_ANN, Server, play_until

    server = Server(data_dir / "data", "--database", pg_url)
    try:
        assert f"tables in the database {pg_url.split('/')[3].split('?')[0]} on " in server.lines[0]
        ann, bob = server.connect(KEY_ANN, "Ann"), server.connect("guest", "Bob")
        table = ann.create("kobito", ["open", "open"])
        seats = [ann.join(table, 0), bob.join(table, 1)]
        rng = random.Random(8)
        play_until(seats, rng, lambda u: u.revision >= 6)
        player = next(r for r in seats if r.last.legal)
        before, move = player.last.revision, rng.choice(player.last.legal)
        pg_cluster.stop()
        try:
            refusal = player.submit(player.seat, move, before)
            assert refusal.id == "cannot-save" and say(translator("en"), refusal).startswith("Cannot save")
            assert player.last.revision == before
            with pytest.raises(HubClosed) as refused:  # a key never seen: its name cannot be looked up now
                server.connect("key:SHA256:" + "C" * 43, "Cy")
            assert refused.value.refusal.id == "store-away"
        finally:
            pg_cluster.start()
        assert until_none(lambda: player.submit(player.seat, move, before)) is None  # the same move, once it is back
        play_until(seats, rng, lambda u: u.revision >= before + 6)
        acknowledged = max(r.revision for r in seats)
        shown = [r.wait_for(lambda u: u.revision >= acknowledged).view for r in seats]
        code = seats[1].code
        server.kill()  # nothing flushed on the way out: every acknowledged move is in the database already
        server = Server(data_dir / "data", "--database", pg_url)
        ann, bob = server.connect(KEY_ANN, "Ann"), server.connect("guest", "Bob")
        again = [ann.join(table), bob.join(table, None, code)]
        assert [r.wait_for(lambda u: True).view for r in again] == shown
        assert "Traceback" not in server.read_log()
    finally:
        server.stop()


def until_none(submit, timeout: float = 10.0):
    """``submit()`` again while it is refused as cannot-save (the store makes its connection again)."""
    deadline = time.monotonic() + timeout
    while (refusal := submit()) is not None and refusal.id == "cannot-save" and time.monotonic() < deadline:
        time.sleep(RETRY_S / 4)
    return refusal


def test_writes_commit_synchronously_even_where_the_database_says_otherwise(pg_url):
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(f'ALTER DATABASE "{conn.info.dbname}" SET synchronous_commit = off')
    store = PostgresStore(pg_url)
    try:
        assert store._conn.execute("SHOW synchronous_commit").fetchone() == ("on",)
    finally:
        store.close()


def test_kobito_serve_invite_keeps_its_link_in_the_database(pg_url, tmp_path, capsys):
    from kobito_tui.serve.invites import Invites

    assert main(["serve", "invite", "--database", pg_url, "--data-dir", str(tmp_path), "--url", "https://club.example", "Ivy"]) == 0
    link = capsys.readouterr().out.strip()
    assert link.startswith("https://club.example/invite/")
    invites = Invites(tmp_path / "tables.sqlite", database=pg_url)
    try:
        assert invites.peek(link.rsplit("/", 1)[1]).name == "Ivy"
    finally:
        invites.close()
    assert not (tmp_path / "tables.sqlite").exists()  # nothing of it in the data folder


def advisory_locks(store: PostgresStore) -> int:
    """How many advisory locks the store's connection holds."""
    with psycopg.connect(store.url, autocommit=True) as admin:
        row = admin.execute(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND pid = %s", (store._conn.info.backend_pid,)
        ).fetchone()
    return int(row[0])


def test_a_finished_table_is_let_go_of_with_its_lock(stores):
    record = game()
    a, b = stores("a"), stores("b")
    for table_id in ("t1", "t2", "t3"):
        a.start(table_id, SEATING, record.header, record.events)
    assert set(a.owned()) == {"t1", "t2", "t3"} and advisory_locks(a) == 3
    a.set_status("t1", "over")
    a.set_status("t2", "over")
    assert set(a.owned()) == {"t3"} and advisory_locks(a) == 1  # a server finishing tables keeps no lock for them
    assert b.load("t1").status == "over" and b.load("t1").record.events == record.events
    assert b.own("t3") is None  # the one still played stays a's
    with pytest.raises(TableLost):  # nothing more is written to a finished table by the server that let it go
        a.append("t1", len(record.events), record.events[-1:])
