"""The table's doors in and out: refusals, updates, late subscribers, undo, saving."""

from __future__ import annotations

import random

import pytest

from kobito_tui.core.savefile import dumps, load
from kobito_tui.i18n.messages import english
from kobito_tui.table import OMNISCIENT, PUBLIC, SeatPerspective, Table

from .helpers import Client, new_table, play_random


def test_a_seat_to_act_gets_legal_moves_and_the_others_do_not():
    table = new_table(players=3)
    clients = [Client(table, SeatPerspective(s)) for s in range(3)]
    public = Client(table, PUBLIC)
    acting = table.to_act
    for seat, client in enumerate(clients):
        assert client.last.view.seat == seat and client.last.view.hand is not None
        assert bool(client.last.legal) == (seat == acting)
    assert public.last.legal == () and public.last.view.hand is None and public.last.view.hands is None
    assert all(c.last.to_act == acting and c.last.revision == 0 and c.last.full for c in [*clients, public])


def test_refusals_say_why_and_change_nothing():
    table = new_table()
    client = Client(table, SeatPerspective(table.to_act))
    seat, update = table.to_act, client.last
    move = update.legal[0]
    before = dumps(table._session.record)
    refusals = {
        "not-your-turn": table.submit(1 - seat, {**move, "seat": 1 - seat}, 0),
        "stale-revision": table.submit(seat, move, 7),
        "illegal-move": table.submit(seat, {**move, "pot": 9}, 0),
        "no-such-seat": table.submit(5, move, 0),
        "nothing-to-undo": table.undo(seat),
        "nothing-to-redo": table.redo(seat),
    }
    assert table.submit("0", move, 0).id == "no-such-seat"
    assert table.submit(seat, "not a move", 0).id == "illegal-move"
    assert table.undo(1 - seat).id == "not-your-turn"
    for ident, refusal in refusals.items():
        assert refusal.id == ident and english(refusal)[0].isupper()  # words for tools, by i18n
    assert table.revision == 0 and len(client.updates) == 1
    assert dumps(table._session.record) == before


@pytest.mark.parametrize("shared", [False, True])
def test_a_treasure_table_refuses_malformed_moves_though_random_play_trusts_its_own(shared):
    """The engine plays its own moves unchecked (``Game.play``); a table's come from outside and are checked."""
    table = new_table("treasure", players=4, options={"shared_pawn": shared})
    seat = table.to_act
    before = dumps(table._session.record)
    malformed = [
        {"type": "step", "seat": seat, "dir": "sideways"}, {"type": "step", "seat": seat, "dir": ["up"]},
        {"type": "step", "seat": seat}, {"type": "step", "seat": seat, "dir": "up", "pot": 1},
        {"type": "place", "seat": seat, "corner": [2, 2]}, {"type": "place", "seat": seat, "corner": "0,0"},
        {"type": "place", "seat": seat, "corner": [0, 0, 0]}, {"type": "end", "seat": seat}, {"type": "pass", "seat": seat},
        {"type": "reveal", "pos": [0, 0], "tile": ["red", "crown"]}, {"type": "setup", "colours": ["red"]},
        {"type": "fly", "seat": seat}, {"type": ["step"], "seat": seat},
    ]  # fmt: skip  # a table: one row a line
    for move in malformed:
        refusal = table.submit(seat, move, 0)
        assert refusal is not None and refusal.id == "illegal-move", move
    assert table.revision == 0 and dumps(table._session.record) == before


def test_a_finished_game_refuses_every_change():
    table = new_table("treasure")
    play_random(table, 10_000, random.Random(1))
    assert table.over
    assert table.submit(0, {"type": "pass", "seat": 0}, table.revision).id == "game-over"
    assert table.undo(0).id == "game-over" and table.redo(0).id == "game-over"
    assert table.hint(0).id == "game-over"


def test_a_late_subscriber_gets_the_whole_picture_once():
    table = new_table(players=3, seed=8)
    early = [Client(table, p) for p in (SeatPerspective(1), PUBLIC)]
    play_random(table, 25, random.Random(2))
    for client in early:
        late = Client(table, client.last.perspective)
        first = late.last
        assert first.full and first.revision == table.revision == client.last.revision
        assert list(first.history) == client.history and list(first.log) == client.log
        assert first.view == client.last.view
    play_random(table, 5, random.Random(3))
    assert late.history == early[1].history and late.log == early[1].log


def test_undo_takes_back_the_log_entry_and_redo_brings_it_back():
    table = new_table(seed=4)
    seat = table.to_act
    me, public = Client(table, SeatPerspective(seat)), Client(table, PUBLIC)
    play = next(m for m in me.last.legal if m["type"] == "play")
    table.submit(seat, play, 0)
    assert me.last.can_undo and [e.id for e in public.last.log] == ["kobito.play"]
    logged = public.last.log[0]
    assert table.undo(seat) is None
    for client in (me, public):
        update = client.last
        assert update.undone == 1 and update.taken_back == (logged,) and update.log == ()
    assert me.last.can_redo and not me.last.can_undo and me.last.revision == 2
    assert public.last.can_redo is False  # only the seat may redo, and only it is told
    assert table.redo(seat) is None and public.last.log == (logged,)
    fresh = Client(table, PUBLIC)
    assert public.log == fresh.log and public.history == fresh.history


