"""The catalogs against the source and each other: nothing missing, nothing
fuzzy, nothing stale (the template, the pseudo-language, the compiled files)."""

import gettext
import re
import string

import pytest

from kobito_tui.i18n import catalogs
from kobito_tui.i18n.catalogs import TRANSLATED, extract, po_path, pseudo_catalog, read, template_path
from kobito_tui.i18n.translation import PSEUDO


def key(message):
    return message.context, message.id


def placeholders(text):
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_the_template_is_what_the_source_says(repo):
    """A message added to the code (or a changed one) without running the build fails here."""
    source = {key(m): sorted(m.locations) for m in extract(repo) if m.id}
    template = {key(m): sorted(m.locations) for m in read(template_path(repo)) if m.id}
    assert source == template, "run: python -m kobito_tui.i18n.catalogs"


def problem(message, catalog):
    """What is wrong with the translation of template ``message`` in ``catalog``, or None."""
    found = catalog.get(message.id, message.context)
    if found is None:
        return "missing"
    if found.fuzzy:
        return "fuzzy"
    forms = found.string if message.pluralizable else (found.string,)
    if len(forms) != (catalog.num_plurals if message.pluralizable else 1) or not all(forms):
        return "untranslated"
    ids = message.id if message.pluralizable else (message.id,)
    wanted = set().union(*map(placeholders, ids)) | ({"count"} if message.pluralizable else set())
    if any(placeholders(form) - {"count"} != wanted - {"count"} for form in forms):
        return f"placeholders differ: {forms!r}"
    return None


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_and_not_fuzzy(repo, lang):
    catalog = read(po_path(repo, lang), lang)
    problems = {m.id: problem(m, catalog) for m in read(template_path(repo)) if m.id}
    assert {message: why for message, why in problems.items() if why} == {}


def test_the_pseudo_language_is_made_from_the_template(repo):
    made = {key(m): m.string for m in pseudo_catalog(read(template_path(repo))) if m.id}
    stored = {key(m): m.string for m in read(po_path(repo, PSEUDO)) if m.id}
    assert stored == made, "run: python -m kobito_tui.i18n.catalogs"


@pytest.mark.parametrize("lang", [*TRANSLATED, PSEUDO])
def test_the_compiled_catalog_says_what_the_po_file_says(repo, lang):
    """A .po edited without compiling (or a .mo from an older .po) fails here."""
    source = read(po_path(repo, lang), None if lang == PSEUDO else lang)
    plural = gettext.c2py(source.plural_expr)
    with po_path(repo, lang, ".mo").open("rb") as file:
        compiled = gettext.GNUTranslations(file)
    stale = []
    for message in source:
        if not message.id or message.fuzzy or not all(message.string if message.pluralizable else [message.string]):
            continue
        if message.pluralizable:
            for index, form in enumerate(message.string):
                n = next(n for n in range(200) if plural(n) == index)
                got = compiled.npgettext(message.context, *message.id, n) if message.context else compiled.ngettext(*message.id, n)
                if got != form:
                    stale.append((message.id, n, got, form))
        else:
            got = compiled.pgettext(message.context, message.id) if message.context else compiled.gettext(message.id)
            if got != message.string:
                stale.append((message.id, got, message.string))
    assert stale == [], "run: python -m kobito_tui.i18n.catalogs"


def test_a_build_of_an_up_to_date_tree_writes_nothing(repo, tmp_path):
    """The build on a copy of the tree: nothing to write, so the tests above
    and the build agree (and running it never churns git)."""
    import shutil

    shutil.copytree(repo / "kobito_tui", tmp_path / "kobito_tui", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(repo / "babel.cfg", tmp_path)
    assert catalogs.build(tmp_path) == []
    edited = po_path(tmp_path, "uk")
    edited.write_text(re.sub('msgstr "Нічия"', 'msgstr "Внічию"', edited.read_text(encoding="utf-8")), encoding="utf-8")
    assert catalogs.build(tmp_path) == [po_path(tmp_path, "uk", ".mo")]


def test_every_translator_call_names_its_message_literally(repo):
    """``t(f"...")``, ``t(text)`` or ``t("a" + b)`` can never be in the catalog."""
    from kobito_tui.i18n.extract import messages

    literal = {"message": 1, "plural": 2, "context": 2, "context_plural": 3}
    bad = []
    for path in sorted((repo / "kobito_tui").rglob("*.py")):
        with path.open("rb") as file:
            for line, keyword, arguments, _ in messages(file, literal, (), {}):
                if None in arguments[: literal[keyword]] or len(arguments) < literal[keyword]:
                    bad.append(f"{path.relative_to(repo)}:{line}")
    assert bad == []
