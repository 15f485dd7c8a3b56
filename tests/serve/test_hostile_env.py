"""What a client says of its terminal is untrusted: a TERM with a NUL in it ended the player's
program with a traceback. Anything that does not read as a terminal type is plain ``xterm``."""

from __future__ import annotations

import pytest

from kobito_tui.serve.door import session_env

from .helpers import read_until, ssh_guest

HOSTILE_TERMS = ["xterm\x00evil", "x" * 10_000, "\x1b]0;owned\x07", "xterm 256color", "ксерм", ""]


@pytest.mark.parametrize("term", HOSTILE_TERMS)
def test_a_hostile_term_is_plain_xterm(term):
    assert session_env(term, "C.UTF-8", "guest", "", "127.0.0.1")["TERM"] == "xterm"


@pytest.mark.parametrize("term", ["xterm-256color", "screen.xterm-256color", "rxvt-unicode", "vt100", "xterm+kitty"])
def test_a_terminal_type_is_passed_on(term):
    assert session_env(term, "C.UTF-8", "guest", "", "127.0.0.1")["TERM"] == term


@pytest.mark.asyncio
async def test_a_client_whose_term_has_a_nul_is_asked_its_name(server):
    conn, process = await ssh_guest(server.port, term="xterm\x00evil")
    try:
        await read_until(process, b"name")
    finally:
        conn.close()
    assert "Traceback" not in server.read_log()
