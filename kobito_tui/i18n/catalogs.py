"""Build the catalogs from the source: extract → update → pseudo → compile.

    python -m kobito_tui.i18n.catalogs

A maintainer's tool (it needs Babel, a test dependency); the app itself reads
only the compiled ``.mo`` files.  Files are rewritten only when their messages
change, so a run on an unchanged tree leaves git clean.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from .pseudo import pseudo
from .translator import DOMAIN, LOCALE_DIR, PSEUDO, catalog_path

ROOT = LOCALE_DIR.parent.parent
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
TRANSLATED = ("uk", "ru")
KEYWORDS = {"t": None, "n": (1, 2), "p": ((1, "c"), 2), "np": ((1, "c"), 2, 3)}
"""``t(message)``, ``t.n(singular, plural, count)``, ``t.p(context, message)``, ``t.np(...)``."""
COMMENT_TAGS = ("Translators:",)
HEADER = {"project": "kobito-tui", "copyright_holder": "the kobito-tui authors", "charset": "utf-8", "fuzzy": False}
_DATES = (b'"POT-Creation-Date:', b'"PO-Revision-Date:')


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract() -> Catalog:
    """The template as the source says it now."""
    with (ROOT / "babel.cfg").open() as file:
        method_map, options_map = parse_mapping_cfg(file)
    template = Catalog(**HEADER)
    found = extract_from_dir(ROOT, method_map, options_map, KEYWORDS, COMMENT_TAGS, strip_comment_tags=True)
    for filename, _lineno, message, comments, context in found:
        template.add(message, None, [(filename, None)], auto_comments=comments, context=context)
    return template


def read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=lang)


def updated(template: Catalog, lang: str) -> Catalog:
    """The ``lang`` catalog brought up to ``template`` (new messages empty, changed ones fuzzy)."""
    path = po_path(lang)
    catalog = read(path, lang) if path.exists() else Catalog(locale=lang, **HEADER)
    catalog.update(template)
    return catalog


def pseudo_catalog(template: Catalog) -> Catalog:
    """Every message of ``template`` in the pseudo-language."""
    catalog = Catalog(**HEADER)
    for message in template:
        if message.id:
            plural = isinstance(message.id, (list, tuple))
            text = tuple(pseudo(form) for form in message.id) if plural else pseudo(message.id)
            catalog.add(message.id, text, context=message.context)
    return catalog


def _po_bytes(catalog: Catalog, **options) -> bytes:
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


def build() -> list[Path]:
    """Extract, update uk and ru, regenerate the pseudo-language, compile all; the files written."""
    template = extract()
    written = [TEMPLATE] if _write_if_changed(TEMPLATE, _po_bytes(template), dated=True) else []
    sources = {lang: updated(template, lang) for lang in TRANSLATED}
    sources[PSEUDO] = pseudo_catalog(template)
    for lang, catalog in sources.items():
        if _write_if_changed(po_path(lang), _po_bytes(catalog, omit_header=lang == PSEUDO), dated=True):
            written.append(po_path(lang))
        compiled = io.BytesIO()
        write_mo(compiled, read(po_path(lang), None if lang == PSEUDO else lang))
        if _write_if_changed(catalog_path(lang), compiled.getvalue()):
            written.append(catalog_path(lang))
    return written


def main() -> int:
    for path in build():
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
