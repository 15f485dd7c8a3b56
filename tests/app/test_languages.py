"""The app in the player's language: the choice on the title, remembered; the
title, the Rules and the final scores in Ukrainian and Russian at 80×24 (look at them:
tests/app/__snapshots__/test_languages/)."""

from __future__ import annotations

import os

import pytest
from textual.widgets import Button, TabbedContent

from kobito_tui.app.main import KobitoApp, files_app
from kobito_tui.i18n import client_language

from .conftest import no_blink, screen_text


def started(saves, choice: str | None = None) -> KobitoApp:
    """The app as ``kobito [--lang choice]`` starts it in this environment."""
    return files_app(saves, bot_delay=0, lang=client_language(choice, os.environ))


@pytest.fixture(autouse=True)
def no_locale(monkeypatch):
    for name in ("KOBITO_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)


def label(app: KobitoApp, ident: str) -> str:
    """A title button's words, without the key it shows first."""
    return str(app.screen.query_one(f"#{ident}", Button).label).split(" ", 1)[1]


async def test_choosing_ukrainian_redraws_the_title_and_is_remembered(saves):
    app = started(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        assert label(app, "title-new") == "New game"
        await pilot.click("#lang-uk")
        await pilot.pause()
        assert (app.lang, label(app, "title-new")) == ("uk", "Нова гра")
        assert "К О Б І Т О" in screen_text(app)
        assert "Кобіто · Сховай скарби" in screen_text(app)
        assert app.screen.focused.id == "lang-uk"  # the focus stays where the player is
        await pilot.press("r")  # the next screen speaks it too
        await pilot.pause()
        assert "Варіанти правил (типові)" in app.screen.query_one(TabbedContent).active_pane.query_one("Markdown").source
    again = started(saves)
    async with again.run_test(size=(80, 24)):
        assert (again.lang, label(again, "title-new")) == ("uk", "Нова гра")


async def test_after_a_choice_a_small_window_still_gets_its_notice(saves):
    """Redrawing the title in the new language keeps the rest of the screen."""
    app = started(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click("#lang-ru")
        await pilot.pause()
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert app.screen.query_one("#size-notice").display


async def test_the_choice_by_keys_and_lang_wins_over_it(saves):
    app = started(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        while app.screen.focused.id != "lang-en":
            await pilot.press("down")
        await pilot.press("down", "down", "enter")  # after English: Українська, Русский
        await pilot.pause()
        assert label(app, "title-rules") == "Правила" and app.lang == "ru"
    forced = started(saves, "uk")  # --lang uk
    async with forced.run_test(size=(80, 24)):
        assert (forced.lang, label(forced, "title-quit")) == ("uk", "Вийти")
    os.environ["KOBITO_LANG"] = "en"  # $KOBITO_LANG too (removed again by the fixture)
    assert started(saves).lang == "en"


async def test_a_choice_that_cannot_be_written_still_holds(saves, tmp_path, monkeypatch):
    (tmp_path / "not-a-folder").write_text("")
    monkeypatch.setenv("KOBITO_CONFIG_DIR", str(tmp_path / "not-a-folder" / "config"))
    app = started(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click("#lang-ru")
        await pilot.pause()
        assert label(app, "title-new") == "Новая игра"
        assert [n.message.split(":")[0] for n in app._notifications] == ["Выбор не запомнен"]


async def _still(pilot) -> None:
    no_blink(pilot.app)
    await pilot.pause()


@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_title(snap_compare, saves, lang):
    assert snap_compare(files_app(saves, bot_delay=0, lang=lang), run_before=_still)


@pytest.mark.parametrize("lang", ["uk", "ru"])
@pytest.mark.parametrize("game_id", ["kobito", "treasure"])
def test_rules(snap_compare, saves, lang, game_id):
    keys = ["r"] if game_id == "kobito" else ["r", "tab"]
    assert snap_compare(files_app(saves, bot_delay=0, lang=lang), press=keys, run_before=_still)


def test_the_rules_of_a_game_in_play_in_russian():
    from kobito_tui.app.screens.rules import rules_text
    from kobito_tui.i18n import translator

    options = {"variant": "seek", "shared_pawn": True, "turn_limit": 0, "first_player": "random"}
    text = rules_text("treasure", options, 5, translator("ru"))
    assert text.startswith("> **Раздача номер 5**")
    assert "## Варианты правил в этой партии" in text
    assert "| Вариант | поиск (по умолчанию: стандартный) | стандартный: " in text
    assert "| Общая фишка | включено (по умолчанию: выключено) |" in text
    gold = rules_text("kobito", None, None, translator("uk"))
    assert "## Карти золота (стандартний набір)" in gold and "| Довжина веселки |" in gold


def test_the_rules_with_other_options_in_force_say_every_value_in_russian():
    from kobito_tui.app.screens.rules import options_table
    from kobito_tui.i18n import translator

    options = {
        "refill": "as-played",
        "stalemate": False,
        "tie": "shared",
        "special_start": "discard",
        "gold_table": {"3": [1, 1], "5": [9, 9, 9]},
        "first_player": 2,
    }
    rows = options_table("kobito", options, translator("ru")).splitlines()[4:]
    shown = [row.split(" | ")[1] for row in rows]
    assert shown == [
        "сколько сыграно (по умолчанию: до пяти)",
        "выключено (по умолчанию: включено)",
        "сразу общая (по умолчанию: штрафные, затем общая)",
        "в сброс (по умолчанию: обратно в колоду)",
        "собственный набор (по умолчанию: стандартный)",
        "Место 3 (по умолчанию: случайный)",
    ]
    assert "до пяти: добрать до 5 карт; сколько сыграно: добрать" in rows[0]


@pytest.mark.parametrize("lang", ["uk", "ru"])
@pytest.mark.parametrize("game_id", ["kobito", "treasure"])
def test_final_scores(snap_compare, saves, lang, game_id):
    """The headline, the summary, the table's headings, the buttons and the footer in the player's language."""
    from kobito_tui.app.screens.final import FinalScreen

    from .test_final import finished

    session = finished(game_id, "Ann,Bob")

    async def scores(pilot) -> None:
        pilot.app.push_screen(FinalScreen(session.result, session.header, session.record))
        await _still(pilot)

    assert snap_compare(files_app(saves, bot_delay=0, lang=lang), run_before=scores)
