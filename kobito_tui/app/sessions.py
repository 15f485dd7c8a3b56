"""The doors' session template, the app's side: ``kobito session-template`` imports here,
once, what every player's program needs (the remote app, a table's screen, what Textual
imports as it runs), then :func:`kobito_tui.serve.template.serve` forks a
:func:`~kobito_tui.app.remote.run_remote` per player, sharing that memory."""

from __future__ import annotations

import concurrent.futures.thread  # noqa: F401 - the table's thinking runs in a thread
import socket

import textual.drivers.linux_driver  # noqa: F401 - imported as the app runs: once here, not in each fork
import textual.layouts.factory  # noqa: F401
import textual.layouts.horizontal  # noqa: F401
import textual.layouts.stream  # noqa: F401
import textual.pilot  # noqa: F401
import textual.scrollbar  # noqa: F401

import kobito_tui.app.screens.game  # noqa: F401 - a table's screen
from kobito_tui.app.remote import run_remote
from kobito_tui.serve.template import serve


def run_template(channel_fd: int) -> int:
    """Fork a remote app per request on the door's socket ``channel_fd``, until the door goes."""
    serve(socket.socket(fileno=channel_fd), run_remote)
    return 0
