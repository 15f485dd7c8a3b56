"""Title-screen paths, the rules and keys screens, the palette, and crashes."""

from __future__ import annotations

import json

from textual.widgets import Markdown

from kobito_tui.app import actions
from kobito_tui.app.browser import BrowserScreen
from kobito_tui.app.browser.entries import example_paths
from kobito_tui.app.screens.game import GameScreen
from kobito_tui.app.screens.help import HelpScreen
from kobito_tui.app.screens.rules import RulesScreen, rules_text
from kobito_tui.core.savefile import load
from kobito_tui.core.saves import list_saves

from .conftest import make_app, screen_text, treasure
from .test_pilot import human_turn, settle


async def one_move(pilot, app) -> None:
    """Ann's first move: a game no one moved in is not kept."""
    from kobito_tui.app.board import GameBoard

    await settle(pilot, lambda: human_turn(app))
    app.screen.board.post_message(GameBoard.MoveChosen(app.screen.host.session.legal_moves()[0]))
    await pilot.pause()


def test_rules_text_names_the_options_in_force_and_their_defaults():
    text = rules_text("treasure", {"variant": "seek", "shared_pawn": False, "turn_limit": 9, "first_player": "random"})
    assert "Rule options in force" in text
    assert "| Option | In force | What it means |" in text
    assert "| Variant | seek (default: standard) | standard: " in text
    assert "| Turn limit | 9 (default: 0) |" in text and "| Shared pawn | off (default) |" in text
    assert "Rule options (defaults)" in rules_text("treasure")
    assert "Seeded game" not in text


def test_kobito_rules_list_the_gold_cards_in_force():
    text = rules_text("kobito")
    assert "| Rainbow length | 3 | 4 | 5 | 6 | 7 | 8 |" in text
    assert "| Gold | 2, 3, 3 | 3, 4, 4 | 4, 5, 5 | 5, 6, 6 | 6, 7, 7 | 7, 8, 8 |" in text
    own = rules_text("kobito", {"gold_table": {"3": [1, 1], "5": [9, 9, 9]}})
    assert "a table of this game's own" in own and "| Gold | 1, 1 | 9, 9, 9 |" in own


async def test_a_hostile_option_value_is_plain_text_in_the_browser_and_the_rules(saves):
    """A value from outside (a save file's header, a hub's) is shown as it is, made printable: no
    bold, no colour, no terminal code; the values beside it are in the player's words."""
    source = next(path for path in example_paths() if path.name == "treasure-seek.jsonl").read_text().splitlines()
    header = json.loads(source[0])
    header["options"]["variant"] = "[b]x[/b]\x1b[31m"
    saves.mkdir()
    (saves / "hostile.jsonl").write_text("\n".join([json.dumps(header), *source[1:]]) + "\n")
    app = make_app(saves, lang="uk")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert "а не '[b]x[/b]\\x1b[31m'" in " ".join(screen_text(app).split())  # the preview's reason
        await app.push_screen(RulesScreen("treasure", {**header["options"], "shared_pawn": True}))
        await pilot.pause()
        await pilot.pause()
        seen = screen_text(app)
        while app.screen.focused.scroll_y < app.screen.focused.max_scroll_y:
            await pilot.press("pagedown")
            seen += screen_text(app)
        assert "│ Варіант │ [b]x[/b]\\x1b[31m │ стандартний: переверніть" in seen  # (each cell wraps)
        assert "│ Спільна │ увімкнено        │" in seen and "│ (типово:         │" in seen


async def test_rules_fit_80_columns_with_every_option_name_and_value_whole(saves):
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        text = app.screen.focused
        seen = screen_text(app)
        while text.scroll_y < text.max_scroll_y:
            await pilot.press("pagedown")
            seen += screen_text(app)
    assert "…" not in seen  # what Textual draws where a cell is cut
    assert "Stalemate" in seen and "penalties-then-shared" in seen and "7, 8, 8" in seen


async def test_rules_of_a_seeded_game_say_the_deal_is_reproducible(saves):
    app = make_app(saves, new=treasure("Ann,bot", seed=42))
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("f2")
        first = app.screen.query(Markdown).first()
        assert "Seeded game (seed 42)**: the deal is reproducible" in first.source
        assert "Seeded game" not in app.screen.query(Markdown).last().source


async def test_rules_from_a_game_show_that_game_first_with_its_options(saves):
    app = make_app(saves, new=treasure("Ann,bot", turn_limit=7))
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("f2")
        assert isinstance(app.screen, RulesScreen)
        first = app.screen.query(Markdown).first()
        assert "Hide the Treasure" in first.source and "| Turn limit | 7 (default: 0) |" in first.source
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
        assert described[actions.UNDO.help] == "u / ^z" and described[actions.REDO.help] == "y / ^y"


