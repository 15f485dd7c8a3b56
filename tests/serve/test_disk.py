"""A store that cannot write: the change is refused in the player's words, nothing of it is kept or
sent, the players stay connected, and once there is room the same request goes through; a restart
finds every acknowledged move.  Once with a store made to fail (SQLite and PostgreSQL), once with
a real full disk (a 2 MB tmpfs; root only)."""

from __future__ import annotations

import errno
import os
import random
import subprocess
from pathlib import Path

import pytest

from kobito_tui.cli import main
from kobito_tui.i18n import translator
from kobito_tui.i18n.messages import say
from kobito_tui.serve.client import HubConnection, RemoteTable
from kobito_tui.serve.hub import STORE_NAME, Hub
from kobito_tui.serve.store import SqliteStore, StoreError
from kobito_tui.serve.store_open import open_reader

from .helpers import KEY_ANN, KEY_BOB, Server, play_until, running_hub

FULL = "Cannot save: the server's disk is full; your move was not made. Try again in a while."


class Full:
    """A store whose every write fails while ``full`` is set, as on a full disk."""

    full = False

    def _write(self, *statements, table: str | None = None) -> None:
        if self.full:
            error = StoreError("database or disk is full")
            error.full = True
            raise error
        super()._write(*statements, table=table)


class FullStore(Full, SqliteStore):
    pass


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request) -> str | None:
    """Where the tables are: None (SQLite in the data dir) or a PostgreSQL database's URL."""
    return None if request.param == "sqlite" else request.getfixturevalue("pg_url")


def full_store(folder: Path, database: str | None):
    if database is None:
        return FullStore(folder / STORE_NAME)
    from kobito_tui.serve.store_pg import PostgresStore

    return type("FullPostgres", (Full, PostgresStore), {})(database)


def shown(remote: RemoteTable):
    update = remote.last
    return update.revision, update.view, update.to_act, update.legal, update.can_undo


def acting(seats: list[RemoteTable]) -> RemoteTable:
    """The seat to act, once every seat has seen the newest change."""
    newest = max(r.revision for r in seats)
    updates = [r.wait_for(lambda u, n=newest: u.revision >= n) for r in seats]
    return next(r for r, u in zip(seats, updates) if u.legal)


def sound(data_dir: Path, database: str | None = None) -> None:
    """Every stored table reads back whole: none would be set aside."""
    reader = open_reader(data_dir / STORE_NAME, database)
    assert reader is not None
    try:
        assert [t.problem for t in reader.tables()] == [None] * len(reader.tables())
    finally:
        reader.close()


def test_writes_that_fail_refuse_the_table_the_seat_and_the_move_and_keep_nothing_half_made(data_dir, database):
    folder = data_dir / "data"
    folder.mkdir()
    store = full_store(folder, database)
    with running_hub(folder, store=store) as hub:
        ann, bob = hub_client(hub, KEY_ANN, "Ann"), hub_client(hub, KEY_BOB, "Bob")
        store.full = True
        for seats in (["open", "open"], ["random", "random"]):  # a table of people, and one of computers (it starts at once)
            refused = ann.create("kobito", seats)
            assert refused.id == "cannot-save" and refused.params == {"cause": "disk-full", "what": "table"}
        assert hub.lobby.rooms == {} and hub.live == {} and store.tables() == []
        store.full = False
        table = ann.create("kobito", ["open", "open"])
        store.full = True
        assert bob.join(table, 1).params["what"] == "seat"
        store.full = False
        seats = [ann.join(table, 0)]
        store.full = True  # the last seat starts the game: seat, header and deal are one write
        assert bob.join(table, 1).params["what"] == "seat"
        assert table not in hub.live and hub.lobby.rooms[table].chairs[1].kind == "open"
        assert store.load(table).seating[2]["kind"] == "open" and store.load(table).record is None
        store.full = False
        seats.append(bob.join(table, 1))
        rng = random.Random(4)
        for _ in range(12):
            player = acting(seats)
            before, move = [shown(r) for r in seats], rng.choice(player.last.legal)
            store.full = True
            refusal = player.submit(player.seat, move, player.last.revision)
            assert refusal.id == "cannot-save" and say(translator("en"), refusal) == FULL
            assert [shown(r) for r in seats] == before  # no update came before the answer: none was sent
            store.full = False
            assert player.submit(player.seat, move, player.last.revision) is None  # still connected; now it goes
            player.wait_for(lambda u, r=before[0][0]: u.revision > r)
        assert say(translator("uk"), refusal).startswith("Не вдається зберегти: диск сервера заповнений")
        acting(seats)  # every seat has seen the last move
        acknowledged = [shown(r) for r in seats]
    sound(folder, database)
    with running_hub(folder, database=database) as hub:  # a restart: every acknowledged move is there
        ann, bob = hub_client(hub, KEY_ANN, "Ann"), hub_client(hub, KEY_BOB, "Bob")
        assert rejoined([ann.join(table), bob.join(table)]) == [a[1:4] for a in acknowledged]


