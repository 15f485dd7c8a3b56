"""The bus between servers on a real PostgreSQL: mail in order to one server, the lobby to all,
the servers alive, and a link that comes back after the database did."""

from __future__ import annotations

import threading
import time

from kobito_tui.serve.bus import Bus


class Ear:
    """What one server's bus heard."""

    def __init__(self):
        self.mail: list[bytes] = []
        self.lobby: list[tuple[str, str | None, bytes | None]] = []
        self.links: list[bool] = []
        self.heard = threading.Condition()

    def on_mail(self, bodies):
        with self.heard:
            self.mail += bodies
            self.heard.notify_all()

    def on_lobby(self, *row):
        with self.heard:
            self.lobby.append(row)
            self.heard.notify_all()

    def on_link(self, up):
        with self.heard:
            self.links.append(up)
            self.heard.notify_all()

    def wait(self, test, timeout=10.0):
        with self.heard:
            assert self.heard.wait_for(test, timeout), (self.mail, self.lobby, self.links)


def bus(url, server):
    ear = Ear()
    b = Bus(url, server, on_mail=ear.on_mail, on_lobby=ear.on_lobby, on_link=ear.on_link)
    assert b.wait_listening(10)
    return b, ear


def test_mail_arrives_in_order_and_only_to_its_server(pg_url):
    a, heard_a = bus(pg_url, "aaaa")
    b, heard_b = bus(pg_url, "bbbb")
    try:
        for n in range(50):
            a.mail("bbbb", b"%d" % n)
        heard_b.wait(lambda: len(heard_b.mail) == 50)
        assert heard_b.mail == [b"%d" % n for n in range(50)]
        assert heard_a.mail == []
        assert a.servers() >= {"aaaa", "bbbb"}
    finally:
        a.close()
    deadline = time.monotonic() + 5
    while "aaaa" in b.servers() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert b.servers() == {"bbbb"}
    b.close()


def test_long_mail_goes_in_a_row_in_its_turn_and_waits_for_a_server_not_listening_yet(pg_url):
    a, _ = bus(pg_url, "aaaa")
    b, heard_b = bus(pg_url, "bbbb")
    long = bytes(range(256)) * 40  # past a notice's 8000 bytes once in base64
    try:
        for body in (b"before", long, b"after"):
            a.mail("bbbb", body)
        heard_b.wait(lambda: len(heard_b.mail) == 3)
        assert heard_b.mail == [b"before", long, b"after"]
        assert a.query("SELECT count(*) FROM bus_mail") == [(0,)]  # taken
        a.mail("cccc", long)
        time.sleep(0.2)
        c, heard_c = bus(pg_url, "cccc")
        heard_c.wait(lambda: heard_c.mail == [long])
        c.close()
    finally:
        a.close()
        b.close()


def test_the_lobby_reaches_every_server_with_its_owner(pg_url):
    a, heard_a = bus(pg_url, "aaaa")
    b, heard_b = bus(pg_url, "bbbb")
    try:
        a.publish("t1", b"summary")
        for heard in (heard_a, heard_b):
            heard.wait(lambda heard=heard: ("t1", "aaaa", b"summary") in heard.lobby)
        assert b.lobby() == [("t1", "aaaa", b"summary")]
        b.publish("t1", b"taken")  # another server took the table
        heard_a.wait(lambda: ("t1", "bbbb", b"taken") in heard_a.lobby)
        a.publish("t1", None)  # no longer a's: nothing happens to b's row
        assert b.lobby("t1") == [("t1", "bbbb", b"taken")]
        long = bytes(range(256)) * 30  # too long for a notice: the listeners read it from its row
        a.publish("t2", long)
        heard_b.wait(lambda: ("t2", "aaaa", long) in heard_b.lobby)
    finally:
        a.close()
        b.close()


def test_the_link_comes_back_after_the_database_did(pg_cluster, pg_url):
    a, heard_a = bus(pg_url, "aaaa")
    b, heard_b = bus(pg_url, "bbbb")
    try:
        pg_cluster.stop("immediate")
        heard_b.wait(lambda: heard_b.links == [False])
        pg_cluster.start()
        heard_b.wait(lambda: heard_b.links == [False, True])
        a.mail("bbbb", b"after")  # the writer connects again too
        heard_b.wait(lambda: heard_b.mail == [b"after"])
    finally:
        a.close()
        b.close()
