"""What the table says, in the player's words: one function per kind of message,
each in the client's language (its translator ``t``) for the reader's seats ``who``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kobito_tui.core.game import Result, Seat
from kobito_tui.core.safetext import printable
from kobito_tui.core.savefile import REASON_MAX_CHARS, SaveError
from kobito_tui.i18n import Translator
from kobito_tui.i18n.messages import say
from kobito_tui.i18n.seats import Seats

if TYPE_CHECKING:  # (types only: the title comes up without the table and its computers)
    from kobito_tui.table import LogEntry, Refusal


def entry_words(t: Translator, entry: LogEntry, seats: Sequence[Seat | str], reader: int | None = None) -> str:
    """One line of the log, as ``reader`` (a seat: "you") reads it."""
    return say(t, entry, seats, reader)


def refusal_words(t: Translator, refusal: Refusal, who: Seats) -> str:
    """Why a request was refused."""
    return say(t, refusal, who.seats, who.reader)


def save_error_words(t: Translator, error: SaveError) -> str:
    """Why a save file cannot be loaded (what is wrong on its line), printable."""
    return printable(say(t, error.message), REASON_MAX_CHARS)


def file_error_words(t: Translator, file: str, error: SaveError) -> str:
    """``file`` (a name or path), the line and why it cannot be loaded: "x.jsonl, line 3: …"."""
    return t("{file}, line {line}: {reason}", file=printable(file), line=error.line, reason=save_error_words(t, error))


def result_words(t: Translator, result: Result | None, who: Seats) -> str:
    """How the game ended, in one line, as ``who``'s reader reads it."""
    return say(t, result.summary, who.seats, who.reader) if result is not None and result.summary else t("Game over")


def key_name(t: Translator, shown: str) -> str:
    """A key's name as Textual shows it ("space", "esc", "PgDn"), in ``t``'s language; keys
    shown as what their cap says (a letter, an arrow, "f1") stay as they are."""
    names = {
        # Translators: keys in the footers and F1: a key with a word for it in your language by that word
        # («пробіл»); the others as your keyboards print them on the key («Esc», «Tab», «Del», «PgDn»).
        "space": t.p("key", "space"),
        "esc": t.p("key", "esc"),
        "tab": t.p("key", "tab"),
        "del": t.p("key", "del"),
        "home": t.p("key", "home"),
        "end": t.p("key", "end"),
        "PgDn": t.p("key", "PgDn"),
        "PgUp": t.p("key", "PgUp"),
    }
    return names.get(shown, shown)
