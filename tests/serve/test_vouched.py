"""The hub believes who a client says it is only from a program a door started (the kernel names
the process at the socket's other end, SO_PEERCRED; the template knows whom it started it as): a
process that can open the hub's socket cannot claim a player's identity or another address."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from kobito_tui.serve import protocol
from kobito_tui.serve.client import ENV_ADDRESS, ENV_IDENTITY, HubClosed, HubConnection
from kobito_tui.serve.hub import Hub

from .helpers import KEY_ANN, Server, eventually, read_until, ssh_guest

STARTED = {4242: {ENV_IDENTITY: KEY_ANN, ENV_ADDRESS: "192.0.2.7"}}


def doubt(pid: int | None, identity: str, address: str) -> str | None:
    hub = SimpleNamespace(vouch=STARTED.get)
    connection = SimpleNamespace(peer_pid=lambda: pid)
    return Hub.doubt(hub, connection, protocol.Hello(protocol.VERSION, identity, "Ann", address))  # type: ignore[arg-type]


def test_only_a_door_s_program_saying_who_it_was_started_as_is_believed():
    assert doubt(4242, KEY_ANN, "192.0.2.7") is None
    assert doubt(4242, "key:SHA256:" + "B" * 43, "192.0.2.7") == "process 4242 says it is someone its door did not start it as"
    assert doubt(4242, KEY_ANN, "198.51.100.1") == "process 4242 says it is someone its door did not start it as"
    assert doubt(999, KEY_ANN, "192.0.2.7") == "process 999 is not a program a door started"
    assert doubt(None, KEY_ANN, "192.0.2.7") == "process None is not a program a door started"


@pytest.mark.asyncio
async def test_a_process_that_opens_the_socket_is_refused_and_the_doors_players_come_in(data_dir):
    server = Server(data_dir / "data", vouched=True)
    try:
        with pytest.raises(HubClosed):
            HubConnection(server.socket, KEY_ANN, "Ann", timeout=10)  # this test's own process: no door started it
        eventually(lambda: "is not a program a door started" in server.read_log())
        conn, process = await ssh_guest(server.port)
        try:
            shown = await read_until(process, b"name")
            process.stdin.write(b"\r")  # the suggested name: the program says hello to the hub
            await read_until(process, b"Kobito tables", shown)
        finally:
            conn.close()
    finally:
        server.stop()
