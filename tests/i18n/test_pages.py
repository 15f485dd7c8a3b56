"""The long pages (Rules, How to play): each language has each, shaped as the English."""

import re

import pytest

from kobito_tui.app.texts import PAGES, page
from kobito_tui.i18n.catalogs import TRANSLATED


def shape(text: str) -> list[tuple[str, list[str], int]]:
    """Per section: its heading level, the key names and marks it quotes (`code`), its list items."""
    sections = []
    for line in text.splitlines():
        if heading := re.match(r"(#+) ", line):
            sections.append([heading[1], [], 0])
        elif sections:
            sections[-1][1] += re.findall(r"`([^`]*)`", line)
            sections[-1][2] += bool(re.match(r"(- |\d+\. )", line))
    return [(level, sorted(keys), items) for level, keys, items in sections]


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("name", PAGES)
def test_each_language_has_each_page_with_the_same_sections_and_keys(name, lang):
    english, own = page(name, "en"), page(name, lang)
    assert own != english, f"{name}.{lang}.md is missing"
    assert shape(own) == shape(english)


def test_a_language_without_its_own_page_reads_english():
    assert page("rules-kobito", "xx") == page("rules-kobito", "en")
