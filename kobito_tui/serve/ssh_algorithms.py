"""What the SSH door offers in its key exchange, and one repair to how asyncssh runs that exchange.

By default the door offers OpenSSH's modern set, those of it this asyncssh has (the post-quantum
hybrids and UMAC depend on the crypto libraries it finds): no SHA-1, no NIST curves, no CBC, MACs
only encrypt-then-MAC, no compression (a screen is small, and compressed, its packets' sizes would
hint at what it shows). ``--ssh-legacy-algorithms`` offers asyncssh's own wider defaults instead,
for an old client. Either way the host key is the door's Ed25519 key (:func:`~kobito_tui.serve.door.host_key`).

The repair: a client may send its first key exchange packet with its KEXINIT, guessing the method
(Dropbear's ``dbclient`` does). RFC 4253 §7 counts the guess right only when both sides list the
same key exchange and host key algorithms first; else the guessed packet is ignored and the client
sends another. asyncssh (up to 2.24 at least) keeps the guess whenever the client's first method is
the one agreed, so it answered it, then met the client's second packet and hung up ("Key exchange
not in progress"). :func:`follow_rfc_kex_guess` makes it ignore a wrong guess as the RFC says.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from asyncssh.connection import SSHConnection
from asyncssh.constants import MSG_KEXINIT
from asyncssh.encryption import get_encryption_algs
from asyncssh.kex import get_kex_algs
from asyncssh.mac import get_mac_algs
from asyncssh.packet import SSHPacket

KEX = (
    "mlkem768x25519-sha256",
    "sntrup761x25519-sha512",
    "sntrup761x25519-sha512@openssh.com",
    "curve25519-sha256",
    "curve25519-sha256@libssh.org",
)
CIPHERS = (
    "chacha20-poly1305@openssh.com",
    "aes256-gcm@openssh.com",
    "aes128-gcm@openssh.com",
    "aes256-ctr",
    "aes192-ctr",
    "aes128-ctr",
)
MACS = ("hmac-sha2-256-etm@openssh.com", "hmac-sha2-512-etm@openssh.com", "umac-128-etm@openssh.com")
COMPRESSION = ("none",)


def server_options(legacy: bool = False) -> dict[str, list[str]]:
    """asyncssh's server options for the algorithms offered: the modern set, or (``legacy``) asyncssh's defaults."""
    if legacy:
        return {}
    return {
        "kex_algs": _available(KEX, get_kex_algs()),
        "encryption_algs": _available(CIPHERS, get_encryption_algs()),
        "mac_algs": _available(MACS, get_mac_algs()),
        "compression_algs": list(COMPRESSION),
    }


def _available(wanted: Sequence[str], known: Sequence[bytes]) -> list[str]:
    return [name for name in wanted if name.encode() in known]


_ASYNCSSH_PROCESS_KEXINIT: Any = SSHConnection._packet_handlers[MSG_KEXINIT]


def follow_rfc_kex_guess() -> None:
    """Have asyncssh ignore a peer's wrongly guessed first key exchange packet, as RFC 4253 §7 says."""
    cast(dict[int, Any], SSHConnection._packet_handlers)[MSG_KEXINIT] = _process_kexinit


async def _process_kexinit(conn: SSHConnection, pkttype: int, pktid: int, packet: SSHPacket) -> None:
    """asyncssh's handling of a KEXINIT, then the RFC's test of the peer's guess: right only if both sides list the same first."""
    await _ASYNCSSH_PROCESS_KEXINIT(conn, pkttype, pktid, packet)
    client_first, client_guessed = _proposal(conn._client_kexinit)
    server_first, server_guessed = _proposal(conn._server_kexinit)
    guessed = server_guessed if conn.is_client() else client_guessed
    if guessed and client_first != server_first:
        conn._ignore_first_kex = True


def _proposal(kexinit: bytes) -> tuple[tuple[Sequence[bytes], Sequence[bytes]], bool]:
    """A KEXINIT's first key exchange and host key algorithms, and whether a guessed packet follows it."""
    packet = SSHPacket(kexinit[17:])  # past the message type and the cookie
    names = [packet.get_namelist() for _ in range(10)]
    return (names[0][:1], names[1][:1]), packet.get_boolean()
