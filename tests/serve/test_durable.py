"""An acknowledged move is never lost: every write is on disk (``synchronous_commit`` on) before a
player hears of it, a move its seat may still take back too. PostgreSQL stopped as a crash would
(``-m immediate``) right after a move has every move a player was told of."""

from __future__ import annotations

import random

from kobito_tui.serve.client import HubConnection
from kobito_tui.serve.store_pg import PostgresStore

from .helpers import KEY_ANN, KEY_BOB, play_until, running_hub, short_dir


def test_a_crash_of_postgresql_loses_no_acknowledged_move(pg_cluster, pg_url):
    played = []
    with running_hub(short_dir(), database=pg_url) as hub:
        ann, bob = (HubConnection(hub.socket_path, key, name, timeout=10) for key, name in ((KEY_ANN, "Ann"), (KEY_BOB, "Bob")))
        table = ann.create("kobito", ["open", "open"])
        seats = [ann.join(table, 0), bob.join(table, 1)]
        play_until(seats, random.Random(8), lambda u: u.revision >= 6)
        for _ in range(3):  # a card played (its seat may still take it back), acknowledged, then the crash
            acting = next(r for r in seats if r.wait_for(lambda u: True).legal)
            update = acting.last
            move = next((m for m in update.legal if m["type"] != "end-turn"), update.legal[0])
            assert acting.submit(acting.seat, move, update.revision) is None
            acting.wait_for(lambda u, before=update.revision: u.revision > before)  # told
            played.append(move)
            told = len(acting.events)
            pg_cluster.stop("immediate")
            pg_cluster.start()
        for c in (ann, bob):
            c.close()
    store = PostgresStore(pg_url)
    try:
        stored = store.load(table).record
    finally:
        store.close()
    assert stored is not None and len(stored.events) >= told
    assert all(move in stored.events for move in played)
