"""Log entries, results and refusals cross the wire as message ids with params, and come back equal."""

from __future__ import annotations

import random

import msgspec
import pytest

from kobito_tui.serve import protocol as p
from kobito_tui.table import PUBLIC, Refusal, SeatPerspective

from table.helpers import Client, new_table, play_random

LENGTH = p.LENGTH


def across(message: p.Message) -> p.ServerMessage:
    return p.decode_server(p.frame(message)[LENGTH:])


@pytest.mark.parametrize("game_id", ["kobito", "treasure"])
def test_an_update_keeps_its_log_messages_and_result_across_the_wire(game_id):
    table = new_table(game_id, seed=6)
    seat, public = Client(table, SeatPerspective(0)), Client(table, PUBLIC)
    play_random(table, 10_000, random.Random(6))
    assert table.over
    for client in (seat, public):
        sent = client.last
        back = p.to_update(across(p.update_message("t1", sent)))
        assert back.log == sent.log and back.result.summary == sent.result.summary
        full = p.to_update(across(p.update_message("t1", client.updates[0])))
        assert full.log == client.updates[0].log and all(entry.id.startswith(f"{game_id}.") for entry in full.log)


def test_a_refusal_crosses_as_its_id_and_params_only():
    refused = across(p.Refused(3, "seat-taken", {"seat": 1}))
    assert p.refusal(refused) == Refusal("seat-taken", {"seat": 1})
    assert str(p.refusal(refused)) == "Seat 2 is taken."
    assert "text" not in msgspec.structs.asdict(refused)


def test_a_log_entry_that_is_not_an_id_with_params_is_refused():
    good = msgspec.to_builtins(p.WireLogEntry("kobito.drew", {"player": 0, "count": 2}))
    assert good == ["kobito.drew", {"player": 0, "count": 2}]
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert(["kobito.drew", ["player", 0]], p.WireLogEntry)
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert(["kobito.drew", {"player": 0}, "Ann drew 2 cards."], p.WireLogEntry)
