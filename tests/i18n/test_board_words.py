"""The boards' own sentences in Ukrainian and Russian: the games' words, plural
forms, inserted colours in the nominative, and the final table's columns."""

from __future__ import annotations

import pytest
from treasure.helpers import play, start  # tests/treasure: layouts chosen by hand

from kobito_tui.app.kobito import words as kobito_words
from kobito_tui.app.kobito.picking import Picker
from kobito_tui.app.result_details import detail_columns
from kobito_tui.app.treasure import words as treasure_words
from kobito_tui.app.treasure.controls import Choices
from kobito_tui.core.game import Result
from kobito_tui.core.record import Record, new_header, parse_players
from kobito_tui.core.session import Session
from kobito_tui.i18n import translator, words
from kobito_tui.treasure import GAME


def kobito_start() -> Session:
    return Session(Record(new_header("kobito", parse_players("Ann,Bob"), {"first_player": 0}, 5)))


@pytest.mark.parametrize(
    "lang, expected",
    [
        ("uk", ["Зіграйте щонайменше 1 карту — зіграно 0", "Зіграйте ще 1 карту, перш ніж завершити хід", "Горщик A"]),
        ("ru", ["Сыграйте хотя бы 1 карту — сыграно 0", "Сыграйте ещё 1 карту, прежде чем завершить ход", "Горшок A"]),
    ],
)
def test_kobito_status_and_refusals(lang, expected):
    t, session = translator(lang), kobito_start()
    view, picker = session.view(0), Picker(session.legal_moves())
    got = [kobito_words.status_text(t, view, picker, True, ""), kobito_words.why_no_end(t, view, picker)]
    assert got + [words.pot(t, 0)] == expected


@pytest.mark.parametrize(
    "lang, left",
    [("uk", ["3 кроки", "2 кроки", "1 крок"]), ("ru", ["3 шага", "2 шага", "1 шаг"])],
)
def test_treasure_steps_left_decline(lang, left):
    t, state, got = translator(lang), start(), []
    for _ in range(3):
        got.append(treasure_words.no_step(t, GAME.view(state, 0), Choices(), None))
        play(state, "down")
    assert [f"{line.split(' ')[2]} {line.split(' ')[3].rstrip(':')}" for line in got] == left


def test_the_own_colour_and_the_seats_in_ukrainian_and_russian():
    state = start()
    uk, ru = translator("uk"), translator("ru")
    assert treasure_words.colour_line(uk, GAME.view(state, 0)) == "Ваш колір: червоний (Ч) — сховано 0 з 5 · Раунд 1"
    assert treasure_words.colour_line(ru, GAME.view(state, 1)).startswith("Ваш цвет: синий (С) — спрятано 0 из 5")
    assert treasure_words.seats_line(ru, GAME.view(state, 0)).plain.startswith("▶ ●1 Ann (Вы, красный)  ●2 Bob")
    tip = dict(treasure_words.tips(uk, GAME.view(state, 0), Choices()))[("colour",)]
    assert "усі 5 червоних тайлів ляжуть скриньками догори" in tip


def test_the_final_table_columns_in_the_players_language():
    result = Result(winners=[0], details={"colours": ["red", "blue"], "gold": [[5, 2], []]})
    assert detail_columns(translator("uk"), result, 2) == [("Колір", ["червоний", "синій"]), ("Вигране золото", ["5 2", "–"])]
    assert detail_columns(translator("en"), result, 2) == [("Colour", ["red", "blue"]), ("Gold won", ["5 2", "–"])]


@pytest.mark.parametrize("game, words_", [("kobito", "Зіграти карту до горщика"), ("treasure", "Поставити спільну фішку")])
async def test_the_help_says_how_to_play_on_the_board_in_the_players_language(tmp_path, game, words_):
    from kobito_tui.app.main import files_app

    from .screentext import screen_lines

    header = new_header(game, parse_players("Ann,bot"), {"first_player": 0}, 5)
    app = files_app(tmp_path, new=header, bot_delay=0.01, lang="uk", env={"KOBITO_CONFIG_DIR": str(tmp_path)})
    async with app.run_test(size=(100, 40)) as pilot:
        for _ in range(100):
            if getattr(app.screen, "board", None) is not None:
                break
            await pilot.pause(0.02)
        await pilot.press("f1")
        await pilot.pause()
        assert any(words_ in line for line in screen_lines(app)), "\n".join(screen_lines(app))
