"""A notice beyond the screen: the terminal bell, and a desktop notification where the terminal shows one.

Textual has no desktop notification of its own; terminals that have one take OSC 9 (iTerm2, WezTerm,
Windows Terminal, kitty, foot) or OSC 777 (rxvt-unicode, Konsole, VTE); the others ignore both."""

from __future__ import annotations

from typing import Any

from textual.app import App

from kobito_tui.core.safetext import printable


def osc_notice(text: str) -> str:
    """The escape sequences that ask the terminal for a desktop notification saying ``text`` (made printable, one line)."""
    line = printable(text, 120).replace(";", ",")
    return f"\x1b]9;{line}\x07\x1b]777;notify;kobito;{line}\x07"


def ring(app: App[Any], text: str) -> None:
    """The bell, and ``text`` as a desktop notification (a terminal of a player's, or a browser's page)."""
    app.bell()
    driver = app._driver  # Textual writes its own escapes only: a notice goes through its driver's public ``write``
    if driver is not None and not app.is_headless:
        driver.write(osc_notice(text))