async def test_keys_screen_lists_every_key_of_the_board_and_the_screen_grouped(saves, monkeypatch):
    from kobito_tui.app.games import board_class

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
    assert ("u / ^z", actions.UNDO.help) in sections["On this screen"]
    assert not any("Focus" in text or "Copy" in text for _, text in sections["On this screen"])  # Textual's own


def test_a_run_of_numbered_keys_is_one_row():
    from textual.app import App
    from textual.binding import Binding

    from kobito_tui.app.screens.help import binding_rows
    from kobito_tui.i18n import translator

    bindings = [
        Binding("left", "cursor(-1)", "Card", key_display="←"),
        Binding("right", "cursor(1)", "Card", key_display="→"),
        *(Binding(str(n), f"card({n})", f"Card {n}", show=False) for n in range(1, 10)),
        *(Binding(k, f"pot({n})", f"Pot {k.upper()}", show=False) for n, k in enumerate("ab")),
        Binding("escape", "clear", ""),
    ]
    rows = binding_rows(translator("en"), App(), [(binding.key, binding) for binding in bindings])
    assert rows == [("← / →", "Card"), ("1–9", "Card 1–9"), ("a", "Pot A"), ("b", "Pot B")]


async def test_palette_offers_every_action(saves):
    app = make_app(saves, new=treasure("Ann,bot"))
    async with app.run_test() as pilot:
        await pilot.pause()
        commands = list(app.get_system_commands(app.screen))
    titles = {command.title for command in commands}
    assert {"New game", "Continue", "Load", "Replays", "Rules", "Keys", "Title screen"} <= titles
    assert [command.help for command in commands if command.title == "Keys"] == [actions.HELP.help]  # not Textual's
    assert {"Undo", "Redo", "Hint", "Menu", "Quit"} <= titles


async def test_load_lists_saves_and_opens_the_chosen_one(saves):
    app = make_app(saves, new=treasure("Ann,bot"))
    async with app.run_test() as pilot:
        await one_move(pilot, app)
        app.to_title()
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, BrowserScreen)
        assert app.screen.entries[0].path == list_saves(saves)[0]
        await pilot.press("enter")
        await pilot.pause()
        assert app.game_screen().host.session.path == list_saves(saves)[0]


async def test_replays_open_the_browser_and_save_replay_writes_a_loadable_copy(saves):
    app = make_app(saves, new=treasure("Ann,bot"))
    async with app.run_test() as pilot:
        await pilot.pause()
        app.save_replay(app.game_screen().host.session.record)
        copy = list_saves(saves / "replays")[0]
        assert load(copy).events == app.game_screen().host.session.events
        await app.run_action("home('replays')")
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


# -- title -----------------------------------------------------------------
async def test_continue_is_greyed_out_until_there_is_a_game_to_continue(saves):
    app = make_app(saves)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.screen.query_one("#title-continue").disabled
        app.home.start_game(treasure("Ann,bot"))
        await one_move(pilot, app)
        app.to_title()
        await pilot.pause()
        assert not app.screen.query_one("#title-continue").disabled


async def test_replays_has_a_key_on_the_title(saves):
    app = make_app(saves)
    async with app.run_test() as pilot:
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, BrowserScreen)


async def test_the_curtain_footer_names_the_key_its_text_names(saves):
    app = make_app(saves, new=treasure("Ann,Bob"))
    async with app.run_test() as pilot:
        await pilot.pause()
        shown = [key for key, active in app.screen.active_bindings.items() if active.binding.show]
        assert "Press Enter" in str(app.screen.query("Static")[1].render()).replace("press", "Press")
        assert shown[0] == "enter" and "space" not in shown
        await pilot.press("space")  # still works, unadvertised
        assert isinstance(app.screen, GameScreen)


# -- new game --------------------------------------------------------------
async def test_new_game_focus_is_visible_without_colour(saves):
    app = make_app(saves)
    async with app.run_test() as pilot:
        await pilot.press("n", "tab", "tab")
        focused = app.screen.focused
        assert focused.id == "name-0"
        assert focused.rich_style.underline and not app.screen.query_one("#name-1").rich_style.underline


async def test_new_game_checkboxes_read_as_text(saves):
    app = make_app(saves)
    async with app.run_test() as pilot:
        await pilot.press("n")
        await pilot.pause()
        box = app.screen.query_one("#opt-stalemate")
        assert "Stalemate ends the game (default on)                [x] on" in screen_text(app)
        box.focus()
        await pilot.press("space")
        assert box.value is False and "(default on)                [ ] off" in screen_text(app)


async def test_a_seat_switched_to_human_gets_a_human_name(saves):
    app = make_app(saves)
    async with app.run_test() as pilot:
        await pilot.press("n")
        app.screen.query_one("#kind-1").value = "human"
        await pilot.pause()
        assert app.screen.query_one("#name-1").value == "Player 2"
        app.screen.query_one("#kind-1").value = "bot:hard"
        await pilot.pause()
        assert app.screen.query_one("#name-1").value == "Computer 2"


