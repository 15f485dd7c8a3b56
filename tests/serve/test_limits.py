"""The door's caps as bookkeeping alone: early drop, per address, sessions, auth tries."""

from __future__ import annotations

import pytest

from kobito_tui.serve.limits import Caps, Ledger, Startups, Visit


def test_startups_drop_nothing_below_start_everything_at_full_and_linearly_between():
    startups = Startups.parse("10:30:100")
    assert not startups.drops(9, 0.0)
    assert startups.drops(100, 0.999) and startups.drops(250, 0.999)
    assert startups.drops(10, 0.29) and not startups.drops(10, 0.31)  # 30 % at start
    assert startups.drops(55, 0.64) and not startups.drops(55, 0.66)  # halfway: 65 %
    assert Startups.parse("3") == Startups(3, 100, 3) and str(startups) == "10:30:100"


@pytest.mark.parametrize("text", ["", "a:b:c", "10:30", "0:30:100", "10:130:100", "20:30:10"])
def test_a_bad_startups_spec_is_refused_with_what_is_expected(text):
    with pytest.raises(ValueError, match="START:RATE:FULL"):
        Startups.parse(text)


def test_connections_signing_in_are_capped_per_address_and_free_their_place_once_in():
    ledger = Ledger(Caps(startups=Startups(100, 30, 100), startups_per_address=2), roll=lambda: 0.0)
    first, second = ledger.arrive("a"), ledger.arrive("a")
    assert isinstance(first, Visit) and isinstance(second, Visit)
    assert "signing in" in str(ledger.arrive("a")) and isinstance(ledger.arrive("b"), Visit)
    first.signed_in()
    assert isinstance(ledger.arrive("a"), Visit)


def test_at_full_every_new_connection_is_dropped_until_one_goes():
    ledger = Ledger(Caps(startups=Startups.parse("2")), roll=lambda: 0.99)
    visits = [ledger.arrive(address) for address in ("a", "b")]
    assert "busy" in str(ledger.arrive("c"))
    assert isinstance(visits[0], Visit)
    visits[0].leave()
    assert isinstance(ledger.arrive("c"), Visit) and ledger.signing_in_total == 2


def test_an_address_holds_its_sessions_each_connection_counting_at_least_one():
    ledger = Ledger(Caps(per_address=3, sessions=2))
    one, two = ledger.arrive("a"), ledger.arrive("a")
    assert isinstance(one, Visit) and isinstance(two, Visit)
    assert one.open_session() is None and ledger.held["a"] == 2  # a connection's first session costs nothing more
    assert one.open_session() is None and ledger.held["a"] == 3
    assert one.open_session() == "too many sessions on one connection (at most 2)"
    assert two.open_session() is None  # its first: still 3
    assert "at most 3" in str(two.open_session()) and "at most 3" in str(ledger.arrive("a"))
    one.close_session()
    assert two.open_session() is None
    one.leave()
    two.leave()
    one.close_session()  # a session's end after its connection's: nothing counted twice
    assert ledger.held == {} and ledger.signing_in == {}


def test_the_sixth_refused_key_is_the_last():
    visit = Ledger(Caps(auth_tries=6)).arrive("a")
    assert isinstance(visit, Visit)
    assert [visit.refused_key() for _ in range(6)] == [False] * 5 + [True]
