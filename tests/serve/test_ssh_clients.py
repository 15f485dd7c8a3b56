"""The SSH door with the clients players bring (OpenSSH, Dropbear's dbclient, PuTTY's plink, each in
tmux), the algorithms it offers, and what ssh-audit makes of them."""

from __future__ import annotations

import importlib.util
import json
import shutil
import socket
import struct
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from asyncssh.encryption import get_encryption_algs
from asyncssh.kex import get_kex_algs
from asyncssh.mac import get_mac_algs
from asyncssh.packet import SSHPacket
from missing import missing

from .helpers import SSH, Server, Terminal, remove, short_dir

MODERN_KEX = [
    "mlkem768x25519-sha256",
    "sntrup761x25519-sha512",
    "sntrup761x25519-sha512@openssh.com",
    "curve25519-sha256",
    "curve25519-sha256@libssh.org",
]
MODERN_CIPHERS = [
    "chacha20-poly1305@openssh.com",
    "aes256-gcm@openssh.com",
    "aes128-gcm@openssh.com",
    "aes256-ctr",
    "aes192-ctr",
    "aes128-ctr",
]
MODERN_MACS = ["hmac-sha2-256-etm@openssh.com", "hmac-sha2-512-etm@openssh.com", "umac-128-etm@openssh.com"]
KEX_MARKERS = ["ext-info-s", "kex-strict-s-v00@openssh.com"]  # not algorithms: what the server can do (RFC 8308, Terrapin)
GUESTS = {"ssh": "Oona", "dbclient": "Dora", "plink": "Pia"}  # each client's player, and the name they give


@pytest.fixture(scope="module")
def folder() -> Iterator[Path]:
    path = short_dir()
    (path / "home").mkdir()  # for dbclient and plink, which keep host keys there
    yield path
    remove(path)


@pytest.fixture(scope="module")
def door(folder: Path) -> Iterator[Server]:
    server = Server(folder / "data")
    yield server
    server.stop()


def client_command(client: str, server: Server, home: Path) -> list[str]:
    """``client`` signing in to ``server`` as a guest on a terminal; the host key pinned where the client can."""
    port, user = str(server.port), "guest@127.0.0.1"
    if client == "ssh":
        return [*SSH, "-tt", "-p", port, "-o", "PubkeyAuthentication=no", user]
    if client == "dbclient":
        return ["env", f"HOME={home}", "dbclient", "-y", "-y", "-t", "-p", port, user]
    return ["env", f"HOME={home}", "plink", "-ssh", "-batch", "-t", "-P", port, "-hostkey", server.fingerprint, user]


@pytest.mark.parametrize("client", list(GUESTS))
def test_a_guest_signs_in_with_each_client_is_asked_a_name_and_uses_the_lobby(door: Server, folder: Path, client: str) -> None:
    if not (shutil.which(client) and shutil.which("tmux")):
        missing(f"needs {client} and tmux: apt-get install dropbear-bin putty-tools tmux")
    name = GUESTS[client]
    command = client_command(client, door, folder / "home")
    terminal = Terminal(f"{folder.name}-{client}", [*command, ";", "echo", "client-exit=$?", ";", "sleep", "30"], 100, 30)
    try:
        terminal.wait(r"Your name at the tables")
        terminal.type(name, "Enter")
        terminal.wait(rf"Kobito tables · you are {name}")
        terminal.type("n")
        terminal.wait(r"Rule options")  # the new table's form, in the lobby's place
        assert "sit down" not in terminal.screen()
        terminal.type("Escape")
        terminal.wait(r"j or Enter: sit down")  # back in the lobby
        terminal.type("q")
        terminal.wait(r"client-exit=0")
    finally:
        terminal.close()


def offered(port: int) -> list[list[str]]:
    """The name-lists of the server's KEXINIT: key exchange, host key, then ciphers, MACs and compression both ways."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock, sock.makefile("rb") as stream:
        sock.sendall(b"SSH-2.0-kobito_test\r\n")
        while not stream.readline().startswith(b"SSH-"):
            pass
        length, padding = struct.unpack(">IB", stream.read(5))
        packet = SSHPacket(stream.read(length - 1)[: length - 1 - padding])
    assert packet.get_byte() == 20  # SSH_MSG_KEXINIT
    packet.get_bytes(16)  # the cookie
    return [[name.decode() for name in packet.get_namelist()] for _ in range(8)]


def known(names: list[str], algorithms: list[bytes]) -> list[str]:
    """Those of ``names`` this asyncssh has (the post-quantum key exchanges and UMAC depend on its crypto libraries)."""
    return [name for name in names if name.encode() in algorithms]


def test_the_door_offers_openssh_modern_algorithms_only(door: Server) -> None:
    kex, host_key, *rest = offered(door.port)
    assert kex == known(MODERN_KEX, get_kex_algs()) + KEX_MARKERS
    assert "curve25519-sha256" in kex
    assert host_key == ["ssh-ed25519"]
    ciphers, macs = known(MODERN_CIPHERS, get_encryption_algs()), known(MODERN_MACS, get_mac_algs())
    assert rest == [ciphers] * 2 + [macs] * 2 + [["none"]] * 2
    assert "hmac-sha2-256-etm@openssh.com" in macs


def test_the_legacy_flag_offers_asyncssh_wider_defaults(folder: Path) -> None:
    server = Server(folder / "legacy", "--ssh-legacy-algorithms")
    try:
        kex, host_key, ciphers, _, macs, _, compression, _ = offered(server.port)
    finally:
        server.stop()
    assert {"diffie-hellman-group14-sha256", "ecdh-sha2-nistp256"} <= set(kex)
    assert host_key == ["ssh-ed25519"]  # the door's one host key
    assert ciphers == known(MODERN_CIPHERS, get_encryption_algs())  # asyncssh's default ciphers are the modern ones already
    assert {"hmac-sha2-256", "hmac-sha1"} <= set(macs)
    assert "zlib@openssh.com" in compression


def ssh_audit() -> list[str] | None:
    """The command that runs ssh-audit: its module in this Python, else the one on PATH; None without either."""
    if importlib.util.find_spec("ssh_audit"):
        return [sys.executable, "-m", "ssh_audit"]
    path = shutil.which("ssh-audit")
    return [path] if path else None


def test_ssh_audit_finds_no_failure(door: Server) -> None:
    command = ssh_audit()
    if command is None:
        missing("needs ssh-audit (pip install ssh-audit)")
    args = ["--json", "--skip-rate-test", "-p", str(door.port), "127.0.0.1"]
    done = subprocess.run([*command, *args], check=False, capture_output=True, text=True, timeout=30)  # exit 2: warnings
    report = json.loads(done.stdout)
    notes = {entry["algorithm"]: entry["notes"] for part in ("kex", "key", "enc", "mac") for entry in report[part]}
    assert {name: note["fail"] for name, note in notes.items() if "fail" in note} == {}
    assert report["compression"] == ["none"]
