"""Two hubs on one PostgreSQL database (in this process): one lobby, a table played from
both, hidden hands kept by the owner, and a table that moves when its owner goes."""

from __future__ import annotations

import random
import time
from contextlib import ExitStack, contextmanager

import msgspec

from kobito_tui.serve import protocol
from kobito_tui.serve.client import HubConnection
from kobito_tui.serve.cluster import Push, _decode_mail

from .helpers import KEY_ANN, KEY_BOB, eventually, play_until, running_hub, short_dir


def connect(hub, identity, name) -> HubConnection:
    return HubConnection(hub.socket_path, identity, name, timeout=10)


@contextmanager
def two_servers_at_a_table(pg_url, *, seed: int, revision: int):
    """Servers a and b on one database, Ann on a and Bob on b seated at Ann's table, played to ``revision``."""
    with ExitStack() as stack:
        a = stack.enter_context(running_hub(short_dir(), database=pg_url))
        b = stack.enter_context(running_hub(short_dir(), database=pg_url))
        ann, bob = connect(a, KEY_ANN, "Ann"), connect(b, KEY_BOB, "Bob")
        table = ann.create("kobito", ["open", "open"])
        eventually(lambda: table in bob.tables)
        seats = [ann.join(table, 0), bob.join(table, 1)]
        play_until(seats, random.Random(seed), lambda u: u.revision >= revision)
        yield a, b, ann, bob, seats


def overheard(hub) -> list[Push]:
    """Every push mail ``hub`` receives from now on, as it came."""
    heard: list[Push] = []
    cluster = hub.peers
    take = cluster._mail

    def keep(bodies):
        heard.extend(m for m in map(_decode_mail, bodies) if isinstance(m, Push))
        take(bodies)

    cluster._mail = keep
    return heard


def test_players_on_two_servers_play_one_table_and_each_sees_only_its_own(pg_url):
    with ExitStack() as stack:
        a = stack.enter_context(running_hub(short_dir(), database=pg_url))
        b = stack.enter_context(running_hub(short_dir(), database=pg_url))
        heard = overheard(b)
        ann, bob, sam = connect(a, KEY_ANN, "Ann"), connect(b, KEY_BOB, "Bob"), connect(b, "guest", "Sam")
        table = ann.create("kobito", ["open", "open"])
        eventually(lambda: table in bob.tables)  # one lobby: B hears of A's table
        assert [t.table for t in b.listing()] == [table] and table not in b.lobby.rooms
        seats = [ann.join(table, 0), bob.join(table, 1)]
        watching = sam.spectate(table)
        assert [s.seat for s in seats] == [0, 1]
        eventually(lambda: bob.tables[table].status == "playing" and all(s.connected for s in bob.tables[table].seats))
        moves = play_until(seats, random.Random(3), lambda u: u.over)
        final = [r.wait_for(lambda u: u.over) for r in [*seats, watching]]
        assert moves > 20 and final[1].result == final[2].result
        assert final[2].view.hand is None and final[1].view.hand is not None and final[1].view.hand != final[0].view.hand
        # Everything B was sent for its clients is its clients' own perspective: no other hand, no seed.
        sessions = {r.seat: r for r in (seats[1], watching)}
        assert heard and {m.sender for m in heard} == {a.peers.server}
        for push in heard:
            frame = msgspec.msgpack.decode(push.frame)
            if frame["t"] == "update":
                seat = frame["seat"]
                assert seat in sessions and frame["view"]["hands"] is None
                assert frame["view"]["seat"] == (-1 if seat is None else seat)
                assert seat is not None or frame["view"]["hand"] is None
        for row in b.peers.bus.lobby():  # the shared lobby holds summaries only
            assert set(msgspec.msgpack.decode(row[2])) == set(protocol.TableInfo.__struct_fields__)
        for c in (ann, bob, sam):
            c.close()


def test_when_the_owner_goes_another_server_takes_the_table_and_the_game_goes_on(pg_url):
    with ExitStack() as stack:
        a_dir = short_dir()
        a = running_hub(a_dir, database=pg_url)
        hub_a = a.__enter__()
        b = stack.enter_context(running_hub(short_dir(), database=pg_url))
        ann, bob = connect(hub_a, KEY_ANN, "Ann"), connect(b, "guest", "Bob")
        table = ann.create("kobito", ["open", "open"])
        eventually(lambda: table in bob.tables)
        seats = [ann.join(table, 0), bob.join(table, 1)]
        play_until(seats, random.Random(4), lambda u: u.revision >= 6)
        before, acknowledged = seats[1].last, list(seats[1].events)
        a.__exit__(None, None, None)  # the owner goes: its lock goes with its connection
        eventually(lambda: table in b.lobby.rooms, timeout=10)
        seats[1].wait_for(lambda u: u is not before and u.full, timeout=10)  # Bob is seated again, by his code
        assert seats[1].events[: len(acknowledged)] == acknowledged  # no acknowledged move lost
        assert b.store.owned()[table] == 2  # the next epoch
        ann = connect(b, KEY_ANN, "Ann")  # Ann's client comes back, to the server that plays it now
        seats[0] = ann.join(table)
        assert seats[0].seat == 0
        play_until(seats, random.Random(5), lambda u: u.over)
        for c in (ann, bob):
            c.close()


