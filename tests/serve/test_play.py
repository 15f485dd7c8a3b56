"""Whole games through a real hub: each client sees exactly its perspective, and the wire holds nothing more."""

from __future__ import annotations

import random

import msgspec

from kobito_tui.core.savefile import load
from kobito_tui.serve import protocol
from kobito_tui.serve.client import HubConnection
from kobito_tui.table import PUBLIC, SeatPerspective, Table

from .helpers import KEY_ANN, play_until


class Recording(HubConnection):
    """A connection that keeps every frame body it received, undecoded."""

    def _recv_exactly(self, size: int) -> bytes:
        data = super()._recv_exactly(size)
        if size != protocol.LENGTH:
            self.__dict__.setdefault("bodies", []).append(data)
        return data


def keys(value) -> set[str]:
    if isinstance(value, dict):
        return set(map(str, value)) | {k for v in value.values() for k in keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys(v)}
    return set()


def test_two_players_and_a_spectator_play_a_game_to_the_end(server, data_dir):
    ann = Recording(server.socket, KEY_ANN, "Ann")
    bob = Recording(server.socket, "guest", "Bob")
    sam = Recording(server.socket, "guest", "Sam")
    table = ann.create("kobito", ["open", "open"])
    seats = [ann.join(table, 0), bob.join(table, 1)]
    watching = sam.spectate(table)
    assert [r.seat for r in seats] == [0, 1] and watching.seat is None
    moves = play_until(seats, random.Random(5), lambda u: u.over)
    final = [r.wait_for(lambda u: u.over) for r in [*seats, watching]]
    assert moves > 20 and final[0].result == final[2].result

    export = data_dir / "game.jsonl"
    from kobito_tui.cli import main

    assert main(["serve", "--data-dir", str(server.data_dir), "export", table, str(export)]) == 0
    assert main(["check", str(export)]) == 0
    record = load(export)
    # The same game on a local table gives each perspective exactly what the hub sent.
    assert record.header.seed is None  # the hub's deals come from the OS: nothing to foresee them by
    local = Table(record, bot_delay=0)
    got = {}
    for perspective in (SeatPerspective(0), SeatPerspective(1), PUBLIC):
        local.subscribe(perspective, lambda u, k=perspective: got.__setitem__(k, u))
    for remote, perspective in zip([*seats, watching], (SeatPerspective(0), SeatPerspective(1), PUBLIC)):
        assert remote.last.view == got[perspective].view
        assert remote.last.perspective == perspective
    assert final[2].view.hand is None and final[0].view.hand is not None

    for connection, seat in ((ann, 0), (bob, 1), (sam, None)):
        frames = [msgspec.msgpack.decode(body) for body in connection.bodies]
        seen = set().union(*map(keys, frames))
        assert not seen & {"seed", "deck", "checkpoint", "redo", "events"}
        history = [e for f in frames if f["t"] == "update" for e in f["history"]]
        engine_seat = -1 if seat is None else seat
        assert history == [msgspec.json.decode(msgspec.json.encode(local.game.redact(e, engine_seat))) for e in record.events]
        assert history != record.events  # the hidden cards were redacted away
        for frame in frames:
            if frame["t"] == "update":
                assert frame["seat"] == seat and frame["view"]["seat"] == (-1 if seat is None else seat)
                assert frame["view"]["hands"] is None and (seat is not None or frame["view"]["hand"] is None)
                assert frame["legal"] == [] or frame["to_act"] == seat
    for connection in (ann, bob, sam):
        connection.close()


def test_a_late_remote_subscriber_gets_the_whole_picture_not_the_last_change(server):
    ann = server.connect(KEY_ANN, "Ann")
    table = ann.create("kobito", ["open", "random"])
    remote = ann.join(table, 0)
    first = remote.wait_for(lambda u: True)
    play_until([remote], random.Random(1), lambda u: u.revision >= 6)
    got = []
    remote.subscribe(remote.perspective, got.append)
    whole = got[0]
    assert whole.full and whole.undone == 0 and whole.revision <= remote.last.revision  # the computer may have moved on since
    assert whole.log[: len(first.log)] == first.log and len(whole.history) > len(first.history)
