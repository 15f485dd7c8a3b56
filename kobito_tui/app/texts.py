"""The app's long texts (Rules, How to play) in the client's language.

Each page is ``kobito_tui/app/<name>.md`` in English and ``<name>.<lang>.md``
beside it for each translation (installed with the package: pyproject's
package-data takes ``*.md``).  A language without its own file reads English.
"""

from __future__ import annotations

from importlib.resources import files

from kobito_tui.core.games import REGISTRY

PAGES = tuple(name for entry in REGISTRY.values() for name in (entry.rules, entry.howto) if name)
"""Every game's pages, as the registry names them."""


def page(name: str, lang: str = "en") -> str:
    """The Markdown page ``name`` (one of PAGES) in ``lang``, else in English."""
    folder = files("kobito_tui.app")
    own = folder / f"{name}.{lang}.md"
    return (own if lang != "en" and own.is_file() else folder / f"{name}.md").read_text(encoding="utf-8")