def test_omniscient_is_refused_while_the_game_is_live():
    table = new_table("treasure", seed=2)
    with pytest.raises(ValueError):
        table.subscribe(OMNISCIENT, print)
    with pytest.raises(ValueError):
        table.subscribe(SeatPerspective(2), print)
    play_random(table, 10_000, random.Random(1))
    replay = Client(table, OMNISCIENT)
    assert replay.last.view.seat is None and replay.last.result is not None


def test_the_header_clients_get_has_no_seed():
    table = new_table(seed=123456)
    update = Client(table, PUBLIC).last
    assert update.header.seed is None and table.header.seed is None
    assert update.header.seats == table._session.header.seats and update.header.options


def test_a_client_that_fails_is_dropped_and_the_others_go_on():
    table = new_table()

    def broken(update):
        if not update.full:
            raise RuntimeError("boom")

    bad = table.subscribe(PUBLIC, broken)
    good = Client(table, PUBLIC)
    play_random(table, 3, random.Random(1))
    assert isinstance(bad.error, RuntimeError) and table.spectators == 1
    assert [u.revision for u in good.updates] == [0, 1, 2, 3]


def test_a_client_that_plays_from_its_callback_keeps_the_order():
    """A submit made while updates are being delivered is delivered after them."""
    table = new_table(players=2, seed=5)
    rng = random.Random(4)

    def eager(update):
        if update.legal:
            table.submit(update.perspective.seat, rng.choice(update.legal), update.revision)

    watcher = Client(table, PUBLIC)
    for seat in (0, 1):
        table.subscribe(SeatPerspective(seat), eager)
    assert table.over  # the two eager seats played the whole game inside the first callback
    revisions = [u.revision for u in watcher.updates]
    assert revisions == list(range(len(revisions)))


def test_what_a_client_holds_cannot_change_the_record():
    table = new_table(seed=6)
    seat = table.to_act
    me = Client(table, SeatPerspective(seat))
    move = dict(me.last.legal[0])
    table.submit(seat, move, 0)
    move["seat"] = 99
    for event in me.history:
        event.clear()
    assert all("type" in event for event in table._session.events)
    assert Client(table, SeatPerspective(seat)).history[0]["type"] == "setup"


def test_autosave_writes_every_change(tmp_path):
    path = tmp_path / "game.jsonl"
    from kobito_tui.core.game import Seat
    from kobito_tui.core.record import Record, new_header

    table = Table(Record(new_header("kobito", (Seat("Ann"), Seat("Bob")), seed=2)), path, background_save=True)
    play_random(table, 12, random.Random(5))
    table.flush()
    assert dumps(load(path)) == dumps(table._session.record)


def test_a_failed_autosave_is_reported_and_the_move_stands(tmp_path):
    (tmp_path / "game.jsonl").mkdir()  # a directory where the file should go: every write fails
    from kobito_tui.core.game import Seat
    from kobito_tui.core.record import Record, new_header

    errors = []
    header = new_header("kobito", (Seat("Ann"), Seat("Bob")), seed=2)
    table = Table(Record(header), tmp_path / "game.jsonl", on_save_error=errors.append)
    watcher = Client(table, PUBLIC)
    play_random(table, 1, random.Random(5))
    assert len(errors) == 1 and isinstance(errors[0], OSError)
    assert table.revision == 1 and watcher.last.revision == 1


def test_a_hint_is_a_legal_move_for_the_seat_to_act():
    table = new_table("treasure", seed=3, hint_level="greedy")
    seat = table.to_act
    me = Client(table, SeatPerspective(seat))
    assert table.hint(1 - seat).id == "not-your-turn"
    hint = table.hint(seat).result(timeout=10)
    assert hint.revision == table.revision and hint.move in me.last.legal


def test_the_table_imports_no_textual():
    import subprocess
    import sys

    code = "import sys, kobito_tui.table, kobito_tui.bench.table; print(sorted({m.split('.')[0] for m in sys.modules}))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "'textual'" not in loaded and "'rich'" not in loaded


def test_a_hint_whose_computer_fails_settles_with_the_error(monkeypatch):
    import pytest

    from kobito_tui.table import table as table_module

    def broken(*args, **kwargs):
        raise RuntimeError("no computer today")

    monkeypatch.setattr(table_module, "make_bot", broken)
    table = new_table("treasure", seed=3, hint_level="greedy")
    with pytest.raises(RuntimeError, match="no computer today"):
        table.hint(table.to_act).result(timeout=10)


def test_a_second_hint_while_one_is_thought_out_is_refused_still_thinking(monkeypatch):
    from kobito_tui.i18n.messages import say
    from kobito_tui.i18n.translation import translator
    from kobito_tui.table import table as table_module

    from .test_workers import Sleeper

    monkeypatch.setattr(table_module, "make_bot", lambda *args: Sleeper(0.3))
    table = new_table("treasure", seed=3)
    seat = table.to_act
    first = table.hint(seat)
    refusals = [table.hint(seat) for _ in range(200)]
    assert {r.id for r in refusals} == {"still-thinking"}
    assert say(translator("en"), refusals[0]) == "Still thinking about your last hint; wait for it."
    assert first.result(timeout=10).revision == table.revision
    assert table.hint(seat).result(timeout=10).revision == table.revision  # the next one, once it is answered
