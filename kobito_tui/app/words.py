"""What the table says, in the player's words: one function per kind of message,
each in the client's language (its translator ``t``) with the players' ``names``."""

from __future__ import annotations

from collections.abc import Sequence

from kobito_tui.core.game import Result
from kobito_tui.core.safetext import printable
from kobito_tui.core.savefile import REASON_MAX_CHARS, SaveError
from kobito_tui.i18n import Translator
from kobito_tui.i18n.messages import say
from kobito_tui.table import LogEntry, Refusal


def entry_words(t: Translator, entry: LogEntry, names: Sequence[str]) -> str:
    """One line of the log."""
    return say(t, entry, names)


def refusal_words(t: Translator, refusal: Refusal, names: Sequence[str]) -> str:
    """Why a request was refused."""
    return say(t, refusal, names)


def save_error_words(t: Translator, error: SaveError) -> str:
    """Why a save file cannot be loaded (what is wrong on its line), printable."""
    return printable(say(t, error.message), REASON_MAX_CHARS)


def file_error_words(t: Translator, file: str, error: SaveError) -> str:
    """``file`` (a name or path), the line and why it cannot be loaded: "x.jsonl, line 3: …"."""
    return t("{file}, line {line}: {reason}", file=printable(file), line=error.line, reason=save_error_words(t, error))


def result_words(t: Translator, result: Result | None, names: Sequence[str]) -> str:
    """How the game ended, in one line."""
    return say(t, result.summary, names) if result is not None and result.summary else t("Game over")
