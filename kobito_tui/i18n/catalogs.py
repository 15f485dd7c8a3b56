"""Build the catalogs from the source: extract → update → pseudo → compile.

    python -m kobito_tui.i18n.catalogs      (from the repository's top folder)

A maintainer's tool (it needs Babel, a test dependency); the app itself reads
only the compiled ``.mo`` files.  Files are rewritten only when their messages
change, so a run on an unchanged tree leaves git clean.  Every function takes
the repository's folder: the tests run it on the checkout even where the
package they import is an installed copy.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any, cast

from babel.messages.catalog import DEFAULT_HEADER, Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from .pseudo import LONGER, pseudo
from .translation import DOMAIN, PSEUDO

TRANSLATED = ("uk", "ru")
KEYWORDS = {"message": None, "plural": (1, 2), "context": ((1, "c"), 2), "context_plural": ((1, "c"), 2, 3)}
"""What each keyword's arguments are: ``t(message)``, ``t.n(singular, plural, count)``,
``t.p(context, message)``, ``t.np(context, singular, plural, count)`` (``extract.py`` names the calls)."""
COMMENT_TAGS = ("Translators:",)
PSEUDO_HEADER = "# The pseudo-language, made from kobito.pot by python -m kobito_tui.i18n.catalogs: do not edit."
_DATES = (b'"POT-Creation-Date:', b'"PO-Revision-Date:')


def new_catalog(locale: str | None = None, header_comment: str = DEFAULT_HEADER) -> Catalog:
    """An empty catalog with this project's header."""
    return Catalog(
        locale=locale, header_comment=header_comment, project="kobito-tui",
        copyright_holder="the kobito-tui authors", charset="utf-8", fuzzy=False,
    )  # fmt: skip  # arguments grouped a few a line by meaning


def template_path(root: Path) -> Path:
    return root / "kobito_tui" / "locale" / f"{DOMAIN}.pot"


def po_path(root: Path, lang: str, suffix: str = ".po") -> Path:
    return root / "kobito_tui" / "locale" / lang / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


def extract(root: Path) -> Catalog:
    """The template as the source says it now."""
    with (root / "babel.cfg").open() as file:
        method_map, options_map = parse_mapping_cfg(file)  # type: ignore[no-untyped-call]  # Babel types not this one
    template = new_catalog()
    found = extract_from_dir(root, method_map, options_map, KEYWORDS, COMMENT_TAGS, strip_comment_tags=True)
    for filename, _lineno, message, comments, context in found:
        nowhere = cast("list[tuple[str, int]]", [(filename, None)])  # no line number: Babel takes None (its types say int)
        template.add(message, None, nowhere, auto_comments=comments, context=context)
    return template


def read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=lang)


def updated(root: Path, template: Catalog, lang: str) -> Catalog:
    """The ``lang`` catalog brought up to ``template`` (new messages empty, changed ones fuzzy)."""
    path = po_path(root, lang)
    catalog = read(path, lang) if path.exists() else new_catalog(lang)
    catalog.update(template)
    return catalog


def pseudo_catalog(template: Catalog) -> Catalog:
    """Every message of ``template`` in the pseudo-language."""
    catalog = new_catalog(header_comment=PSEUDO_HEADER)
    for message in template:
        if message.id:
            longer = 0 if message.context == "key" else LONGER
            if isinstance(message.id, str):
                text: str | tuple[str, ...] = pseudo(message.id, longer)
            else:
                text = tuple(pseudo(form, longer) for form in message.id)
            catalog.add(message.id, text, context=message.context)
    return catalog


def po_bytes(catalog: Catalog, **options: Any) -> bytes:
    """``catalog`` as this project writes its ``.po`` files."""
    out = io.BytesIO()
    write_po(out, catalog, width=110, include_lineno=False, **options)
    return out.getvalue()


def _write_if_changed(path: Path, data: bytes, *, dated: bool = False) -> bool:
    """Write ``data`` unless ``path`` holds the same (dates aside when ``dated``)."""

    def key(text: bytes) -> list[bytes]:
        return [line for line in text.splitlines() if not (dated and line.startswith(_DATES))]

    if path.exists() and key(path.read_bytes()) == key(data):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def build(root: Path) -> list[Path]:
    """Extract, update uk and ru, regenerate the pseudo-language, compile all; the files written."""
    template = extract(root)
    written = [template_path(root)] if _write_if_changed(template_path(root), po_bytes(template), dated=True) else []
    sources = {lang: updated(root, template, lang) for lang in TRANSLATED}
    sources[PSEUDO] = pseudo_catalog(template)
    for lang, catalog in sources.items():
        if _write_if_changed(po_path(root, lang), po_bytes(catalog), dated=True):
            written.append(po_path(root, lang))
        compiled = io.BytesIO()
        write_mo(compiled, read(po_path(root, lang), None if lang == PSEUDO else lang))
        if _write_if_changed(po_path(root, lang, ".mo"), compiled.getvalue()):
            written.append(po_path(root, lang, ".mo"))
    return written


def main() -> int:
    root = Path.cwd()
    if not (root / "babel.cfg").exists():
        print("run this from the repository's top folder (where babel.cfg is)", file=sys.stderr)
        return 2
    for path in build(root):
        print(f"wrote {path.relative_to(root)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
