"""Languages for the app, one per client: translators, the choice of language,
the games' words.  UI-free (no Textual); the standard ``gettext`` module at run
time, Babel only to build the catalogs (``python -m kobito_tui.i18n.catalogs``)."""

from .language import client_language, remember_language, remembered_language, resolve_language
from .translation import LANGUAGE_NAMES, LANGUAGES, PSEUDO, Translator, translator

__all__ = [
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "PSEUDO",
    "Translator",
    "client_language",
    "remember_language",
    "remembered_language",
    "resolve_language",
    "translator",
]
