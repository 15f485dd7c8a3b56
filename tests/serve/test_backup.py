"""`kobito serve backup FILE`: a sound, consistent copy while the server goes on writing."""

from __future__ import annotations

import random
import threading

from kobito_tui.cli import main
from kobito_tui.core.savefile import dumps
from kobito_tui.serve.hub import STORE_NAME
from kobito_tui.serve.store import StoreReader

from .helpers import KEY_ANN, play_until


def games(path) -> dict[str, str | None]:
    reader = StoreReader.open(path)
    assert reader is not None
    try:
        reader.verify()
        tables = reader.tables()
    finally:
        reader.close()
    assert all(t.problem is None for t in tables)
    return {t.table_id: None if t.record is None else dumps(t.record) for t in tables}


def test_backups_taken_while_games_are_played_are_sound_and_the_last_is_the_store(server, data_dir, capsys):
    ann, bob = server.connect(KEY_ANN, "Ann"), server.connect("guest", "Bob")
    for who in (ann, ann, bob):  # computers playing as fast as they can: writes all the time (two tables each at most)
        assert isinstance(who.create("kobito", ["random", "random"]), str)
    table = ann.create("kobito", ["open", "open"])
    seats = [ann.join(table, 0), bob.join(table, 1)]
    played = threading.Thread(target=play_until, args=(seats, random.Random(1), lambda u: u.over or u.revision >= 150))
    played.start()
    copies = [data_dir / f"copy{n}.sqlite" for n in range(4)]
    try:
        for copy in copies[:3]:
            assert main(["serve", "backup", "--data-dir", str(server.data_dir), str(copy)]) == 0
            assert main(["serve", "check", "--data-dir", str(server.data_dir)]) == 0
    finally:
        played.join(60)
    assert [len(games(copy)) for copy in copies[:3]] == [4, 4, 4]
    played_moves = [sum(len(g or "") for g in games(copy).values()) for copy in copies[:3]]
    assert played_moves == sorted(played_moves)  # each copy a later moment of the same games
    server.stop()
    assert main(["serve", "backup", "--data-dir", str(server.data_dir), str(copies[3])]) == 0
    assert games(copies[3]) == games(server.data_dir / STORE_NAME)
    assert not list(data_dir.glob("*.partial*")) and not list(data_dir.glob("copy*-wal"))  # one self-contained file each
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == f"kobito serve: 4 tables backed up to {copies[3]}"
    assert main(["serve", "backup", "--data-dir", str(server.data_dir), str(copies[0])]) == 1  # never over a file
    assert main(["serve", "backup", "--data-dir", str(server.data_dir), str(data_dir / "no" / "such.sqlite")]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0] == f"kobito serve: {copies[0]} exists; name a new file"
    assert err[1].startswith(f"kobito serve: cannot write {data_dir / 'no' / 'such.sqlite'} (") and len(err) == 2
