"""Caps on tables, per identity and per address: the lobby's rules alone, then over the wire."""

from __future__ import annotations

import itertools

from kobito_tui.i18n.messages import say
from kobito_tui.i18n.translation import translator
from kobito_tui.serve import protocol as p
from kobito_tui.serve.lobby import Lobby, Room, Visitor
from kobito_tui.serve.store import PLAYING
from kobito_tui.serve.table_limits import Limits

from .helpers import Server

ANN = "key:SHA256:" + "A" * 43
COMPUTERS, OPEN = ["random", "random"], ["open", "open"]


def lobby(limits: Limits) -> Lobby:
    ids = (f"t{n}" for n in itertools.count())
    return Lobby(limits=limits, new_id=lambda: next(ids))


def create(lobby: Lobby, visitor: Visitor, seats: list[str]) -> Room | str:
    room = lobby.create(visitor, p.CreateTable(1, "treasure", seats))
    if isinstance(room, Room):
        if room.computers_only:
            room.status = PLAYING  # as the hub starts it
        return room
    return room.id


def test_tables_of_computers_are_capped_per_identity_and_guests_share_their_address():
    rules = lobby(Limits(computer_tables=1, computer_tables_per_address=2))
    guests = [Visitor(f"guest:{n}", "Guest", "192.0.2.7") for n in range(3)]
    assert isinstance(create(rules, guests[0], COMPUTERS), Room)
    assert create(rules, guests[0], COMPUTERS) == "too-many-computer-tables"
    assert isinstance(create(rules, guests[1], COMPUTERS), Room)  # a new guest from the same address
    assert create(rules, guests[2], COMPUTERS) == "too-many-computer-tables-here"
    assert isinstance(create(rules, Visitor("guest:9", "Far", "198.51.100.1"), COMPUTERS), Room)
    assert isinstance(create(rules, guests[2], OPEN), Room)  # a table for people is counted apart


def test_open_tables_are_capped_per_address_too_and_a_finished_table_frees_its_place():
    rules = lobby(Limits(open_tables=2, open_tables_per_address=3, computer_tables=1))
    ann, guest = Visitor(ANN, "Ann", "192.0.2.7"), Visitor("guest:1", "Guest", "192.0.2.7")
    assert [isinstance(create(rules, ann, OPEN), Room) for _ in range(3)] == [True, True, False]
    assert create(rules, ann, OPEN) == "too-many-tables"
    assert isinstance(create(rules, guest, OPEN), Room)
    assert create(rules, guest, OPEN) == "too-many-tables-here"
    playing = create(rules, ann, COMPUTERS)
    assert isinstance(playing, Room) and create(rules, ann, COMPUTERS) == "too-many-computer-tables"
    playing.status = "over"
    assert isinstance(create(rules, ann, COMPUTERS), Room)


def test_the_hosts_own_socket_clients_have_no_address_to_share():
    rules = lobby(Limits(computer_tables=1, computer_tables_per_address=1))
    for n in range(3):
        assert isinstance(create(rules, Visitor(f"guest:{n}", "Local"), COMPUTERS), Room)


def test_refusals_of_the_caps_are_worded_in_the_players_language():
    for id in ("too-many-tables", "too-many-tables-here", "too-many-computer-tables", "too-many-computer-tables-here"):
        words = {language: say(translator(language), p.refusal(p.RefusedReply(1, id, {"count": 3}))) for language in ("en", "uk", "ru")}
        assert "3" in words["en"] and len(set(words.values())) == 3 and id not in words.values(), words


def test_guests_reconnecting_from_one_address_cannot_open_table_after_table(data_dir):
    server = Server(data_dir / "data", "--computer-tables", "1", "--computer-tables-per-address", "2", "--bot-delay", "30")
    try:
        made = []
        for _ in range(4):  # a guest is a new identity each time it connects
            guest = server.connect(address="192.0.2.7")
            made.append(guest.create("treasure", ["random", "random"]))
            guest.close()
        assert isinstance(made[0], str) and isinstance(made[1], str)
        assert [refusal.id for refusal in made[2:]] == ["too-many-computer-tables-here"] * 2
        ukrainian = say(translator("uk"), made[2])
        assert "2" in ukrainian and ukrainian != say(translator("en"), made[2])
        assert isinstance(server.connect(address="198.51.100.1").create("treasure", ["random", "random"]), str)
    finally:
        server.stop()
    assert "Traceback" not in server.read_log()
