"""Title-screen paths, the rules and keys screens, the palette, and crashes."""

from __future__ import annotations

from textual.widgets import Markdown

from kobito_tui.app.screens.game import GameScreen
from kobito_tui.app.screens.help import HelpScreen
from kobito_tui.app.browser import BrowserScreen
from kobito_tui.app.screens.rules import RulesScreen, rules_text
from kobito_tui.core.savefile import load
from kobito_tui.core.saves import list_saves

from .conftest import make_app, treasure


def test_rules_text_names_the_options_in_force_and_their_defaults():
    text = rules_text("treasure", {"variant": "seek", "shared_pawn": False, "turn_limit": 9, "first_player": "random"})
    assert "Rule options in force" in text
    assert "| Variant | **seek** | standard |" in text
    assert "| Turn limit | **9** | 0 |" in text
    assert "Rule options (defaults)" in rules_text("treasure")


async def test_rules_from_a_game_show_that_game_first_with_its_options(saves):
    app = make_app(saves, new=treasure("Ann,bot", turn_limit=7))
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("f2")
        assert isinstance(app.screen, RulesScreen)
        first = app.screen.query(Markdown).first()
        assert "Hide the Treasure" in first.source and "**7**" in first.source
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)


async def test_rules_scroll_by_keys_at_once_and_tab_shows_the_other_game(saves):
    from textual.containers import VerticalScroll
    from textual.widgets import TabbedContent

    app = make_app(saves)
    async with app.run_test() as pilot:
        await pilot.press("r")
        await pilot.pause()
        shown = app.screen.query_one(TabbedContent).active_pane.query_one(VerticalScroll)
        await pilot.press("pagedown")
        assert shown.scroll_y > 0
        await pilot.press("tab")
        await pilot.pause()
        assert app.screen.query_one(TabbedContent).active == "rules-treasure"
        assert app.screen.focused is app.screen.query_one("#rules-treasure VerticalScroll")


async def test_keys_screen_lists_the_keys_of_the_screen_below(saves):
    app = make_app(saves, new=treasure("Ann,bot"))
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        described = dict((action, key) for key, action in app.screen.keys)
        assert described["Undo"] == "u / ^z" and described["Redo"] == "y / ^y"


async def test_keys_screen_lists_every_key_of_the_board_and_the_screen_grouped(saves, monkeypatch):
    from kobito_tui.app.board import board_class

    monkeypatch.setattr("kobito_tui.app.screens.game.board_class", board_class)  # the real treasure board
    app = make_app(saves, new=treasure("Ann,bot", first_player=0))
    async with app.run_test() as pilot:
        await pilot.pause()
        app.screen.board.focus()
        await pilot.press("f1")
        sections = dict(app.screen.sections)
    assert list(sections) == ["On the board", "On this screen", "Everywhere"]
    assert ("↑ / k / w", "Step up") in sections["On the board"]  # hidden from the footer, shown here
    assert ("⏎", "Confirm") in sections["On the board"]
    assert ("u / ^z", "Undo") in sections["On this screen"]
    assert not any("Focus" in text or "Copy" in text for _, text in sections["On this screen"])  # Textual's own


def test_a_run_of_numbered_keys_is_one_row():
    from textual.app import App
    from textual.binding import Binding

    from kobito_tui.app.screens.help import binding_rows

    bindings = [
        Binding("left", "cursor(-1)", "Card", key_display="←"),
        Binding("right", "cursor(1)", "Card", key_display="→"),
        *(Binding(str(n), f"card({n})", f"Card {n}", show=False) for n in range(1, 10)),
        *(Binding(k, f"pot({n})", f"Pot {k.upper()}", show=False) for n, k in enumerate("ab")),
        Binding("escape", "clear", ""),
    ]
    rows = binding_rows(App(), [(binding.key, binding) for binding in bindings])
    assert rows == [("← / →", "Card"), ("1–9", "Card 1–9"), ("a", "Pot A"), ("b", "Pot B")]


async def test_palette_offers_every_action(saves):
    app = make_app(saves, new=treasure("Ann,bot"))
    async with app.run_test() as pilot:
        await pilot.pause()
        commands = list(app.get_system_commands(app.screen))
    titles = {command.title for command in commands}
    assert {"New game", "Continue", "Load", "Replays", "Rules", "Keys", "Title screen"} <= titles
    keys = [command.callback for command in commands if command.title == "Keys"]
    assert keys == [app.action_help]  # ours only, not Textual's own keys panel
    assert {"Undo", "Redo", "Hint", "Menu", "Quit"} <= titles


async def test_load_lists_saves_and_opens_the_chosen_one(saves):
    app = make_app(saves, new=treasure("Ann,bot"))
    async with app.run_test() as pilot:
        await pilot.pause()
        app.to_title()
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, BrowserScreen)
        assert app.screen.entries[0].path == list_saves(saves)[0]
        await pilot.press("enter")
        await pilot.pause()
        assert app.game_screen().session.path == list_saves(saves)[0]


async def test_replays_open_the_browser_and_save_replay_writes_a_loadable_copy(saves):
    app = make_app(saves, new=treasure("Ann,bot"))
    async with app.run_test() as pilot:
        await pilot.pause()
        app.save_replay(app.game_screen().session.record)
        copy = list_saves(saves / "replays")[0]
        assert load(copy).events == app.game_screen().session.events
        await app.run_action("replays")
        await pilot.pause()
        assert isinstance(app.screen, BrowserScreen)


def test_a_crash_prints_one_sentence_and_keeps_the_traceback_in_a_file(saves, capsys):
    app = make_app(saves)
    app._exception = RuntimeError("boom")
    app._exit_renderables.append("Traceback: boom")
    app._print_error_renderables()
    err = capsys.readouterr().err
    assert "kobito stopped after an internal error" in err and "Traceback" not in err
    assert "Your game is saved" not in err  # no game was open
    assert "RuntimeError: boom" in (saves / "crash.log").read_text()
