"""Translators: per client, named parameters, and safe when a translation is broken."""

import gettext
import io
import unicodedata

import pytest

from kobito_tui.i18n import LANGUAGES, PSEUDO, Translator, translator, words
from kobito_tui.i18n.extract import messages
from kobito_tui.i18n.pseudo import pseudo


def test_two_translators_in_one_process_speak_two_languages_at_once():
    uk, ru, en = translator("uk"), translator("ru"), translator("en")
    assert [words.pot(t, 1) for t in (uk, ru, en)] == ["Горщик B", "Горшок B", "Pot B"]
    assert words.colour(uk, "green") == "зелений" and words.colour(ru, "green") == "зелёный"
    assert words.pot(uk, 0) == "Горщик A"  # the other translators changed nothing


def test_translators_leave_the_process_alone():
    import builtins
    import locale

    before = locale.setlocale(locale.LC_ALL)
    words.draws(translator("ru"), "Ann", 2)
    assert not hasattr(builtins, "_") and gettext.gettext("A draw") == "A draw"
    assert locale.setlocale(locale.LC_ALL) == before


def test_named_parameters_may_be_reordered_by_a_translation():
    t = translator("uk")
    assert (
        t("{tiles} show the chest side: the winner is {name}.", name="Оля", tiles="усі") == "усі лежать скриньками догори: перемагає Оля."
    )


def test_the_games_words_follow_the_rulebooks():
    uk, ru = translator("uk"), translator("ru")
    assert [words.card_kind(uk, k) for k in ("kobito", "paint")] == ["кобіто", "заміна"]
    assert [words.card_kind(ru, k) for k in ("kobito", "paint")] == ["кобито", "замена"]
    assert (words.workshop(uk), words.workshop(ru)) == ("Майстерня", "Мастерская")
    assert words.your_colour(ru, "yellow") == "Ваш цвет: жёлтый."
    tiles = words.all_tiles_of(ru, "purple")
    assert (
        ru("{tiles} show the treasure side: the winner is {name}.", name="Ann", tiles=tiles)
        == "все 5 фиолетовых тайлов лежат сокровищами вверх: побеждает Ann."
    )


class _Broken(gettext.NullTranslations):
    def gettext(self, message):
        return "{nmae} виграє"  # a translator's typo

    def ngettext(self, singular, plural, n):
        return "{count"


def test_a_broken_translation_falls_back_to_english():
    t = Translator("uk", _Broken())
    assert t("{name} wins", name="Ann") == "Ann wins"
    assert t.n("{count} card", "{count} cards", 3) == "3 cards"


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError):
        translator("de")


@pytest.mark.parametrize("lang", [*LANGUAGES, PSEUDO])
def test_every_language_has_its_catalog(lang):
    assert translator(lang).lang == lang


def test_pseudo_is_longer_keeps_placeholders_and_markup_and_one_cell_per_letter():
    text = pseudo("{name} plays [b]{card}[/b] beside pot {label}.")
    assert text.startswith("‹{name} ") and "[b]{card}[/b]" in text and text.endswith("›")
    english = len("{name} plays [b]{card}[/b] beside pot {label}.") - len("{name}[b]{card}[/b]{label}")
    assert len(text) - len("{name}[b]{card}[/b]{label}") - 2 >= 1.4 * english
    assert all(unicodedata.east_asian_width(c) in "NaA" and not unicodedata.combining(c) for c in text)
    assert translator(PSEUDO)("Hide the Treasure") == pseudo("Hide the Treasure") != "Hide the Treasure"


def test_extraction_takes_only_the_translators_calls():
    source = b"""
for t in targets:
    if t[0] == "pot" and t("not a message either") is None:
        pass
self.t("A")
t.n("{count} B", "{count} Bs", n)
# Translators: a note
t.p("ctx", "C")
t(f"no {name}")
table.n("not this")
phrase("Keys")
"""
    keywords = ["message", "plural", "context"]
    found = [(kw, args, notes) for _, kw, args, notes in messages(io.BytesIO(source), keywords, ["Translators:"], {})]
    assert found == [
        ("message", ("not a message either",), []),  # a call on a name "t" is the translator's: keep the name for it
        ("message", ("A",), []),
        ("plural", ("{count} B", "{count} Bs", None), []),
        ("context", ("ctx", "C"), ["Translators: a note"]),
        ("message", (None,), []),
        ("message", ("Keys",), []),  # the app's actions mark their words with phrase()
    ]


def test_a_missing_catalog_gives_english_and_says_so(monkeypatch, tmp_path):
    from kobito_tui.i18n import translation

    monkeypatch.setattr(translation, "LOCALE_DIR", tmp_path)
    translation._catalog.cache_clear()
    try:
        t = translator("ru")
        assert (t.lang, words.pot(t, 0)) == ("en", "Pot A")
    finally:
        translation._catalog.cache_clear()


def test_every_refusal_of_the_table_is_worded(repo):
    """A refusal id added to the table without words fails (it would reach players as its id)."""
    import re

    from kobito_tui.core.message import Message
    from kobito_tui.i18n.messages import say

    ids = re.findall(r'Refusal\(\s*"([a-z-]+)"', (repo / "kobito_tui" / "table" / "messages.py").read_text())
    assert len(ids) >= 7
    uk, ru, en = translator("uk"), translator("ru"), translator("en")
    for refusal_id in ids:
        assert say(uk, Message(refusal_id)) not in (refusal_id, say(en, Message(refusal_id))), refusal_id
        assert say(ru, Message(refusal_id)) not in (refusal_id, say(en, Message(refusal_id))), refusal_id
    assert say(uk, Message("not-your-turn")) == "Зараз не Ваш хід."
    assert say(uk, Message("a-new-one")) == "a-new-one"
