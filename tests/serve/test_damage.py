"""A damaged store is said in one line (which file, what to do), never a traceback, and left as it
is; ``kobito serve check`` says the same, and which tables a start would set aside."""

from __future__ import annotations

import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from kobito_tui.cli import main
from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import new_header, parse_players
from kobito_tui.games import get_game
from kobito_tui.serve import store as store_module
from kobito_tui.serve.hub import STORE_NAME
from kobito_tui.serve.store import SCHEMA_VERSION, SqliteStore, StoreReader, StoreUnusable

WHAT_TO_DO = "restore a backup (kobito serve backup FILE makes one) or move it away to start with no tables"


def stored_games(folder: Path, count: int = 4) -> Path:
    """A store of ``count`` finished games, closed (one file, no -wal)."""
    folder.mkdir(parents=True, exist_ok=True)
    store = SqliteStore(folder / STORE_NAME)
    for n in range(count):
        header = new_header("kobito", parse_players("Ann,Bob"), seed=n)
        record, _ = random_game(get_game("kobito"), header, random.Random(n))
        store.create(f"t{n}", [{"meta": {}}])
        store.start(f"t{n}", [{"meta": {}}], header, record.events)
    store.close()
    return folder / STORE_NAME


def flipped(data: bytes, offset: int) -> bytes:
    return data[:offset] + bytes([data[offset] ^ 0xFF]) + data[offset + 1 :]


def newer(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version = 99")
    db.commit()
    db.close()


def foreign(path: Path) -> None:
    path.unlink()
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE photos (id INTEGER)")
    db.commit()
    db.close()


DAMAGE = {
    "truncated": (lambda p: p.write_bytes(p.read_bytes()[: p.stat().st_size // 2]), "is damaged (", True),
    "byte-flipped": (lambda p: p.write_bytes(flipped(p.read_bytes(), 100)), "is damaged (", True),
    "emptied": (lambda p: p.write_bytes(b""), "is empty (0 bytes), so it holds no tables", True),
    "not sqlite": (lambda p: p.write_text("id,status\nt1,open\n" * 50), "is not an SQLite file", True),
    "unreadable": (lambda p: (p.unlink(), p.mkdir()), "cannot be read (Is a directory)", True),
    "foreign": (foreign, "is an SQLite file but not a kobito store", True),
    "newer": (newer, f"was written by a newer kobito-tui (store version 99; this one reads up to {SCHEMA_VERSION})", False),
}


def contents(path: Path) -> bytes | None:
    return path.read_bytes() if path.is_file() else None


@pytest.mark.parametrize("kind", DAMAGE)
def test_each_kind_of_damage_stops_the_server_with_one_line_and_leaves_the_file_as_it_was(data_dir, kind, capsys):
    damage, said, restore = DAMAGE[kind]
    folder = data_dir / "data"
    path = stored_games(folder)
    damage(path)
    before = contents(path)
    served = subprocess.run(
        [sys.executable, "-m", "kobito_tui.cli", "serve", "--data-dir", str(folder), "--ssh-port", "0"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    lines = served.stderr.splitlines()
    assert served.returncode == 1 and len(lines) == 1, served.stderr
    assert lines[0].startswith(f"kobito serve: {path} {said}") and lines[0].endswith(WHAT_TO_DO) == restore
    assert contents(path) == before and not (folder / "ssh_host_ed25519_key").exists()  # stopped before the host key
    assert main(["serve", "check", "--data-dir", str(folder)]) == 1
    assert capsys.readouterr().err.splitlines() == lines
    assert contents(path) == before


def test_an_unreadable_file_is_said_so_not_taken_for_a_new_store(tmp_path, monkeypatch):
    path = stored_games(tmp_path)

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(store_module, "open", refuse, raising=False)  # root reads any file: say no for it
    with pytest.raises(StoreUnusable, match=r"tables.sqlite cannot be read \(Permission denied\): restore a backup"):
        SqliteStore(path)


def test_check_lists_the_tables_a_start_would_set_aside_and_why(tmp_path, capsys):
    path = stored_games(tmp_path)
    assert main(["serve", "check", "--data-dir", str(tmp_path)]) == 0
    assert (
        capsys.readouterr().out
        == f"{path}: sound; 4 tables (0 open, 4 playing, 0 over, 0 unfinished, 0 set aside earlier); 0 would be set aside\n"
    )
    db = sqlite3.connect(path)
    db.execute("DELETE FROM events WHERE table_id = 't1' AND seq = 3")
    db.execute('UPDATE events SET event = \'{"type":"pass","seat":"\x1b[2J"}\' WHERE table_id = \'t2\' AND seq = 5')
    db.execute("INSERT INTO tables (id, status, seating) VALUES ('t9', 'set-aside', '[]')")
    db.commit()
    db.close()
    before = path.read_bytes()
    assert main(["serve", "check", "--data-dir", str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{path}: sound; 5 tables (0 open, 2 playing, 0 over, 0 unfinished, 1 set aside earlier); 2 would be set aside"
    assert out[1] == "  table t1: event 4 is missing" and out[2].startswith("  table t2: table t2:7") and "\x1b" not in out[2]
    assert path.read_bytes() == before  # check sets nothing aside itself
    reader = StoreReader.open(path)
    assert [t.status for t in reader.tables()] == ["playing", "set-aside", "set-aside", "playing", "set-aside"]
    reader.close()
    assert main(["serve", "check", "--data-dir", str(tmp_path / "none")]) == 1
    assert capsys.readouterr().err == f"kobito serve: no tables in {tmp_path / 'none'}\n"
