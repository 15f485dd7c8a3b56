"""Translators: one per client, each in its own language.  Nothing here sets a
process-wide language (no ``gettext.install``, no locale changes): two clients
in one process hold two translators and read the same game in two languages."""

from __future__ import annotations

import gettext
import struct
from functools import cache
from pathlib import Path
from typing import Any

from .msgids import Text

DOMAIN = "kobito"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
LANGUAGES = ("en", "uk", "ru")
"""The languages a player can choose; English is the source text."""
PSEUDO = "xx"
"""The pseudo-language: every message lengthened with accented letters, for
finding cut lines and words that bypass the catalog."""
LANGUAGE_NAMES = {"en": "English", "uk": "Українська", "ru": "Русский"}
"""Each language in its own words, for a language menu."""


def catalog_path(lang: str) -> Path:
    """The compiled catalog of ``lang`` (uk, ru, xx)."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


@cache
def _catalog(lang: str) -> gettext.NullTranslations | None:
    """The read-only catalog for ``lang``, loaded once; None when it cannot be read."""
    try:
        with catalog_path(lang).open("rb") as file:
            return gettext.GNUTranslations(file)
    except (OSError, ValueError, struct.error):  # a broken install: the player still gets English
        return None


def translator(lang: str) -> Translator:
    """A translator for ``lang`` (one of LANGUAGES or PSEUDO); ValueError for any other.

    When the compiled catalog cannot be read the translator speaks English,
    and its ``lang`` says so.
    """
    if lang not in (*LANGUAGES, PSEUDO):
        raise ValueError(f"unknown language {lang!r}")
    catalog = _catalog(lang) if lang != "en" else None
    return Translator(lang, catalog) if catalog is not None else Translator("en", gettext.NullTranslations())


class Translator:
    """Messages in one language: ``t("{name} wins", name=...)``,
    ``t.n("{count} card", "{count} cards", count)``, ``t.p("colour", "red")``.

    The English text is the message id; parameters are filled in by name after
    the lookup.  A translation whose placeholders do not fit falls back to the
    English text rather than failing in front of a player.
    """

    def __init__(self, lang: str, catalog: gettext.NullTranslations) -> None:
        self.lang = lang
        self._catalog = catalog

    def __repr__(self) -> str:
        return f"Translator({self.lang!r})"

    def __call__(self, message: str, /, **params: Any) -> str:
        return _fill(self._catalog.gettext(message), message, params)

    def n(self, singular: str, plural: str, count: int, /, **params: Any) -> str:
        """The form for ``count``; ``{count}`` is filled in too."""
        english = singular if count == 1 else plural
        return _fill(self._catalog.ngettext(singular, plural, count), english, {"count": count, **params})

    def p(self, context: str, message: str, /, **params: Any) -> str:
        """``message`` in ``context`` (one English word, two meanings)."""
        return _fill(self._catalog.pgettext(context, message), message, params)

    def np(self, context: str, singular: str, plural: str, count: int, /, **params: Any) -> str:
        english = singular if count == 1 else plural
        text = self._catalog.npgettext(context, singular, plural, count)
        return _fill(text, english, {"count": count, **params})

    def text(self, text: Text, count: int | None = None, /, **params: Any) -> str:
        """A :class:`~.msgids.Text` worded: a counted one needs ``count``."""
        if text.plural is None:
            if text.context is None:
                return self(text.singular, **params)
            return self.p(text.context, text.singular, **params)
        if count is None:
            raise TypeError(f"{text.singular!r} needs a count")
        if text.context is None:
            return self.n(text.singular, text.plural, count, **params)
        return self.np(text.context, text.singular, text.plural, count, **params)


def _fill(text: str, english: str, params: dict[str, Any]) -> str:
    try:
        return text.format_map(params)
    except (KeyError, IndexError, ValueError, AttributeError):  # a broken translation
        return english.format_map(params)
