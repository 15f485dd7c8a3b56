"""Log entries, results and refusals cross the wire as message ids with params, and come back equal."""

from __future__ import annotations

import random

import msgspec
import pytest
from table.helpers import Client, new_table, play_random

from kobito_tui.i18n.messages import english
from kobito_tui.serve import protocol
from kobito_tui.table import PUBLIC, Refusal, SeatPerspective

LENGTH = protocol.LENGTH


def across(message: protocol.WireMessage) -> protocol.ServerMessage:
    return protocol.decode_server(protocol.frame(message)[LENGTH:])


@pytest.mark.parametrize("game_id", ["kobito", "treasure"])
def test_an_update_keeps_its_log_messages_and_result_across_the_wire(game_id):
    table = new_table(game_id, seed=6)
    seat, public = Client(table, SeatPerspective(0)), Client(table, PUBLIC)
    play_random(table, 10_000, random.Random(6))
    assert table.over
    for client in (seat, public):
        sent = client.last
        back = protocol.to_update(across(protocol.update_message("t1", sent)))
        assert back.log == sent.log and back.result.summary == sent.result.summary
        full = protocol.to_update(across(protocol.update_message("t1", client.updates[0])))
        assert full.log == client.updates[0].log and all(entry.id.startswith(f"{game_id}.") for entry in full.log)


def test_a_remote_header_does_not_look_seeded():
    """The seed never crosses the wire, and the header that arrives says so (None), not a made-up 0."""
    table = new_table("kobito", seed=6)
    sent = Client(table, SeatPerspective(0)).last
    assert sent.header.seed is None
    assert protocol.to_update(across(protocol.update_message("t1", sent))).header.seed is None


def test_a_refusal_crosses_as_its_id_and_params_only():
    refused = across(protocol.RefusedReply(3, "seat-taken", {"seat": 1}))
    assert protocol.refusal(refused) == Refusal("seat-taken", {"seat": 1})
    assert english(protocol.refusal(refused)) == "Seat 2 is taken."  # words by i18n, for tools
    assert "text" not in msgspec.structs.asdict(refused)


def test_a_log_entry_that_is_not_an_id_with_params_is_refused():
    good = msgspec.to_builtins(protocol.WireLogEntry("kobito.drew", {"player": 0, "count": 2}))
    assert good == ["kobito.drew", {"player": 0, "count": 2}]
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert(["kobito.drew", ["player", 0]], protocol.WireLogEntry)
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert(["kobito.drew", {"player": 0}, "Ann drew 2 cards."], protocol.WireLogEntry)