async def test_new_game_refuses_long_or_unprintable_names_with_a_reason(saves):
    from kobito_tui.core.safetext import NAME_MAX_CHARS

    app = make_app(saves)
    async with app.run_test() as pilot:
        await pilot.press("n")
        for name, reason in (("A" * (NAME_MAX_CHARS + 1), "at most 24 characters"), ("Ann\x1b]0;x\x07", "control")):
            app.screen.query_one("#name-0").value = name
            await pilot.press("ctrl+s")
            assert app.screen.id is None and app.game_screen() is None
            error = str(app.screen.query_one("#form-error").render())
            assert error.startswith("Cannot start: Seat 1:") and reason in error and "\x1b" not in error
        app.screen.query_one("#name-0").value = "A" * NAME_MAX_CHARS
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.game_screen().header.seats[0].name == "A" * NAME_MAX_CHARS


async def test_new_game_picks_each_game_s_computer_level_for_a_first_game(saves):
    app = make_app(saves)
    async with app.run_test() as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert app.screen.query_one("#kind-1").value == "bot:medium"
        app.screen.query_one("#game").value = "treasure"
        await pilot.pause()
        assert app.screen.query_one("#kind-1").value == "bot:easy"


# -- how to play -----------------------------------------------------------
async def test_how_to_play_from_the_title_shows_both_games_and_scrolls_at_once(saves):
    from textual.containers import VerticalScroll

    from kobito_tui.app.screens.how_to_play import HowToPlayScreen

    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, HowToPlayScreen)
        source = app.screen.query_one(Markdown).source
        assert "# How to play Kobito" in source and "# How to play Hide the Treasure" in source
        await pilot.press("pagedown")
        assert app.screen.query_one(VerticalScroll).scroll_y > 0
        await pilot.press("escape")
        await pilot.click("#title-how")
        assert isinstance(app.screen, HowToPlayScreen)


async def test_f3_in_a_game_shows_that_game_s_page(saves):
    from kobito_tui.app.screens.how_to_play import HowToPlayScreen

    app = make_app(saves, new=treasure("Ann,bot"))
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("f3")
        assert isinstance(app.screen, HowToPlayScreen)
        source = app.screen.query_one(Markdown).source
        assert source.startswith("# How to play Hide the Treasure") and "Kobito" not in source
        await pilot.press("f3")  # not twice
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)
        assert "How to play" in {command.title for command in app.get_system_commands(app.screen)}


def test_how_to_play_names_keys_the_boards_really_have():
    from kobito_tui.app.kobito.board import KobitoBoard
    from kobito_tui.app.screens.how_to_play import how_to_play_text
    from kobito_tui.app.treasure.board import TreasureBoard

    def keys(widget) -> set[str]:
        return {key.strip() for binding in widget.BINDINGS for key in binding.key.split(",")}

    named = {
        "kobito": ({"space", "enter", "escape", "e", "a", "b", "c", "1", "9", "left", "up"}, KobitoBoard),
        "treasure": ({"up", "w", "a", "s", "d", "h", "j", "k", "l", "enter"}, TreasureBoard),
    }
    for game_id, (wanted, board) in named.items():
        assert wanted <= keys(board)
        text = how_to_play_text(game_id)
        assert all(f"`{key}`" in text for key in ("u", "y", "?", "Enter")) and {"u", "y", "question_mark"} <= keys(GameScreen)


async def test_the_curtain_shows_any_name_as_plain_escaped_text(saves):
    from dataclasses import replace

    from kobito_tui.core.game import Seat
    from kobito_tui.core.record import new_header
    from kobito_tui.core.safetext import printable

    for name in ("[link=http://a]Eve", "Bo\x1b]0;x\x07"):  # the second forged past new_header's checks
        header = new_header("treasure", (Seat("Ann"), Seat("Cy")), {"first_player": 0}, 1)
        app = make_app(saves, new=replace(header, seats=(Seat(name), Seat("Cy"))))
        async with app.run_test() as pilot:
            await pilot.pause()
            assert str(app.screen.query_one("#ready").label) == f"I am {printable(name)}"
            assert "\x1b" not in screen_text(app) and f"Pass the keyboard to {printable(name)}" in screen_text(app)


def test_the_help_rows_are_in_the_client_language_runs_too():
    from textual.app import App

    from kobito_tui.app import actions
    from kobito_tui.app.screens.help import binding_rows
    from kobito_tui.i18n import translator

    bindings = [(binding.key, binding) for binding in actions.bindings(*actions.KOBITO_BOARD)]
    rows = dict((text, key) for key, text in binding_rows(translator("ru"), App(), bindings))
    assert rows["Карта 1–9"] == "1–9" and rows["Горшок A–C"] == "a–c"
    assert rows["Выбрать карту под курсором или вернуть её"] == "space"
