"""One / few / many in Ukrainian and Russian, through the plural API."""

import pytest

from kobito_tui.i18n import translator, words
from kobito_tui.i18n.seats import Seats

COUNTS = (1, 2, 5, 11, 21, 22, 25)

CARDS = {
    "en": ["1 card", "2 cards", "5 cards", "11 cards", "21 cards", "22 cards", "25 cards"],
    "uk": ["1 карта", "2 карти", "5 карт", "11 карт", "21 карта", "22 карти", "25 карт"],
    "ru": ["1 карта", "2 карты", "5 карт", "11 карт", "21 карта", "22 карты", "25 карт"],
}
DRAWS = {  # the accusative: "бере 1 карту"
    "uk": ["карту", "карти", "карт", "карт", "карту", "карти", "карт"],
    "ru": ["карту", "карты", "карт", "карт", "карту", "карты", "карт"],
}
NOT_SAVED = {
    "uk": [
        "хід не збережено",
        "ходи не збережено",
        "ходів не збережено",
        "ходів не збережено",
        "хід не збережено",
        "ходи не збережено",
        "ходів не збережено",
    ],
    "ru": [
        "ход не сохранён",
        "хода не сохранены",
        "ходов не сохранено",
        "ходов не сохранено",
        "ход не сохранён",
        "хода не сохранены",
        "ходов не сохранено",
    ],
}
PENALTIES = {
    "uk": ["штрафна карта", "штрафні карти", "штрафних карт", "штрафних карт", "штрафна карта", "штрафні карти", "штрафних карт"],
    "ru": ["штрафная карта", "штрафные карты", "штрафных карт", "штрафных карт", "штрафная карта", "штрафные карты", "штрафных карт"],
}
GOLD = {  # a pot's gold: "8 очок золота", not "8 золота"
    "uk": ["очко", "очки", "очок", "очок", "очко", "очки", "очок"],
    "ru": ["очко", "очка", "очков", "очков", "очко", "очка", "очков"],
}
ROUNDS = {
    "uk": ["раунд", "раунди", "раундів", "раундів", "раунд", "раунди", "раундів"],
    "ru": ["раунд", "раунда", "раундов", "раундов", "раунд", "раунда", "раундов"],
}


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_cards(lang):
    t = translator(lang)
    assert [words.cards(t, n) for n in COUNTS] == CARDS[lang]


@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_forms_in_sentences(lang):
    t = translator(lang)
    verb = {"uk": "добирає", "ru": "добирает"}[lang]
    assert [words.draws(t, "Ann", n) for n in COUNTS] == [f"Ann {verb} {n} {w}." for n, w in zip(COUNTS, DRAWS[lang])]
    assert [words.moves_not_saved(t, n) for n in COUNTS] == [f"{n} {w}" for n, w in zip(COUNTS, NOT_SAVED[lang])]
    assert [words.penalty_cards(t, n) for n in COUNTS] == [f"{n} {w}" for n, w in zip(COUNTS, PENALTIES[lang])]
    assert [words.turn_limit_draw(t, n).rstrip(".").split()[-1] for n in COUNTS] == ROUNDS[lang]
    assert [words.pot_gold(t, n).strip() for n in COUNTS] == [f"{n} {w} золота" for n, w in zip(COUNTS, GOLD[lang])]


def test_a_pot_gold_keeps_its_number_in_two_columns():
    """ "7 gold" and "12 gold" line up on the pots' lines, in English too, where gold has one form."""
    t = translator("en")
    assert [words.pot_gold(t, n) for n in (1, 7, 12)] == [" 1 gold", " 7 gold", "12 gold"]


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("en", "Ann wins!", "Ann and Bob win!"),
        ("uk", "Ann перемагає!", "Ann та Bob перемагають!"),
        ("ru", "Ann побеждает!", "Ann и Bob побеждают!"),
    ],
)
def test_winners_agree_with_their_number(lang, one, two):
    t = translator(lang)
    who = Seats(t, ["Ann", "Bob", "Cleo"])
    assert words.winners(t, who, [0]) == one
    assert words.winners(t, who, [0, 1]) == two
    assert words.winners(t, who, [0, 1, 2]).startswith("Ann, Bob ")


@pytest.mark.parametrize(("lang", "word"), [("en", None), ("uk", "кобіто"), ("ru", "кобито")])
def test_kobitos_do_not_decline(lang, word):
    """The wild card's name is indeclinable in both languages, as in the rulebooks."""
    got = [words.kobitos(translator(lang), n) for n in COUNTS]
    assert got == ([f"{n} kobito" if n == 1 else f"{n} kobitos" for n in COUNTS] if word is None else [f"{n} {word}" for n in COUNTS])


FORM = {1: 0, 2: 1, 5: 2, 11: 2, 21: 0, 22: 1, 25: 2}
"""one / few / many in Ukrainian and Russian: 11 is "many", 21 "one" again."""


@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_every_plural_in_the_catalog_picks_one_few_many(repo, lang):
    """Each message with plural forms, at 1, 2, 5, 11, 21, 22, 25: the form the
    translator says is the .po file's one / few / many form."""
    from string import Formatter

    from kobito_tui.i18n.catalogs import po_path, read

    t = translator(lang)
    plurals = [m for m in read(po_path(repo, lang), lang) if m.id and m.pluralizable]
    assert len(plurals) >= 6
    for message in plurals:
        names = {name for form in message.string for _, name, _, _ in Formatter().parse(form) if name}
        params = {name: "X" for name in names - {"count"}}
        for n, form in FORM.items():
            if message.context:
                got = t.np(message.context, *message.id, n, **params)
            else:
                got = t.n(*message.id, n, **params)
            assert got == message.string[form].format(count=n, **params), (message.id, n)
