"""Each action is declared once (app/actions.py): bindings, palette and help come from there."""

from __future__ import annotations

import pytest
from textual.binding import Binding

from kobito_tui.app import actions
from kobito_tui.app.actions import Action
from kobito_tui.app.files_home import FilesHome
from kobito_tui.app.screens.help import HelpScreen

from .conftest import make_app, treasure

GROUPS = {name: value for name, value in vars(actions).items() if name.isupper() and isinstance(value, tuple)}
SCREENS = {name: group for name, group in GROUPS.items() if "PALETTE" not in name}  # a screen's or widget's
SHADOWS_APP = {"HELP_SCREEN": {"f1"}}  # F1 closes the help it opened


def keys_of(group: tuple[Action, ...]) -> list[str]:
    return [binding.key for binding in Binding.make_bindings(actions.bindings(*group))]


@pytest.mark.parametrize("name", sorted(SCREENS))
def test_no_two_actions_of_a_screen_share_a_key(name):
    app_keys = [] if name == "APP" else [key for key in keys_of(actions.APP) if key not in SHADOWS_APP.get(name, ())]
    keys = keys_of(SCREENS[name]) + app_keys
    assert len(keys) == len(set(keys)), sorted(key for key in keys if keys.count(key) > 1)


def test_every_action_has_a_key_or_a_palette_entry_and_words():
    for group in SCREENS.values():
        for action in group:
            assert action.keys or action.palette, action
            assert action.label or action.action.startswith("app.focus_"), action  # ↑↓ only move the focus
            assert action.help or not action.palette, action  # the palette says what it does


def test_every_screen_takes_its_bindings_from_the_declarations():
    from kobito_tui.app.kobito.board import KobitoBoard
    from kobito_tui.app.main import KobitoApp
    from kobito_tui.app.screens import curtain, game, help, how_to_play, lobby, menu, message, new_game, rules, title, unsaved
    from kobito_tui.app.treasure.board import TreasureBoard

    declared = {
        KobitoApp: (*actions.APP, *actions.HOME_KEYS), title.TitleScreen: actions.TITLE, game.GameScreen: actions.GAME,
        KobitoBoard: actions.KOBITO_BOARD, TreasureBoard: actions.TREASURE_BOARD, help.HelpScreen: actions.HELP_SCREEN,
        how_to_play.HowToPlayScreen: actions.HOW_TO_PLAY_SCREEN, rules.RulesScreen: actions.RULES_SCREEN,
        new_game.NewGameScreen: actions.NEW_GAME_SCREEN, menu.MenuScreen: actions.MENU_SCREEN,
        message.MessageScreen: actions.MESSAGE_SCREEN, unsaved.UnsavedDialog: actions.UNSAVED_SCREEN,
        curtain.CurtainScreen: actions.CURTAIN_SCREEN, lobby.LobbyScreen: actions.LOBBY_SCREEN,
    }  # fmt: skip  # a table: one row a line
    for cls, group in declared.items():
        assert cls.BINDINGS == actions.bindings(*group), cls


async def test_the_palette_offers_each_palette_action_of_its_home_once_and_runs_it(saves):
    app = make_app(saves, new=treasure("Ann,bot"))
    async with app.run_test() as pilot:
        await pilot.pause()
        commands = {command.title: command for command in app.get_system_commands(app.screen)}
        for action in (*actions.PALETTE, *actions.GAME_PALETTE):
            local = action is not actions.LEAVE_GAME  # a game here is left by quitting: leaving is a server's game's
            offered = local and actions.home_action(action.action) in (None, *FilesHome.ACTIONS)
            assert action.palette in commands if offered else action.palette not in commands, action
            assert not offered or commands[action.palette].help == action.help
        titles = [action.palette for action in (*actions.PALETTE, *actions.GAME_PALETTE)]
        assert len(titles) == len(set(titles))
        await commands["Menu"].callback()  # on the game screen
        await pilot.pause()
        assert type(app.screen).__name__ == "MenuScreen"
        await commands["Title screen"].callback()
        await pilot.pause()
        assert type(app.screen).__name__ == "TitleScreen"


async def test_help_has_a_line_for_each_action_of_the_game_screen_and_the_app(saves):
    app = make_app(saves, new=treasure("Ann,bot"))
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        lines = {text for _, text in app.screen.keys}
    for action in (*actions.GAME, *actions.APP):
        if action.keys and action.label and action is not actions.LEAVE_GAME:  # not offered here: a server's game's
            assert (action.help or action.label) in lines, action


def test_every_word_of_every_action_is_marked_for_the_catalog():
    """An action's words are shown in the client's language only if marked (``t("...")`` in actions.py)."""
    unmarked = [
        (action.action, words)
        for group in SCREENS.values()
        for action in group
        for words in (action.label, action.help, action.palette)
        if words and actions.marked(words) is None
    ]
    assert unmarked == []


def test_a_binding_is_said_in_the_translator_language_keys_and_all():
    from kobito_tui.i18n import translator

    uk = translator("uk")
    pot = actions.translated(actions.KOBITO_BOARD[-4].binding, uk)
    assert (pot.key, pot.action, pot.description) == ("c", "pot(2)", "Горщик C")
    left = actions.translated(actions.KOBITO_BOARD[0].binding, uk)
    assert (left.description, left.tooltip, left.group.description) == ("Карта", "Перейти до іншої карти", "Карта")
    assert actions.localized(uk, "words nobody marked") == "words nobody marked"
