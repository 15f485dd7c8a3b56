"""A table starts at the revision it is given (a reloaded one: past every revision told of it
before), counts each change from there, and tells its ``on_events`` hook the revision of each."""

from __future__ import annotations

import random

from kobito_tui.core.record import Record
from kobito_tui.table import SeatPerspective, Table

from .helpers import Client, new_table, play_random


def test_a_table_loaded_again_starts_at_its_revision_and_refuses_the_old_numbers():
    played = new_table(seed=6)
    play_random(played, 5, random.Random(6))
    kept: list[tuple[int, int]] = []
    record = Record(played._session.header, list(played._session.events))
    table = Table(record, bot_delay=0, revision=9, on_events=lambda k, added, revision: kept.append((len(added), revision)))
    clients = {s: Client(table, SeatPerspective(s)) for s in range(2)}
    seat = table.to_act
    client = clients[seat]
    assert table.revision == client.last.revision == 9 and client.last.full
    move = client.last.legal[0]
    for old in (0, 5, 8):
        refusal = table.submit(seat, move, old)
        assert refusal is not None and refusal.id == "stale-revision" and refusal.params == {"revision": old, "current": 9}
    assert table.submit(seat, move, 9) is None
    assert table.revision == client.last.revision == 10 and kept[-1][1] == 10
    rng = random.Random(6)
    while not clients[table.to_act].last.can_undo:  # until a seat may take its move back
        last = clients[table.to_act].last
        assert table.submit(table.to_act, rng.choice(last.legal), last.revision) is None and kept[-1][1] == table.revision
    revision = table.revision
    assert table.undo(table.to_act) is None
    assert table.revision == clients[table.to_act].last.revision == revision + 1 and kept[-1] == (0, revision + 1)


def test_a_new_table_starts_at_zero():
    table = new_table(seed=1)
    assert table.revision == Client(table, SeatPerspective(0)).last.revision == 0
