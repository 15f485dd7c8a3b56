"""What a client says of its terminal is untrusted: a TERM with a NUL in it ended the player's
program with a traceback. Anything that does not read as a terminal type is plain ``xterm``."""

from __future__ import annotations

import asyncio

import asyncssh
import pytest

from kobito_tui.serve.door import session_env

HOSTILE_TERMS = ["xterm\x00evil", "x" * 10_000, "\x1b]0;owned\x07", "xterm 256color", "ксерм", ""]


@pytest.mark.parametrize("term", HOSTILE_TERMS)
def test_a_hostile_term_is_plain_xterm(term):
    assert session_env(term, "C.UTF-8", "guest", "", "127.0.0.1")["TERM"] == "xterm"


@pytest.mark.parametrize("term", ["xterm-256color", "screen.xterm-256color", "rxvt-unicode", "vt100", "xterm+kitty"])
def test_a_terminal_type_is_passed_on(term):
    assert session_env(term, "C.UTF-8", "guest", "", "127.0.0.1")["TERM"] == term


@pytest.mark.asyncio
async def test_a_client_whose_term_has_a_nul_is_asked_its_name(server):
    conn = await asyncssh.connect(
        "127.0.0.1", server.port, username="ann", known_hosts=None, client_keys=[], agent_path=None, kbdint_auth=True, password=""
    )
    try:
        process = await conn.create_process(term_type="xterm\x00evil", term_size=(80, 24), encoding=None)
        shown = b""
        while b"name" not in shown:
            shown += await asyncio.wait_for(process.stdout.read(65536), 20)
    finally:
        conn.close()
    assert "Traceback" not in server.read_log()
