"""Shell tests run with the plain move-list board, so they test the shell alone."""

from __future__ import annotations

import random

import pytest
from textual.widgets import Input

from kobito_tui.app.main import KobitoApp, files_app
from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import Record, new_header, parse_players
from kobito_tui.core.savefile import save
from kobito_tui.games import get_game

from .move_list_board import MoveListBoard


@pytest.fixture(autouse=True)
def stub_board(monkeypatch):
    monkeypatch.setattr("kobito_tui.app.screens.game.board_class", lambda game_id: MoveListBoard)


@pytest.fixture
def saves(tmp_path):
    return tmp_path / "saves"


def treasure(players: str, seed: int = 5, **options):
    return new_header("treasure", parse_players(players), options, seed)


def make_app(saves, **start) -> KobitoApp:
    return files_app(saves, bot_delay=0, **start)


def no_blink(app: KobitoApp) -> None:
    """Stable snapshots: text cursors do not blink."""
    for widget in app.screen.query(Input):
        widget.cursor_blink = False


def one_move_from_the_end(folder):
    """A saved Ann-vs-computer game where Ann's next move wins: ``(path, that move)``."""
    game = get_game("treasure")
    for seed in range(100):
        record, _ = random_game(game, treasure("Ann,bot:random", seed=seed), random.Random(seed))
        last = record.events[-1]
        if last.get("seat") == 0 and record.events[-2].get("seat") == 0:
            path = folder / "nearly.jsonl"
            save(path, Record(record.header, record.events[:-1]))
            return path, last
    raise AssertionError("no such game")


def screen_text(app: KobitoApp) -> str:
    """What the terminal shows now, one line per row."""
    return "\n".join("".join(segment.text for segment in strip) for strip in app.screen._compositor.render_strips())