def test_a_seat_given_to_a_computer_that_cannot_be_stored_stays_its_players(data_dir, database):
    store = full_store(data_dir, database)
    with running_hub(data_dir, store=store, away_before_give_s=0) as hub:
        ann, bob = hub_client(hub, KEY_ANN, "Ann"), hub_client(hub, KEY_BOB, "Bob")
        table = ann.create("kobito", ["open", "open"])
        ann.join(table, 0), bob.join(table, 1)
        bob.leave()
        store.full = True
        refused = ann.give_to_computer(1, "random")
        assert refused is not None and refused.params == {"cause": "disk-full", "what": "seat"}
        assert hub.lobby.rooms[table].chairs[1].identity == KEY_BOB and hub.live[table].computers == {}
        assert store.load(table).seating[2]["kind"] == "player"
        store.full = False
        assert ann.give_to_computer(1, "random") is None
        assert store.load(table).seating[2]["kind"] == "computer" and list(hub.live[table].computers) == [1]


def hub_client(hub: Hub, identity: str, name: str) -> HubConnection:
    return HubConnection(hub.socket_path, identity, name, timeout=10)


def rejoined(seats: list[RemoteTable]) -> list[tuple]:
    """What each seat is shown on coming back (the revision starts again, nothing is undoable: left out)."""
    return [(r.wait_for(lambda u: True), shown(r)[1:4])[1] for r in seats]


# -- a real full disk ------------------------------------------------------------
@pytest.fixture
def small_disk(data_dir):
    """A 2 MB tmpfs at ``data_dir/disk``."""
    mount = data_dir / "disk"
    mount.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m,mode=0700", "tmpfs", str(mount)], capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
    yield mount
    subprocess.run(["umount", "-l", str(mount)], check=False)


def fill(folder: Path) -> Path:
    """A file that takes every free byte of ``folder``'s file system."""
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        for size in (1 << 16, 1 << 12, 1):
            with pytest.raises(OSError) as full:
                while True:
                    os.write(fd, b"\0" * size)
            assert full.value.errno == errno.ENOSPC
    finally:
        os.close(fd)
    return filler


def test_a_full_disk_mid_game_refuses_the_move_then_play_goes_on_and_a_restart_finds_every_move(small_disk, capsys):
    server = Server(small_disk)  # its log is beside the disk, not on it
    try:
        ann, bob = server.connect(KEY_ANN, "Ann"), server.connect("guest", "Bob")
        table = ann.create("kobito", ["open", "open"])
        seats = [ann.join(table, 0), bob.join(table, 1)]
        rng = random.Random(6)
        play_until(seats, rng, lambda u: u.revision >= 6)
        filler = fill(small_disk)
        refusals = []
        for _ in range(30):  # the first write that needs a new page of the disk is refused
            player = acting(seats)
            before, move = [shown(r) for r in seats], rng.choice(player.last.legal)
            refusal = player.submit(player.seat, move, player.last.revision)
            if refusal is not None:
                refusals.append(refusal)
                break
            player.wait_for(lambda u, r=before[0][0]: u.revision > r)
        assert refusals and say(translator("en"), refusals[0]) == FULL
        assert [shown(r) for r in seats] == before
        assert player.submit(player.seat, move, player.last.revision).id == "cannot-save"  # connected; still full
        assert ann.create("treasure", ["open", "open"]).params["what"] == "table"
        filler.unlink()
        assert player.submit(player.seat, move, player.last.revision) is None  # the same move, once there is room
        play_until(seats, rng, lambda u: u.revision >= before[0][0] + 8)
        acting(seats)
        acknowledged = [shown(r) for r in seats]
        code = seats[1].code
        server.kill()  # the harshest stop: nothing is flushed on the way out
        server = Server(small_disk)
        ann, bob = server.connect(KEY_ANN, "Ann"), server.connect("guest", "Bob")
        assert rejoined([ann.join(table), bob.join(table, None, code)]) == [a[1:4] for a in acknowledged]
        assert main(["serve", "check", "--data-dir", str(small_disk)]) == 0  # while the server runs
        assert "0 would be set aside" in capsys.readouterr().out
        assert "set aside" not in server.read_log() and "cannot save" in server.read_log()
    finally:
        server.stop()
