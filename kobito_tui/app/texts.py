"""The app's long texts (Rules, How to play) in the client's language.

Each page is ``kobito_tui/app/<name>.md`` in English and ``<name>.<lang>.md``
beside it for each translation (installed with the package: pyproject's
package-data takes ``*.md``).  A language without its own file reads English.
"""

from __future__ import annotations

import re
from importlib.resources import files

from kobito_tui.core.safetext import printable


def page(name: str, lang: str = "en") -> str:
    """The Markdown page ``name`` (one of ``app.games.pages()``) in ``lang``, else in English."""
    folder = files("kobito_tui.app")
    own = folder / f"{name}.{lang}.md"
    return (own if lang != "en" and own.is_file() else folder / f"{name}.md").read_text(encoding="utf-8")


def plain(text: object) -> str:
    """Untrusted text (an option value from a save file) as literal Markdown."""
    return re.sub(r"([\\`*_\[\]<>|#!])", r"\\\1", printable(text, 80))
