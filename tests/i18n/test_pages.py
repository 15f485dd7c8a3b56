"""The long pages (Rules, How to play): each language has each, shaped as the English."""

import re

import pytest

from kobito_tui.app.games import pages
from kobito_tui.app.texts import page
from kobito_tui.app.words import key_name
from kobito_tui.i18n import translator, words
from kobito_tui.i18n.catalogs import TRANSLATED


def shape(text: str, board: dict[str, str] | None = None) -> list[tuple[str, list[str], int]]:
    """Per section: its heading level, the key names and marks it quotes (`code`), its list items;
    ``board`` words quoted as the English board shows them become the translated board's."""
    sections = []
    for line in text.splitlines():
        if heading := re.match(r"(#+) ", line):
            sections.append([heading[1], [], 0])
        elif sections:
            sections[-1][1] += [(board or {}).get(code, code) for code in re.findall(r"`([^`]*)`", line)]
            sections[-1][2] += bool(re.match(r"(- |\d+\. )", line))
    return [(level, sorted(keys), items) for level, keys, items in sections]


def board_words(lang: str) -> dict[str, str]:
    """The board's own words the pages quote, English → as the board in ``lang`` shows them."""
    en, t = translator("en"), translator(lang)
    quoted = {
        "length 5": lambda t: t("length {length}", length=5),
        "4 gold": lambda t: words.pot_gold(t, 4).strip(),
        "W1": lambda t: words.workshop_label(t, 1),
        "W2": lambda t: words.workshop_label(t, 2),
        "R": lambda t: words.colour_letter(t, "red"),
        "K": lambda t: words.wild_letter(t, "kobito"),
        "P": lambda t: words.wild_letter(t, "paint"),
        "K→7": lambda t: f"{words.wild_letter(t, 'kobito')}→7",
        "(K→7)": lambda t: f"({words.wild_letter(t, 'kobito')}→7)",
        "Space": lambda t: key_name(t, "space").replace("space", "Space"),  # the footer's word (English capitalised)
    }
    assert all(said(en) == english for english, said in quoted.items())
    return {english: said(t) for english, said in quoted.items()}


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("name", pages())
def test_each_language_has_each_page_with_the_same_sections_and_keys(name, lang):
    english, own = page(name, "en"), page(name, lang)
    assert own != english, f"{name}.{lang}.md is missing"
    assert shape(own) == shape(english, board_words(lang))  # the board's words as the board shows them


def test_a_language_without_its_own_page_reads_english():
    assert page("rules-kobito", "xx") == page("rules-kobito", "en")
