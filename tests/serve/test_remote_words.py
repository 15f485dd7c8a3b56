"""Over SSH the way home is the lobby's: the menu and the final screen say "Lobby" (a player's
seat stays theirs; a spectator has none), a spectator reads that they are watching, and the
lobby's Language box answers ↑/↓ as every list does."""

from __future__ import annotations

import pytest
from textual.widgets import Button

from kobito_tui.app.remote import LanguageDialog, lobby_app
from kobito_tui.app.screens.final import FinalScreen
from kobito_tui.app.screens.game import GameScreen
from kobito_tui.app.screens.menu import MenuScreen
from kobito_tui.core.game import Result
from kobito_tui.i18n import translator

from .helpers import KEY_ANN, KEY_BOB
from .test_remote_app import at_a_new_table, in_lobby, until


def labels(screen) -> dict[str, str]:
    return {str(button.id): str(button.label) for button in screen.query(Button)}


async def test_a_players_menu_and_final_screen_lead_to_the_lobby_and_say_the_seat_stays_theirs(server, data_dir):
    app = lobby_app(server.socket, KEY_ANN, "Ann", data_dir / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await at_a_new_table(pilot, app)
        game = app.screen
        assert "You are watching" not in str(game.status_line.render())
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        said = labels(app.screen)
        assert (said["title"], said["quit"]) == ("Lobby (your seat stays yours)", "Quit (the game stays saved)")
        await pilot.press("escape")
        app.push_screen(FinalScreen(Result(winners=[0]), game.header, seat=0, analyse_at_once=False))
        await until(pilot, lambda: isinstance(app.screen, FinalScreen) and app.screen.is_mounted)
        assert labels(app.screen)["title"] == "Lobby"
        footer = {active.binding.action: active.binding.description for active in app.screen.active_bindings.values()}
        assert footer["title"] == "Lobby"  # the footer's t too
        await pilot.click("#title")
        await until(pilot, lambda: in_lobby(app) and app.home.remote is None)


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
async def test_a_spectator_reads_that_they_are_watching_and_is_promised_no_seat(server, data_dir, lang):
    t = translator(lang)
    app = lobby_app(server.socket, KEY_ANN, "Ann", data_dir / "saves", lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: in_lobby(app))
        bob = server.connect(KEY_BOB, "Bob")
        table = bob.create("treasure", ["open", "random"])
        bob.join(table, 0)  # the game begins
        await until(pilot, lambda: app.screen.chosen() == table)
        await pilot.press("w")
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.client.latest is not None)
        watching = t("You are watching · {status}", status="")
        await until(pilot, lambda: str(app.screen.status_line.render()).startswith(watching))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        said = labels(app.screen)
        assert (said["title"], said["quit"]) == (t("Lobby"), t("Quit"))
        bob.close()


@pytest.mark.parametrize(
    ("keys", "lang"), [(["enter"], "en"), (["down", "enter"], "uk"), (["down", "down", "enter"], "ru"), (["up", "enter"], "ru")]
)
async def test_the_language_box_answers_the_arrows(server, data_dir, keys, lang):
    app = lobby_app(server.socket, KEY_ANN, "Ann", data_dir / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: in_lobby(app))
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LanguageDialog) and app.screen.focused is not None)
        await pilot.press(*keys)
        await until(pilot, lambda: in_lobby(app))
        assert app.lang == lang


async def test_the_language_box_answers_a_click(server, data_dir):
    app = lobby_app(server.socket, KEY_ANN, "Ann", data_dir / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: in_lobby(app))
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LanguageDialog) and app.screen.focused is not None)
        await pilot.click("#lang-ru")
        await until(pilot, lambda: in_lobby(app) and app.lang == "ru")
