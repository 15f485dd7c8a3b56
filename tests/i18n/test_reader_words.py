"""Words that must say what is true for the reader: the final screen's analysis names the
reader's seat "You" (not its stored "Player 1"), `kobito analyse` names the game and its columns
in the reader's words, the wild cards' letters are the reader's, the Treasure tutorial does not
claim to know the computer's colour."""

from __future__ import annotations

import re

import pytest
from analysis.cheap import example

from kobito_tui.analysis.report import Report, SeatSummary, TurnVerdict
from kobito_tui.analysis.words import table
from kobito_tui.app.kobito.glyphs import card_text
from kobito_tui.app.screens.final import summary_words
from kobito_tui.core.game import Seat
from kobito_tui.i18n import translator
from kobito_tui.i18n.seats import Seats
from kobito_tui.i18n.tutorial import lesson
from kobito_tui.kobito.view import CardView
from kobito_tui.tutorial.treasure import LAYOUT, TUTORIAL

SEATS = (Seat(""), Seat("", "bot", "medium"))


def report(swinger: int) -> Report:
    turn = TurnVerdict(3, 4, swinger, (), (), 0.98, 0.0, "blunder")
    return Report("kobito", [SeatSummary(0, "", 1.0), SeatSummary(1, "", 0.84, mistakes=1)], [turn])


@pytest.mark.parametrize(
    ("lang", "mine", "theirs"),
    [("en", "Accuracy: You 100% · Computer 2 84%\nBiggest swing: your turn, 98% → 0% (blunder)",
      "Biggest swing: Computer 2, 98% → 0% (blunder)"),
     ("uk", "Точність: Ви 100% · Комп’ютер 2 84%\nНайбільший перелом — Ваш хід: 98% → 0%", "Найбільший перелом: Комп’ютер 2, 98% → 0%"),
     ("ru", "Точность: Вы 100% · Компьютер 2 84%\nСамый большой перелом — Ваш ход: 98% → 0%", "Самый большой перелом: Компьютер 2, 98% → 0%")],
)  # fmt: skip  # arguments grouped a few a line by meaning
def test_the_final_analysis_names_the_readers_seat_you(lang, mine, theirs):
    t = translator(lang)
    said = summary_words(t, report(0), Seats(t, SEATS, 0))
    assert said.startswith(mine) and t("Player {number}", number=1) not in said, said
    assert theirs in summary_words(t, report(1), Seats(t, SEATS, 0))


def test_the_final_analysis_of_a_spectator_or_hot_seat_names_every_seat():
    t = translator("en")
    said = summary_words(t, report(0), Seats(t, SEATS, None))
    assert said.startswith("Accuracy: Player 1 100% · Computer 2 84%\nBiggest swing: Player 1, 98% → 0%"), said


@pytest.mark.parametrize(("lang", "title"), [("en", "Analysis of Kobito"), ("uk", "Аналіз гри Кобіто"), ("ru", "Анализ игры Кобито")])
def test_analyse_names_the_game_in_the_readers_words_and_keeps_its_columns_apart(lang, title):
    t = translator(lang)
    record = example("kobito-2-players")
    seats = [SeatSummary(0, "", 0.5, 1, 12, 3), SeatSummary(1, "", 1.0)]
    lines = table(t, record, Report("kobito", seats, [])).splitlines()
    assert lines[0] == title
    headings = [t("Player"), t("Accuracy"), t("Inaccuracies"), t("Mistakes"), t("Blunders")]
    assert re.split(r"\s{2,}", lines[2].strip()) == headings, lines[2]  # two spaces at least between any two
    for line in lines[3:5]:  # each number ends where its heading ends
        for heading in headings[1:]:
            end = lines[2].index(heading) + len(heading)
            assert line[end - 1] != " " and (end == len(line) or line[end] == " "), (line, heading)


@pytest.mark.parametrize(("lang", "kobito", "paint"), [("en", "K", "P"), ("uk", "К", "П"), ("ru", "К", "П")])
def test_the_wild_cards_letters_are_the_readers(lang, kobito, paint):
    t = translator(lang)
    assert card_text(CardView("K1", 7, "kobito"), True, t) == f"{kobito}→7"
    assert card_text(CardView("P2", None, "paint"), t=t) == paint
    assert not re.search(r"[0-9]", kobito + paint) and "З" not in paint  # «З» reads as the digit 3
    assert lang == "en" or not re.search(r"[A-Za-z]", kobito + paint)  # no Latin letter on a uk/ru board


def test_the_treasure_tutorial_never_claims_to_know_the_computers_colour():
    """The computer's first turn steps off tiles of other colours than its own (blue): the lesson
    says tiles turned and that its colour cannot be known."""
    computer_steps_off = {LAYOUT[4][4], LAYOUT[3][4], LAYOUT[2][4]}  # from its corner, up, up
    assert "B" not in computer_steps_off and TUTORIAL.opponent[0]["dir"] == "up"
    for lang, unknown in (("en", "you cannot tell"), ("uk", "не можете знати"), ("ru", "не можете знать")):
        words = lesson(translator(lang), "tutorial.treasure.down")
        assert unknown in words and "its own secret colour" not in words, words
