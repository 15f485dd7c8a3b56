"""What the table says, in the player's words: one function per kind of message."""

from __future__ import annotations

from kobito_tui.core.game import Result
from kobito_tui.table import LogEntry, Refusal


def entry_words(entry: LogEntry) -> str:
    """One line of the log."""
    return entry.text


def refusal_words(refusal: Refusal) -> str:
    """Why a request was refused."""
    return refusal.text


def result_words(result: Result) -> str:
    """How the game ended, in one line."""
    return result.summary
