"""One register and one word per thing: every uk/ru catalog entry and long page speaks to the
player with the capitalised polite pronoun, and names each thing by the glossary's word
(the table in docs/translating.md, read here)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kobito_tui.i18n.catalogs import TRANSLATED, po_path, read

LOWER = {
    "uk": re.compile(r"(?<![\w’'-])(?:ви|вас|вам|вами|ваш(?:а|е|і|у|ого|ої|ому|ій|им|ими|их)?)(?![\w’'-])"),
    "ru": re.compile(r"(?<![\w’'-])(?:вы|вас|вам|вами|ваш(?:а|е|и|у|его|ей|ему|ем|им|ими|их|ею)?)(?![\w’'-])"),
}
"""The plain (small-letter) forms of the polite "you": never in a translation (the capitalised
«Ви/Вы», «Ваш…» are; a word that only holds the letters — «вибір», «вашингтон» — is another word)."""
LANGUAGE = {"uk": 1, "ru": 2}  # the glossary's column of each language
AFTER_YOU = re.compile(r"\b(?:Ваш|Ваша|Ваше|Ваші|Ваши|Вашої|Вашей|Вашу|Вашій|Вашого|Вашего)\s+\*?([А-ЯІЇЄҐ]\w+)")
"""A capitalised noun right after the polite possessive («Ваша Майстерня»): the pronoun alone takes the capital."""


def lowered(text: str, lang: str) -> list[str]:
    return LOWER[lang].findall(text)


def test_the_register_check_sees_words_not_letters():
    assert lowered("Стіл 1: ви глядач; це ваше місце, вам видно", "uk") == ["ви", "ваше", "вам"]
    assert lowered("Ви перемагаєте; вибір, вирішіть, Ваша майстерня, вашингтон", "uk") == []
    assert lowered("(вы, красный) Вы зритель, вызов, Ваши радуги", "ru") == ["вы"]


def texts(lang: str, repo: Path) -> list[tuple[str, str]]:
    """Every translation in ``lang``'s catalog as (its English, the translation), each plural form apart."""
    found = []
    for message in read(po_path(repo, lang), lang):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            found.append((" ".join(ids), text))
    return found


def pages(lang: str, repo: Path) -> dict[str, str]:
    return {path.name: path.read_text(encoding="utf-8") for path in sorted((repo / "kobito_tui" / "app").glob(f"*.{lang}.md"))}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_translation_and_page_says_you_with_a_capital(repo, lang):
    """«Ви/Вы», «Вас», «Вам», «Ваш…» everywhere, never the plain «ви», «ваш» (the polite register of uk/ru interfaces)."""
    wrong = {english: text for english, text in texts(lang, repo) if lowered(text, lang)}
    wrong |= {name: line for name, page in pages(lang, repo).items() for line in page.splitlines() if lowered(line, lang)}
    assert wrong == {}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_only_the_pronoun_takes_the_capital(repo, lang):
    """«Ваша майстерня … Ваша рука», never «Ваша Майстерня» mid-sentence."""
    wrong = [match[0] for _, text in texts(lang, repo) for match in AFTER_YOU.finditer(text)]
    wrong += [match[0] for page in pages(lang, repo).values() for match in AFTER_YOU.finditer(page)]
    assert wrong == []


def glossary(repo: Path) -> list[tuple[list[str], dict[str, tuple[str, list[str]]]]]:
    """The rows of docs/translating.md's glossary that it checks: the English words (`quoted`), and per
    language the stem each translation holds and the stems none holds ("not `…`")."""
    text = (repo / "docs" / "translating.md").read_text(encoding="utf-8")
    table = text[text.index("**The glossary**") :].split("\n\n", 2)[1]
    rows = []
    for line in table.splitlines()[2:]:
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        english = re.findall(r"`([^`]+)`", cells[0].split("(")[0])
        words = {}
        for lang, column in LANGUAGE.items():
            wanted, _, never = cells[column].partition(", not ")
            stems = re.findall(r"`([^`]+)`", wanted)
            if stems:
                words[lang] = (stems[0], re.findall(r"`([^`]+)`", never))
        if english and words:
            rows.append((english, words))
    return rows


def names(english: str, words: list[str]) -> bool:
    """``english`` names one of ``words`` as a word of its own (not a {placeholder})."""
    return any(re.search(rf"(?<![{{\w]){re.escape(word)}(?![\w}}])", english, re.IGNORECASE) for word in words)


def holds(text: str, stem: str) -> bool:
    """``text`` has a word that starts with ``stem`` ("…" in it: any ending, "законч… ход")."""
    pattern = re.escape(stem).replace("…", r"\w*")
    return re.search(rf"(?<!\w){pattern}", text, re.IGNORECASE) is not None


def test_the_glossary_is_read_from_the_docs(repo):
    rows = {english[0]: words for english, words in glossary(repo)}
    assert rows["hint"] == {"uk": ("підказ", ["порад"]), "ru": ("подсказ", ["совет"])}
    assert {"tile", "title", "seed", "end turn", "paint card", "space"} <= set(rows)
    assert names("Hint: end your turn", ["hint"]) and not names("{tiles} show", ["tiles"]) and not names("hinted", ["hint"])


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_thing_has_one_word(repo, lang):
    """A translation of a message that names a glossary word holds that word's stem and none of
    its forbidden synonyms (hint «Підказка», never «Порада»; tile «тайл», never «плитка»…)."""
    wrong = []
    for english, words in glossary(repo):
        if lang not in words:
            continue
        stem, never = words[lang]
        for message, text in texts(lang, repo):
            if names(message, english) and (not holds(text, stem) or any(holds(text, bad) for bad in never)):
                wrong.append((english[0], message, text))
    assert wrong == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_pages_use_no_forbidden_synonym(repo, lang):
    """The long pages hold no word the glossary forbids (unless it is another thing's word: «поради» are tips)."""
    rows = [words[lang] for _, words in glossary(repo) if lang in words]
    terms = {stem for stem, _ in rows}
    never = {bad for _, bads in rows for bad in bads} - terms
    wrong = [(name, bad) for name, page in pages(lang, repo).items() for bad in sorted(never) if holds(page, bad)]
    assert wrong == []
    assert all("`Space`" not in page for page in pages(lang, repo).values())