def test_two_servers_racing_for_a_table_whose_owner_went_exactly_one_gets_it(pg_url):
    with ExitStack() as stack:
        a = running_hub(short_dir(), database=pg_url)
        hub_a = a.__enter__()
        b = stack.enter_context(running_hub(short_dir(), database=pg_url))
        c = stack.enter_context(running_hub(short_dir(), database=pg_url))
        ann = connect(hub_a, KEY_ANN, "Ann")
        tables = [ann.create("kobito", ["open", "open"]) for _ in range(4)]
        eventually(lambda: all(t in b.peers.elsewhere and t in c.peers.elsewhere for t in tables))
        ann.close()
        a.__exit__(None, None, None)
        eventually(lambda: all((t in b.lobby.rooms) or (t in c.lobby.rooms) for t in tables), timeout=10)
        for table in tables:
            assert (table in b.lobby.rooms) != (table in c.lobby.rooms)  # exactly one owns it
            owner, loser = (b, c) if table in b.lobby.rooms else (c, b)
            eventually(lambda owner=owner, loser=loser, table=table: loser.peers.elsewhere[table][0] == owner.peers.server)
            assert owner.store.owned()[table] == 2


def test_a_move_while_the_database_is_away_is_refused_and_play_goes_on_after(pg_cluster, pg_url):
    with two_servers_at_a_table(pg_url, seed=6, revision=4) as (a, b, ann, bob, seats):
        pg_cluster.stop("immediate")
        try:
            eventually(lambda: not b.peers.linked and not a.peers.linked, timeout=10)
            acting = next(r for r in seats if r.wait_for(lambda u: True).legal)
            update = acting.last
            refusal = acting.submit(acting.seat, update.legal[0], update.revision)
            assert refusal is not None and refusal.id == "cannot-save"
        finally:
            pg_cluster.start()
        eventually(lambda: a.peers.linked and b.peers.linked, timeout=10)
        refusals = []

        def a_move_goes_through() -> bool:  # the store may refuse for a moment more, or the table move
            acting = next((r for r in seats if r.last.legal), None)
            refusal = None if acting is None else acting.submit(acting.seat, acting.last.legal[0], acting.last.revision)
            refusals.append(refusal and refusal.id)
            return acting is not None and refusal is None

        eventually(a_move_goes_through, timeout=15)
        assert set(refusals) <= {None, "cannot-save", "table-moved", "stale-revision", "not-your-turn"}, refusals
        assert play_until(seats, random.Random(7), lambda u: u.over, timeout=40) > 0  # and on to the end
        for c in (ann, bob):
            c.close()


def test_a_server_that_lost_its_table_drops_it_and_its_players_follow_it_to_the_new_owner(pg_url):
    import asyncio

    import psycopg

    with two_servers_at_a_table(pg_url, seed=10, revision=5) as (a, b, ann, bob, seats):
        table = seats[0].table_id
        before = seats[0].last
        held = (
            "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND database = "
            "(SELECT oid FROM pg_database WHERE datname = current_database())"
        )
        with psycopg.connect(pg_url, autocommit=True) as admin:  # A's store connection is cut (A itself lives on)
            admin.execute(f"SELECT pg_terminate_backend(pid) FROM ({held}) AS h")
            eventually(lambda: admin.execute(held).fetchall() == [])  # its backend has gone, and the lock with it
        asyncio.run_coroutine_threadsafe(b.peers.take(table), b.loop).result(10)  # B takes it meanwhile
        assert table in b.lobby.rooms and b.store.owned()[table] == 2
        eventually(lambda: table not in a.lobby.rooms and table not in a.live)  # A hears it and drops it
        seats[0].wait_for(lambda u: u is not before and u.full)  # Ann, still on A, is seated at B's table
        assert a.peers.numbered and all(s.relay.owner == b.peers.server for s in a.peers.numbered.values())
        play_until(seats, random.Random(11), lambda u: u.over, timeout=40)
        stored = b.store.load(table)
        assert stored.record is not None and len(stored.record.events) >= len(seats[0].events)
        for c in (ann, bob):
            c.close()


def test_mail_that_does_not_read_is_ignored_and_a_bad_request_ends_only_its_session(pg_url):
    from kobito_tui.serve.bus import Bus
    from kobito_tui.serve.cluster import Call, _encode

    from .test_bus import Ear

    with running_hub(short_dir(), database=pg_url) as a:
        ear = Ear()
        other = Bus(pg_url, "f00d", on_mail=ear.on_mail, on_lobby=ear.on_lobby, on_link=ear.on_link)
        try:
            assert other.wait_listening(10)
            owner = a.peers.server
            other.mail(owner, b"\xc1 not msgpack")
            other.mail(owner, _encode(Call("f00d", 1, "guest:x", "X", "", {}, b"\x92\x01")))  # not a client message
            other.mail(
                owner, _encode(Call("f00d", 2, "guest:y", "Y", "", {}, protocol.frame(protocol.Hello(1, "guest", "Y"))[protocol.LENGTH :]))
            )
            ear.wait(lambda: len(ear.mail) == 2)
            byes = [msgspec.msgpack.decode(_decode_mail(m).frame) for m in ear.mail]
            assert [b["t"] for b in byes] == ["bye", "bye"] and "hello twice" in byes[1]["text"]
            eventually(lambda: not a.peers.proxies)
            ann = connect(a, KEY_ANN, "Ann")  # the hub goes on
            assert isinstance(ann.create("kobito", ["open", "open"]), str)
            ann.close()
        finally:
            other.close()


