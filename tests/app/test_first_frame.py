"""A game screen's first frame shows the table: never an empty board (a blank frame flashed as
a served table started, the screen drawn before its first update was shown)."""

from __future__ import annotations

import pytest
from textual.app import App

from kobito_tui.app.screens.game import GameScreen
from kobito_tui.client import LocalHost
from kobito_tui.core.record import Record, new_header, parse_players
from kobito_tui.table.local import LocalTable

from .conftest import make_app


@pytest.fixture(autouse=True)
def stub_board():
    """The real boards: what a player sees in the first frame."""


def frames_spied(monkeypatch) -> list[tuple[bool, str]]:
    """For each frame drawn of a game screen: was its table shown, and its status line's words."""
    frames: list[tuple[bool, str]] = []
    display = App._display

    def spy(app, screen, renderable) -> None:
        if isinstance(screen, GameScreen) and renderable is not None:
            frames.append((screen.client.latest is not None and screen.board.status() != "", str(screen.status_line.render())))
        display(app, screen, renderable)

    monkeypatch.setattr(App, "_display", spy)
    return frames


def shown_at_once(screen: GameScreen) -> None:
    """Mounted, and not one frame drawn yet: the table is there already."""
    assert screen.client.latest is not None
    assert str(screen.status_line.render()).strip(), "the status line is empty"
    assert screen.log_panel.texts, "the log is empty"


@pytest.mark.parametrize("game", ["kobito", "treasure"])
async def test_a_local_game_screen_is_drawn_with_its_table(saves, monkeypatch, game):
    frames = frames_spied(monkeypatch)
    header = new_header(game, parse_players("Ann,bot"), {"first_player": 0} if game == "kobito" else {}, 3)
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.game_screen_for(LocalHost(LocalTable(Record(header), None, bot_delay=0)))
        await app.push_screen(screen)
        shown_at_once(screen)
        await pilot.pause()
        assert frames and all(words.strip() for _, words in frames), frames


async def test_a_served_table_starts_on_a_drawn_table(monkeypatch, tmp_path):
    from serve.helpers import KEY_ANN, Server, remove, short_dir
    from serve.test_remote_app import in_lobby, until

    from kobito_tui.app.remote import WaitingScreen, lobby_app

    frames = frames_spied(monkeypatch)
    folder = short_dir()
    server = Server(folder / "data")
    try:
        app = lobby_app(server.socket, KEY_ANN, "Ann", folder / "saves")
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: in_lobby(app))
            table = app.home.connection.create("treasure", ["open", "random"])
            await until(pilot, lambda: app.screen.chosen() == table)
            await pilot.press("j")
            await until(pilot, lambda: isinstance(app.screen, GameScreen | WaitingScreen))
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            shown_at_once(app.screen)
            await pilot.pause()
            assert frames, "no frame of the game screen was drawn"
            assert all(table_shown and words.strip() for table_shown, words in frames), frames[:3]
    finally:
        server.stop()
        remove(folder)
