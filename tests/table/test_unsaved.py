"""A change its ``on_events`` hook refuses (a store that cannot write) is undone and told to nobody."""

from __future__ import annotations

import random
import time

from kobito_tui.core.savefile import dumps
from kobito_tui.table import ComputerSeat, SeatPerspective, computer
from kobito_tui.table.messages import cannot_save
from kobito_tui.table.table import Table

from .helpers import Client, new_table


class Disk:
    """The events a store would hold; refuses every write while ``full`` (only ``seat``'s moves, if given)."""

    def __init__(self, seat: int | None = None) -> None:
        self.events: list = []
        self.full, self.seat = False, seat
        self.refused: list[tuple[int, list]] = []
        self.revision = 0  # the table's, as kept with its last change

    def __call__(self, kept: int, added: list, revision: int):
        if self.full and (self.seat is None or added and added[0].get("seat") == self.seat):
            self.refused.append((kept, added))
            return cannot_save(True, "move" if added else "undo")
        self.events[kept:] = added
        self.revision = revision
        return None


def seen(table: Table, seat: int) -> tuple:
    """What a newcomer at ``seat`` is shown now (the state folded afresh)."""
    client = Client(table, SeatPerspective(seat))
    client.subscription.cancel()
    u = client.last
    return u.revision, u.view, u.to_act, u.legal, u.can_undo, u.can_redo, u.history


def test_a_refused_move_undo_or_redo_leaves_the_table_exactly_as_it_was_and_sends_nothing():
    disk = Disk()
    table = new_table(seed=5, on_events=disk)
    disk.events = list(table._session.events)  # the deal, stored with the table
    clients = [Client(table, SeatPerspective(s)) for s in range(2)]
    rng = random.Random(5)
    kinds = set()
    for step in range(120):
        if table.over:
            break
        seat = table.to_act
        update = clients[seat].last
        if update.can_redo and step % 2:
            kind, change = "redo", lambda s=seat: table.redo(s)
        elif update.can_undo and step % 3 == 0:
            kind, change = "undo", lambda s=seat: table.undo(s)
        else:
            move = rng.choice(update.legal)
            kind, change = "move", lambda s=seat, m=move, r=update.revision: table.submit(s, m, r)
        before, record, sent = seen(table, seat), dumps(table._session.record), [len(c.updates) for c in clients]
        disk.full = True
        refusal = change()
        assert refusal is not None and refusal.id == "cannot-save" and refusal.params["cause"] == "disk-full"
        assert refusal.params["what"] == ("undo" if kind == "undo" else "move")
        assert seen(table, seat) == before and dumps(table._session.record) == record
        assert [len(c.updates) for c in clients] == sent  # no update for a change that was not made
        disk.full = False
        assert change() is None, kind  # the same request, once there is room
        assert disk.events == table._session.events
        assert disk.revision == table.revision == before[0] + 1  # kept with the change; the refused one counted nothing
        kinds.add(kind)
        kinds.update("chance" for kept, added in disk.refused[-1:] if any("seat" not in e for e in added))
    assert kinds == {"move", "undo", "redo", "chance"}  # a refused move that dealt cards took them back too


def test_a_computer_offers_its_move_again_until_it_is_saved(monkeypatch):
    monkeypatch.setattr(computer, "SAVE_RETRY_S", 0.01)
    disk = Disk(seat=1)  # only the computer's moves cannot be saved
    table = new_table(seed=2, on_events=disk)
    disk.events = list(table._session.events)
    person = Client(table, SeatPerspective(0))
    disk.full = True
    bot = ComputerSeat.of_level(table, 1, "random")
    try:
        while table.to_act != 1:  # the person plays until the computer is to act
            update = person.last
            assert table.submit(0, update.legal[0], update.revision) is None
        deadline = time.monotonic() + 5
        while len(disk.refused) < 3:  # the computer tries, and tries again
            assert time.monotonic() < deadline
            time.sleep(0.01)
        revision = table.revision
        disk.full = False
        while table.revision == revision:
            assert time.monotonic() < deadline, "the computer gave up"
            time.sleep(0.01)
        with table._lock:
            assert disk.events == table._session.events
    finally:
        bot.close()
