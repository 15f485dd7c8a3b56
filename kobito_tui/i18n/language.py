"""Which language a client reads: its explicit choice, its environment, or English.

Everything takes the client's environment as a mapping, never ``os.environ``
implicitly: a served SSH session passes its own client's variables.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

import platformdirs

from .translation import LANGUAGES, PSEUDO

ENV_LANG = "KOBITO_LANG"
ENV_CONFIG_DIR = "KOBITO_CONFIG_DIR"
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
CONFIG_FILE = "language.json"


def language_of(value: str | None) -> str | None:
    """The supported language a locale name means: "uk_UA.UTF-8" → "uk", "ru" → "ru";
    None for "C", "de_DE", "" and the like.  The pseudo-language is named exactly."""
    if not value:
        return None
    if value == PSEUDO:
        return PSEUDO
    code = value.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else None


def resolve_language(choice: str | None, env: Mapping[str, str], remembered: str | None = None) -> str:
    """The language for a client: ``choice`` (``--lang``), ``$KOBITO_LANG``, the
    ``remembered`` choice (its config file), then the locale: the first of
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set decides (``LC_ALL=C`` means
    English), then English.  Values naming no supported language are skipped."""
    for value in (choice, env.get(ENV_LANG), remembered):
        if lang := language_of(value):
            return lang
    locale = next((env[name] for name in LOCALE_VARIABLES if env.get(name)), None)
    lang = language_of(locale)
    return lang if lang in LANGUAGES else "en"


def client_language(choice: str | None, env: Mapping[str, str]) -> str:
    """The language a client starts in: :func:`resolve_language` with the choice
    remembered in ``env``'s config folder."""
    return resolve_language(choice, env, remembered_language(env))


def config_dir(env: Mapping[str, str]) -> Path:
    """``$KOBITO_CONFIG_DIR``, else the platform's user config folder for the app."""
    chosen = env.get(ENV_CONFIG_DIR)
    if chosen:
        return Path(chosen).expanduser()
    return Path(platformdirs.user_config_dir("kobito-tui", appauthor=False))


def remembered_language(env: Mapping[str, str]) -> str | None:
    """The language chosen last time, or None (never chosen, unreadable, unknown)."""
    try:
        data = json.loads((config_dir(env) / CONFIG_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    lang = data.get("language") if isinstance(data, dict) else None
    return lang if lang in LANGUAGES else None


def remember_language(lang: str, env: Mapping[str, str]) -> Path:
    """Write ``lang`` as the choice for next time, atomically; the file written.
    Raises ValueError for an unknown language and OSError when it cannot be written."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")
    folder = config_dir(env)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / CONFIG_FILE
    fd, temp = tempfile.mkstemp(prefix=f".{CONFIG_FILE}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            json.dump({"language": lang}, file)
            file.write("\n")
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return path
