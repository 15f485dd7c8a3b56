"""The door's caps against real clients on loopback: OpenSSH, asyncssh, and bare sockets that never sign in.

Each refusal reaches the client as a reason it prints (an SSH disconnect after
the version line, or a refused channel), never as a broken banner.
"""

from __future__ import annotations

import asyncio
import shutil
import socket
import subprocess
import time

import asyncssh
import pytest

from .helpers import Server

pytestmark = pytest.mark.skipif(not (shutil.which("ssh") and shutil.which("ssh-keygen")), reason="needs OpenSSH")

SSH = ["ssh", "-F", "/dev/null", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null"]


def keys(folder, count: int) -> list[str]:
    paths = [str(folder / f"key{n}") for n in range(count)]
    for path in paths:
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", path], check=True)
    return paths


def ssh(port: int, *options: str) -> subprocess.CompletedProcess[str]:
    """One OpenSSH client that signs in and runs `true` (no PTY: the door refuses it with one line, once in)."""
    return subprocess.run(
        [*SSH, "-T", "-p", str(port), *options, "ann@127.0.0.1", "true"],
        capture_output=True, text=True, timeout=20, stdin=subprocess.DEVNULL, check=False,
    )  # fmt: skip  # arguments grouped a few a line by meaning


def got_in(done: subprocess.CompletedProcess[str]) -> bool:
    return "kobito needs a terminal" in done.stderr


def half_open(port: int, count: int) -> list[socket.socket]:
    """Connections that read the server's version line and then say nothing, as a slow or hostile client does."""
    sockets = []
    for _ in range(count):
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        assert sock.recv(256).startswith(b"SSH-2.0-")
        sockets.append(sock)
    return sockets


def test_the_seventh_key_is_not_tried_and_the_client_reads_why(data_dir):
    paths = keys(data_dir, 7)
    allowed = data_dir / "allowed"
    allowed.write_text((data_dir / "key6.pub").read_text())
    server = Server(data_dir / "data", "--authorized-keys", str(allowed))
    try:
        offer = [option for path in paths for option in ("-i", path)] + ["-o", "IdentitiesOnly=yes"]
        done = ssh(server.port, *offer)  # keys 0-5 refused: the 7th is never tried
        assert not got_in(done) and "Too many authentication failures" in done.stderr, done.stderr
        assert got_in(ssh(server.port, *offer[2:]))  # keys 1-5 refused, the 6th offered in
    finally:
        server.stop()


def test_a_third_session_on_one_connection_is_refused_with_a_reason(server):
    async def main() -> None:
        conn = await asyncssh.connect(
            "127.0.0.1", server.port, username="ann", known_hosts=None, client_keys=[], agent_path=None, kbdint_auth=True, password=""
        )
        try:
            sessions = [await conn.create_process(term_type="xterm", term_size=(80, 24)) for _ in range(2)]
            with pytest.raises(asyncssh.ChannelOpenError, match=r"too many sessions on one connection \(at most 2\)"):
                await conn.create_process(term_type="xterm", term_size=(80, 24))
            sessions[0].close()
            await sessions[0].wait_closed()
            third = await conn.create_process(term_type="xterm", term_size=(80, 24))  # a place came free
            third.close()
        finally:
            conn.close()

    asyncio.run(asyncio.wait_for(main(), 30))


def test_half_open_connections_are_dropped_early_and_a_client_gets_in_once_they_go(data_dir):
    server = Server(data_dir / "data", "--max-startups", "3", "--startups-per-address", "10", "--per-address", "10")
    try:
        waiting = half_open(server.port, 3)
        done = ssh(server.port, "-o", "PubkeyAuthentication=no")
        assert not got_in(done) and "busy with other connections signing in" in done.stderr, done.stderr
        for sock in waiting:
            sock.close()
        time.sleep(0.3)
        assert got_in(ssh(server.port, "-o", "PubkeyAuthentication=no"))
    finally:
        server.stop()


def test_one_address_signing_in_at_once_is_capped_with_a_readable_line(data_dir):
    server = Server(data_dir / "data", "--startups-per-address", "2")
    try:
        waiting = half_open(server.port, 2)
        done = ssh(server.port, "-o", "PubkeyAuthentication=no")
        assert "kex_exchange_identification" not in done.stderr
        assert "too many connections from your address are signing in" in done.stderr, done.stderr
        waiting.pop().close()
        time.sleep(0.3)
        assert got_in(ssh(server.port, "-o", "PubkeyAuthentication=no"))
    finally:
        server.stop()


def test_an_address_holds_at_most_its_sessions_however_many_connections_carry_them(data_dir):
    server = Server(data_dir / "data", "--per-address", "2")

    async def main() -> None:
        conn = await asyncssh.connect(
            "127.0.0.1", server.port, username="ann", known_hosts=None, client_keys=[], agent_path=None, kbdint_auth=True, password=""
        )
        try:
            sessions = [await conn.create_process(term_type="xterm", term_size=(80, 24)) for _ in range(2)]
            done = await asyncio.to_thread(ssh, server.port, "-o", "PubkeyAuthentication=no")
            assert "too many sessions from your address at once (at most 2)" in done.stderr, done.stderr
            sessions[0].close()
            await sessions[0].wait_closed()
            await asyncio.sleep(0.2)
            assert got_in(await asyncio.to_thread(ssh, server.port, "-o", "PubkeyAuthentication=no"))
        finally:
            conn.close()

    try:
        asyncio.run(asyncio.wait_for(main(), 40))
    finally:
        server.stop()


def test_a_connection_that_does_not_sign_in_in_time_is_told_why(data_dir):
    server = Server(data_dir / "data", "--login-timeout", "0.5")
    try:
        (sock,) = half_open(server.port, 1)
        sock.settimeout(5)
        said = b""
        while chunk := sock.recv(4096):
            said += chunk
        assert b"not signed in within 0.5 s" in said
    finally:
        server.stop()


def test_a_flood_of_refused_connections_is_closed_without_holding_the_server(data_dir):
    """Past the cap, 150 connections at once each get their reason (or a quick close) and the server still lets one in."""
    server = Server(data_dir / "data", "--max-startups", "1", "--startups-per-address", "10")
    try:
        waiting = half_open(server.port, 1)
        flood = [socket.create_connection(("127.0.0.1", server.port), timeout=5) for _ in range(150)]
        for sock in flood:
            said = b""
            try:
                while chunk := sock.recv(4096):
                    said += chunk
            except ConnectionResetError:
                pass  # past the lingering ones: closed at once
            assert not said or b"busy with other connections" in said
            sock.close()
        waiting[0].close()
        time.sleep(0.3)
        assert got_in(ssh(server.port, "-o", "PubkeyAuthentication=no"))
        refusals = [line for line in server.read_log().splitlines() if "refusing 127.0.0.1" in line]
        assert len(refusals) == 1  # the address's first refusal; the other 149 are counted at the minute's end
    finally:
        server.stop()


def test_a_session_that_asks_for_no_program_gives_its_place_back(data_dir):
    server = Server(data_dir / "data", "--login-timeout", "0.5", "--max-sessions", "1")

    async def main() -> None:
        conn = await asyncssh.connect(
            "127.0.0.1", server.port, username="ann", known_hosts=None, client_keys=[], agent_path=None, kbdint_auth=True, password=""
        )
        try:
            channel, _ = await conn.create_session(asyncssh.SSHClientSession)  # and then nothing: no shell, no command
            await asyncio.wait_for(channel.wait_closed(), 5)
            await asyncio.sleep(0.2)  # the server has had the close back
            third = await conn.create_process(term_type="xterm", term_size=(80, 24))  # its place came free
            third.close()
        finally:
            conn.close()

    try:
        asyncio.run(asyncio.wait_for(main(), 30))
    finally:
        server.stop()