def test_a_lobby_row_that_does_not_read_is_left_out(pg_url):
    import psycopg

    with running_hub(short_dir(), database=pg_url) as a:
        with psycopg.connect(pg_url, autocommit=True) as writer:  # as a server of another version might write it
            writer.execute("INSERT INTO bus_lobby VALUES ('t0', 'beef', '\\x01')")
            writer.execute("SELECT pg_notify('kobito_lobby', 't0')")
        with running_hub(short_dir(), database=pg_url) as b:
            assert "t0" not in b.peers.elsewhere
            ann = connect(a, KEY_ANN, "Ann")
            assert ann.create("kobito", ["open", "open"]) and "t0" not in a.peers.elsewhere
            ann.close()


def test_a_finished_table_holds_no_lock_and_every_server_shows_it_without_owning_it(pg_url):
    with ExitStack() as stack:
        a_dir = short_dir()
        a = running_hub(a_dir, database=pg_url)
        hub_a = a.__enter__()
        b = stack.enter_context(running_hub(short_dir(), database=pg_url))
        ann, bob = connect(hub_a, KEY_ANN, "Ann"), connect(b, KEY_BOB, "Bob")
        table = ann.create("kobito", ["open", "open"])
        eventually(lambda: table in bob.tables)
        seats = [ann.join(table, 0), bob.join(table, 1)]
        play_until(seats, random.Random(6), lambda u: u.over)
        eventually(lambda: table not in hub_a.store.owned())  # over: the owner lets go of it (and its lock)
        eventually(lambda: bob.tables[table].status == "over")
        eventually(lambda: table in b.lobby.rooms)  # b shows it too, as a restart of b would, owning nothing
        assert table not in b.store.owned() and table not in b.peers.elsewhere
        assert [info.table for info in bob.replays()] == [table]  # Bob's replay, from the server he played through
        assert bob.record(table).events == hub_a.store.load(table).record.events
        for c in (ann, bob):
            c.close()
        a.__exit__(None, None, None)
        import psycopg  # only where PostgreSQL is (pg_url skipped the test otherwise)

        with psycopg.connect(pg_url, autocommit=True) as admin:  # as if its owner died before "over" was kept
            admin.execute("UPDATE tables SET status = 'playing' WHERE id = %s", (table,))
        with running_hub(a_dir, database=pg_url) as again:  # a restart shows the finished table, owning nothing
            assert table in again.lobby.rooms and again.store.owned() == {}
            assert again.store.load(table).status == "over"  # kept as over now, and let go of
            assert table not in b.store.owned() and table not in b.peers.elsewhere  # b does not take a finished table


def test_a_turn_based_tables_clock_moves_with_it_to_the_next_owner_and_its_deadline_is_told_once(pg_url):
    with ExitStack() as stack:
        a = running_hub(short_dir(), database=pg_url, hour_s=0.4)  # a move's time 0.4 s, a bank of 1.2 s
        hub_a = a.__enter__()
        b = stack.enter_context(running_hub(short_dir(), database=pg_url, hour_s=0.4))
        ann, bob = connect(hub_a, KEY_ANN, "Ann"), connect(b, KEY_BOB, "Bob")
        table = ann.create("treasure", ["open", "open"], {"first_player": 0}, pace="1h")
        eventually(lambda: table in bob.tables)
        seats = [ann.join(table, 0), bob.join(table, 1)]
        play_until(seats, random.Random(2), lambda u: u.to_act == 1)  # Bob's turn: his clock runs
        kept = hub_a.lobby.rooms[table].pace.clocks.kept()
        told: list[bool] = []  # overdue or not, as Bob's lobby is told after the owner went
        a.__exit__(None, None, None)  # the owner goes
        eventually(lambda: table in b.lobby.rooms, timeout=10)
        assert b.lobby.rooms[table].pace.clocks.kept() == kept  # the same clock: it ran on while the table moved
        watcher = connect(b, KEY_ANN, "Ann")
        watcher.on_table = lambda info: told.append(info.overdue) if info.table == table else None
        eventually(lambda: True in told, timeout=10)  # Bob's time ran out: everyone is told, by the new owner
        time.sleep(1.0)
        assert told.count(True) == 1 and told[-1] is True  # once (nothing else changed since)
        assert watcher.join(table).seat == 0
        assert watcher.give_to_computer(1, "easy") is None  # and so the seat may be handed on
        for c in (ann, bob, watcher):
            c.close()
