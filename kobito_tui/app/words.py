"""What the table says, in the player's words: one function per kind of message,
each in the client's language (its translator ``t``) with the players' ``names``."""

from __future__ import annotations

from collections.abc import Sequence

from kobito_tui.core.game import Result
from kobito_tui.i18n import Translator
from kobito_tui.i18n.messages import say
from kobito_tui.table import LogEntry, Refusal


def entry_words(t: Translator, entry: LogEntry, names: Sequence[str]) -> str:
    """One line of the log."""
    return say(t, entry, names)


def refusal_words(t: Translator, refusal: Refusal, names: Sequence[str]) -> str:
    """Why a request was refused."""
    return say(t, refusal, names)


def result_words(t: Translator, result: Result | None, names: Sequence[str]) -> str:
    """How the game ended, in one line."""
    return say(t, result.summary, names) if result is not None and result.summary else t("Game over")
