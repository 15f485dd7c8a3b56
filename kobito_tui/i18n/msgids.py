"""Messages as data: ``msg("…")``, ``msg_n("…", "…")`` name an English text where it is
written and a translator words it later (``t.text(...)``); ``you("…")``, ``you_n(…)`` are the
forms for the reader's own seat, in the message context "you" (second-person grammar).
The extractor (``extract.py``) reads these four calls as it reads ``t(...)``."""

from __future__ import annotations

from dataclasses import dataclass

YOU = "you"
"""The context of every message about the reader's own seat."""


@dataclass(frozen=True)
class Text:
    """An English message id: ``plural`` for counted ones; ``context`` YOU for the reader's forms."""

    singular: str
    plural: str | None = None
    context: str | None = None


def msg(text: str) -> Text:
    return Text(text)


def msg_n(singular: str, plural: str) -> Text:
    return Text(singular, plural)


def you(text: str) -> Text:
    return Text(text, context=YOU)


def you_n(singular: str, plural: str) -> Text:
    return Text(singular, plural, YOU)
