"""The game screen, its dialogs and the final screen in the pseudo-language at
80×24: the shell's words (status line, buttons, footer, log prefixes, dialogs)
whole and translated.  The boards' own words belong to their widgets
(app/kobito, app/treasure): these tests read the shell's parts of the screen."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.geometry import Region
from textual.widgets import Button, Static, TabbedContent

from kobito_tui.app.log_panel import LogPanel
from kobito_tui.app.main import KobitoApp, files_app
from kobito_tui.app.screens.final import FinalScreen
from kobito_tui.app.screens.game import GameScreen
from kobito_tui.app.screens.help import HelpScreen
from kobito_tui.app.screens.menu import MenuScreen
from kobito_tui.app.screens.unsaved import UnsavedDialog
from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import new_header, parse_players
from kobito_tui.core.session import Session
from kobito_tui.games import get_game

from .screentext import pseudo_problems, screen_lines

NAMES = {"Ann", "Bob"}  # player names are the players' own, in any language
GAMES = ("kobito", "treasure")


def pseudo_app(tmp_path, **start) -> KobitoApp:
    env = {"KOBITO_CONFIG_DIR": str(tmp_path / "config")}
    return files_app(tmp_path / "saves", lang="xx", env=env, bot_delay=0, **start)


def crop(lines: list[str], region: Region) -> list[str]:
    """The rows and columns of ``region`` (a dialog over the game)."""
    return [line[region.x : region.right] for line in lines[region.y : region.bottom]]


def problems(lines: list[str], allowed=()) -> str:
    """What is wrong, with the screen to read it against ("" when nothing is)."""
    found = pseudo_problems(lines, {*NAMES, *allowed})
    return "\n".join([*found, "", *lines]) if found else ""


async def your_move(pilot, app: KobitoApp) -> None:
    for _ in range(500):
        screen = app.screen
        if (isinstance(screen, GameScreen) and screen.client.to_move) and str(screen.query_one("#status").render()):
            await pilot.pause()
            return
        await pilot.pause(0.01)
    raise AssertionError("the player's turn never came")


def header(game_id: str, players: str = "Ann,bot:random"):
    return new_header(game_id, parse_players(players), seed=3)


@pytest.mark.parametrize("game_id", GAMES)
async def test_the_game_screen_shell_speaks_the_pseudo_language(tmp_path, game_id):
    app = pseudo_app(tmp_path, new=header(game_id))
    async with app.run_test(size=(80, 24)) as pilot:
        await your_move(pilot, app)
        screen = app.screen
        assert problems(screen_lines(app)[-1:]) == ""  # the footer (the status line is the board's now)
        for button in screen.query("#controls Button").results(Button):
            assert problems([str(button.label)]) == ""
        assert problems([str(screen.query_one("#game-title").render())]) == ""
        tips = [text.plain for text in screen.query_one(LogPanel).texts if text.plain.startswith("‹Ţíƥ:")]
        assert tips  # the first-game guide's prefix, translated with its tip
        await pilot.press("u")  # nothing to undo yet: the status line says why, translated
        await pilot.pause()
        assert "‹" in str(screen.query_one("#status").render())
        assert problems(screen_lines(app)[-2:]) == ""


async def test_the_keys_of_a_game_in_the_help_speak_the_pseudo_language(tmp_path):
    app = pseudo_app(tmp_path, new=header("kobito"))
    async with app.run_test(size=(80, 24)) as pilot:
        await your_move(pilot, app)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        rows = [f"{title} {text}" for title, rows in app.screen.sections for _, text in rows]
        assert problems(rows) == ""
        assert problems(screen_lines(app)[-1:]) == ""  # its footer
        tabs = [str(tab.label) for tab in app.screen.query("Tab")]
        assert len(tabs) == 3 and problems(tabs) == ""
        app.screen.query_one(TabbedContent).active = "help-keys-pane"
        await pilot.pause()
        table = app.screen.query_one("#help-keys")
        whole = table.query_one(Static)  # every row, those scrolled out of sight too
        assert whole.size.width <= table.size.width
        assert problems([strip.text for strip in whole.render_lines(Region(0, 0, *whole.size))], allowed={"shift"}) == ""


async def test_the_help_from_the_title_is_whole_and_translated(tmp_path):
    app = pseudo_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        table, lines = app.screen.query_one("#help-keys"), screen_lines(app)
        assert problems(lines[: table.region.y] + lines[table.region.bottom :]) == ""
        whole = table.query_one(Static)  # the keys table wraps, and scrolls once it is longer than the screen
        assert problems([strip.text for strip in whole.render_lines(Region(0, 0, *whole.size))], allowed={"shift"}) == ""
        rows = [f"{title} {text}" for title, rows in app.screen.sections for _, text in rows]
        assert problems(rows) == ""


async def test_the_menu_is_whole_and_translated(tmp_path):
    app = pseudo_app(tmp_path, new=header("treasure"))
    async with app.run_test(size=(80, 24)) as pilot:
        await your_move(pilot, app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        lines = screen_lines(app)
        assert problems(crop(lines, app.screen.query_one(".dialog").region)) == ""


async def test_the_curtain_is_whole_and_translated(tmp_path):
    app = pseudo_app(tmp_path, new=header("treasure", "Ann,Bob"))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            if type(app.screen).__name__ == "CurtainScreen":
                break
            await pilot.pause(0.01)
        await pilot.pause()
        lines = screen_lines(app)
        assert any("‹" in line for line in lines)
        assert problems(lines) == ""


def finished(game_id: str, names: tuple[str, ...] | list[str] = ("Ann", "Bob"), seed: int = 2) -> Session:
    record, _ = random_game(get_game(game_id), header(game_id, ",".join(names)), random.Random(seed))
    return Session(record)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("names", [["Ann", "Bob"], [f"Олександра-Костянтинівн{seat}" for seat in range(4)]])
async def test_the_final_screen_is_whole_and_translated(tmp_path, game_id, names):
    session = finished(game_id, names)
    app = pseudo_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(FinalScreen(session.result, session.header, session.record))
        await pilot.pause()
        box = app.screen.query_one("#final-box")
        assert all(widget.virtual_size.width <= widget.scrollable_content_region.width for widget in box.query("*"))
        assert problems(screen_lines(app)) == ""  # the table of scores too: its headings wrap, nothing is cut


async def test_the_unsaved_dialog_is_whole_and_translated(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", "/h")  # the paths it shows: short ones, their words allowed
    monkeypatch.chdir(tmp_path)
    session = Session(finished("kobito").record, path=Path("g.jsonl"))
    app = pseudo_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(UnsavedDialog(session))
        await pilot.pause()
        lines = crop(screen_lines(app), app.screen.query_one(".dialog").region)
        path_words = {"jsonl", "kobito", "Ann", "Bob"}
        assert problems(lines, allowed=path_words) == ""


async def test_a_line_taken_back_says_so_in_the_pseudo_language(tmp_path):
    app = pseudo_app(tmp_path, new=header("kobito"))
    async with app.run_test(size=(80, 24)) as pilot:
        await your_move(pilot, app)
        screen = app.screen
        screen.play(next(move for move in screen.client.latest.legal if not screen.host.table.game.closes_turn(move)))
        await your_move(pilot, app)
        assert screen.client.may("undo")
        await pilot.press("u")
        await your_move(pilot, app)
        lines = [text.plain for text in screen.query_one(LogPanel).texts]
        assert any(line.startswith("‹↶ Ţáķéñ ƀáçķ: ") for line in lines), lines
