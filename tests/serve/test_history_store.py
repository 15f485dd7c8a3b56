"""The history and ratings kept by the store, SQLite and PostgreSQL alike: finish numbers in commit
order, the fold as tables finish equal to the rebuild's bytes, two servers finishing tables at
once losing nothing, an older store's finished tables numbered and folded; the host's commands;
and the hub folding a table as it finishes."""

from __future__ import annotations

import json
import random
import threading

import pytest

from kobito_tui.cli import main
from kobito_tui.serve.hub import STORE_NAME
from kobito_tui.serve.store import SqliteStore
from kobito_tui.serve.store_api import OVER

from .finished import PEOPLE, finish
from .helpers import KEY_ANN, eventually, play_until, running_hub

ANN, BOB, CY, DEE, EVE = PEOPLE
SEATS = [
    ("kobito", [ANN, BOB]),
    ("treasure", [ANN, "computer:hard"]),
    ("kobito", [BOB, CY, "computer:easy", DEE]),
    ("treasure", [EVE, ANN]),  # a guest: not rated
    ("kobito", [CY, "computer:medium", ANN]),
    ("treasure", [DEE, BOB, CY]),
]


def open_store(kind: str, where):
    if kind == "sqlite":
        return SqliteStore(where / "t.sqlite")
    from kobito_tui.serve.store_pg import PostgresStore

    return PostgresStore(where)


@pytest.fixture(params=["sqlite", "postgresql"])
def stores(request, tmp_path):
    """Opens stores (servers) on one engine's store, empty at first, closing each at the end."""
    where = tmp_path if request.param == "sqlite" else request.getfixturevalue("pg_url")
    opened = []

    def store():
        opened.append(open_store(request.param, where))
        return opened[-1]

    yield store
    for each in opened:
        each.close()


def numbers(store) -> dict[str, int]:
    return {row["table"]: row["number"] for row in store.stats()["history"]}


def test_a_finished_table_gets_the_next_number_once_and_the_fold_as_they_finish_is_the_rebuilds(stores):
    store = stores()
    for n, (game, seats) in enumerate(SEATS):
        finish(store, f"t{n}", game, seats, n)
        if n % 2:
            assert store.catch_up() == 2
    assert store.own("t0") is not None
    store.set_status("t0", OVER)  # over again (as a restart that found it ended says): it keeps its number
    assert store.catch_up() == 0
    assert numbers(store) == {f"t{n}": n + 1 for n in range(len(SEATS))}
    stats = store.stats()
    assert stats["folded"] == len(SEATS) and len(stats["history"]) == sum(len(s) for _, s in SEATS)
    assert {(r["identity"], r["game"]) for r in stats["ratings"]} == {
        (ANN, "kobito"),
        (BOB, "kobito"),
        (ANN, "treasure"),
        (BOB, "kobito"),
        (CY, "kobito"),
        (DEE, "kobito"),
        (DEE, "treasure"),
        (BOB, "treasure"),
        (CY, "treasure"),
    }  # the guest's table (t3) rated nobody, and a guest is never rated
    assert [r["games"] for r in stats["ratings"] if r["identity"] == ANN] == [2, 1]
    incremental = store.stats_json()
    assert store.rebuild() == len(SEATS) and store.stats_json() == incremental


