"""The new-game dialog in Ukrainian and Russian at 80×24 (look at them:
tests/app/__snapshots__/test_new_game_languages/), and the words a player types against."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Select

from kobito_tui.app.main import files_app
from kobito_tui.core.game import OptionError
from kobito_tui.games import get_game
from tests.i18n.screentext import new_game_forms, screen_lines

from .conftest import no_blink


async def _still(pilot) -> None:
    no_blink(pilot.app)
    await pilot.pause()


@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_new_game_dialog(snap_compare, saves, lang):
    assert snap_compare(files_app(saves, bot_delay=0, lang=lang), press=["n"], run_before=_still)


@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_new_game_dialog_for_hide_the_treasure(snap_compare, saves, lang):
    async def treasure(pilot) -> None:
        await pilot.press("n")
        await pilot.pause()
        pilot.app.screen.query_one("#game", Select).value = "treasure"
        await pilot.pause()
        await _still(pilot)

    assert snap_compare(files_app(saves, bot_delay=0, lang=lang), run_before=treasure)


async def test_names_levels_and_refusals_in_russian(saves):
    app = files_app(saves, bot_delay=0, lang="ru")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert [screen.query_one(f"#name-{seat}", Input).value for seat in (0, 1)] == ["Вы", "Компьютер 2"]
        kinds = dict((value, label) for label, value in screen.query_one("#kind-1", Select)._options)
        assert kinds["bot:medium"] == "Компьютер · Средний" and kinds["human"] == "Человек"
        screen.query_one("#kind-1", Select).value = "human"  # the default name follows the kind
        await pilot.pause()
        assert screen.query_one("#name-1", Input).value == "Игрок 2"
        screen.query_one("#name-1", Input).value = "x" * 30
        await pilot.pause()
        error = str(screen.query_one("#form-error").render())
        assert error == "Место 2: Имя игрока — не больше 24 символов (введено 30)."
        screen.action_start()
        await pilot.pause()
        assert str(screen.query_one("#form-error").render()).startswith("Нельзя начать: Место 2: Имя")
        screen.query_one("#name-1", Input).value = "Оля"
        screen.query_one("#seed", Input).value = "-"
        await pilot.pause()
        screen.action_start()
        await pilot.pause()
        assert str(screen.query_one("#form-error").render()) == "Нельзя начать: Номер раздачи — целое число; без него раздача случайная."


async def test_options_the_engine_refuses_are_said_in_ukrainian_as_plain_text(saves, monkeypatch):
    """The engine's own reason, in the player's language; an option key from anywhere stays plain
    text (no markup, no terminal codes); the form stays open with everything typed."""

    def refuse(options, players):
        raise OptionError("options.unknown", game="kobito", names=["[b]gold[/b]\x1b[31m"])

    monkeypatch.setattr(get_game("kobito"), "normalize_options", refuse)
    app = files_app(saves, bot_delay=0, lang="uk")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        screen.query_one("#name-0", Input).value = "Оля"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen
        shown = "Не вдається почати: Ці налаштування не підходять: невідомі налаштування гри «Кобіто»: [b]gold[/b]\\x1b[31m"
        assert str(screen.query_one("#form-error").render()) == shown
        assert shown in " ".join(" ".join(screen_lines(app)).split())  # drawn as said (wrapped): no bold, no colour
        assert screen.query_one("#name-0", Input).value == "Оля"


async def test_the_rule_options_values_are_in_ukrainian_not_the_engines_keys(saves):
    """Every value the form shows or offers is in words: the engines' keys ("to-five",
    "random", "standard") stay in the files, and a seat is counted from 1 as in the seat rows."""
    keys = {
        str(choice)
        for game in ("kobito", "treasure")
        for spec in get_game(game).option_specs()
        for choice in spec.choices
        if isinstance(choice, str)
    }
    app = files_app(saves, bot_delay=0, lang="uk")
    async with app.run_test(size=(80, 24)) as pilot:
        async for _game_id in new_game_forms(pilot):
            shown = " ".join(screen_lines(app)[:-1])
            assert not [key for key in keys if key in shown], shown
            offered = {value: str(prompt) for prompt, value in app.screen.query_one("#opt-first_player", Select)._options}
            assert offered == {"random": "випадковий", 0: "Місце 1", 1: "Місце 2"}
        assert "Перший гравець (типово випадковий)" in shown


async def test_the_first_player_is_one_of_the_seats_shown(saves):
    """The form offers the seats the engine takes for the player count, so picking one is never
    refused; one no longer there goes back to the default."""
    app = files_app(saves, bot_delay=0, lang="uk")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        first = screen.query_one("#opt-first_player", Select)
        screen.query_one("#players", Select).value = 4
        await pilot.pause()
        assert [value for _words, value in first._options] == ["random", 0, 1, 2, 3]
        first.value = 3
        screen.query_one("#players", Select).value = 3
        await pilot.pause()
        assert [value for _words, value in first._options] == ["random", 0, 1, 2] and first.value == "random"
        first.value = 2
        await pilot.pause()
        screen.action_start()
        await pilot.pause()
        assert app.screen is not screen and app.game_screen().header.options["first_player"] == 2