def test_two_servers_finishing_tables_at_once_lose_no_update(stores):
    a, b = stores(), stores()
    rng = random.Random(5)
    planned = {store: [(f"{name}{n}", *rng.choice(SEATS), n) for n in range(12)] for name, store in (("a", a), ("b", b))}
    errors = []

    def server(store):
        try:
            for table, game, seats, seed in planned[store]:
                finish(store, table, game, seats, seed)
                store.catch_up()
        except Exception as error:  # pragma: no cover - said by the assertion below
            errors.append(error)

    threads = [threading.Thread(target=server, args=(store,)) for store in (a, b)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert errors == []
    assert a.catch_up() == 0 and b.catch_up() == 0  # each caught up after its last table: nothing was left behind
    found = numbers(a)
    assert sorted(found) == sorted(t for plan in planned.values() for t, *_ in plan)
    assert sorted(found.values()) == list(range(1, 25))  # every table once, numbered in the order they finished
    for plan in planned.values():  # each server's own tables finished in its order
        assert [found[t] for t, *_ in plan] == sorted(found[t] for t, *_ in plan)
    incremental = a.stats_json()
    assert a.stats()["folded"] == 24 and b.rebuild() == 24 and a.stats_json() == incremental


def test_an_older_sqlite_store_numbers_its_finished_tables_in_the_order_they_were_made(tmp_path):
    store = SqliteStore(tmp_path / "t.sqlite")
    for n, (game, seats) in enumerate(SEATS[:4]):
        finish(store, f"t{n}", game, seats, n)
    store._db.executescript(
        "UPDATE tables SET created = '2026-01-0' || (9 - substr(id, 2)) || 'T00:00:00Z';"  # made in the opposite order
        "DROP TABLE history; DROP TABLE ratings; DROP TABLE projection; DROP INDEX tables_finished;"
        "ALTER TABLE tables DROP COLUMN finished; ALTER TABLE tables DROP COLUMN finished_at; PRAGMA user_version = 5;"
    )
    store.close()
    again = SqliteStore(tmp_path / "t.sqlite")
    try:
        assert again.catch_up() == 4
        assert numbers(again) == {"t3": 1, "t2": 2, "t1": 3, "t0": 4}
        assert {r["at"] for r in again.stats()["history"] if r["table"] == "t0"} == {"2026-01-09T00:00:00Z"}
    finally:
        again.close()


def test_an_older_postgresql_store_numbers_its_finished_tables_in_the_order_they_were_made(pg_url):
    import psycopg

    from kobito_tui.serve.store_pg import PostgresStore

    store = PostgresStore(pg_url)
    for n, (game, seats) in enumerate(SEATS[:3]):
        finish(store, f"t{n}", game, seats, n)
    store.close()
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(
            "UPDATE tables SET created = timestamptz '2026-01-09 00:00:00+00' - (substr(id, 2)::int * interval '1 day');"
            "DROP TABLE history; DROP TABLE ratings; DROP TABLE projection; ALTER TABLE tables DROP COLUMN finished, DROP COLUMN finished_at;"
            "UPDATE kobito_schema SET version = 5"
        )
    again = PostgresStore(pg_url)
    try:
        assert again.catch_up() == 3
        assert numbers(again) == {"t2": 1, "t1": 2, "t0": 3}
        assert {r["at"] for r in again.stats()["history"] if r["table"] == "t0"} == {"2026-01-09T00:00:00Z"}
    finally:
        again.close()


@pytest.mark.parametrize("engine", ["sqlite", "postgresql"])
def test_the_host_exports_the_history_and_a_rebuild_says_it_changed_nothing(engine, tmp_path, capsys, request):
    folder = tmp_path / "data"
    folder.mkdir()
    where = ["--data-dir", str(folder)]
    if engine == "sqlite":
        store = SqliteStore(folder / STORE_NAME)
    else:
        from kobito_tui.serve.store_pg import PostgresStore

        url = request.getfixturevalue("pg_url")
        store, where = PostgresStore(url), ["--database", url]
    for n, (game, seats) in enumerate(SEATS):
        finish(store, f"t{n}", game, seats, n)
    store.catch_up()
    store.close()
    assert main(["serve", "stats", "--json", *where]) == 0
    exported = capsys.readouterr().out
    document = json.loads(exported)
    assert document["folded"] == 6 and {r["table"] for r in document["history"]} == {f"t{n}" for n in range(6)}
    assert main(["serve", "ratings", "--rebuild", *where]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[0].startswith("kobito serve: rebuilt the history and ratings from 6 finished tables in ")
    assert said[0].endswith(f": {len(document['ratings'])} ratings, 16 history rows; the same as they were, byte for byte")
    assert said[1] == "kobito: 4 rated players" and "treasure: 4 rated players" in said
    assert main(["serve", "stats", "--json", *where]) == 0
    assert capsys.readouterr().out == exported
    assert main(["serve", "stats", *where]) == 0
    assert capsys.readouterr().out == "kobito serve: 6 finished tables, 5 players, 8 ratings (--json: all of it)\n"


def test_the_commands_say_in_one_line_where_there_are_no_tables(tmp_path, capsys):
    assert main(["serve", "ratings", "--data-dir", str(tmp_path / "none")]) == 1
    assert capsys.readouterr().err == f"kobito serve: no tables in {tmp_path / 'none'}\n"
    assert not (tmp_path / "none").exists()


def test_the_hub_folds_a_table_into_the_history_as_it_finishes(tmp_path):
    from kobito_tui.serve.client import HubConnection

    with running_hub(tmp_path / "data") as hub:
        ann = HubConnection(hub.socket_path, KEY_ANN, "Ann", timeout=10)
        table = ann.create("treasure", ["open", "medium"])
        play_until([ann.join(table, 0)], random.Random(3), lambda u: u.over)
        eventually(lambda: hub.store.stats()["folded"] == 1)
        ann.close()
        rows = hub.store.stats()["history"]
        assert hub.store.table_history(table) == rows and hub.store.table_history("nothing") == []  # the final screen's rows
    assert [(r["table"], r["identity"], r["name"], r["rated"]) for r in rows] == [
        (table, KEY_ANN, "Ann", True),
        (table, "computer:medium", "", True),
    ]
    assert rows[0]["rating"]["before"] == [25.0, 25 / 3] and rows[1]["rating"] is None


@pytest.mark.parametrize(
    "seating",
    [
        '{"meta": {}}',
        "[1, 2, 3]",
        '[{"meta": 5}, {}, {}]',
        '[{"meta": {}}, "Ann", "Bob"]',
        '[{"meta": {}}, {"kind": 5, "identity": [1]}, {}]',
    ],
)
def test_a_seating_that_does_not_read_is_passed_by_and_the_fold_goes_on(tmp_path, seating):
    store = SqliteStore(tmp_path / "t.sqlite")
    try:
        for n, (game, seats) in enumerate(SEATS[:3]):
            finish(store, f"t{n}", game, seats, n)
        store._db.execute("UPDATE tables SET seating = ? WHERE id = 't1'", (seating,))
        assert store.catch_up() == 3
        stats = store.stats()
        assert stats["folded"] == 3 and {r["table"] for r in stats["history"]} <= {"t0", "t1", "t2"} and "t2" in numbers(store)
        incremental = store.stats_json()
        assert store.rebuild() == 3 and store.stats_json() == incremental
    finally:
        store.close()


def test_a_catch_up_goes_batch_by_batch_and_stops_between_batches_when_told(tmp_path, monkeypatch):
    from kobito_tui.serve import store_history

    monkeypatch.setattr(store_history, "BATCH", 2)
    store = SqliteStore(tmp_path / "t.sqlite")
    try:
        for n, (game, seats) in enumerate(SEATS[:5]):
            finish(store, f"t{n}", game, seats, n)
        assert store.catch_up(stop=lambda: True) == 0  # a hub closing: not one batch more
        batches = iter([False, True])
        assert store.catch_up(stop=lambda: next(batches)) == 2 and store.stats()["folded"] == 2
        assert store.catch_up() == 3 and store.stats()["folded"] == 5
    finally:
        store.close()


@pytest.mark.slow
def test_the_history_bench_folds_rebuilds_and_times_a_sign_in(capsys):
    assert main(["bench", "history", "--games", "40", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["tables"] == result["folded"] == result["rebuilt"] == 40 and result["history_rows"] >= 80
    assert result["sign_in_ms_median"] > 0 and result["server_start_s"] > 0
