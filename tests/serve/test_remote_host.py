"""A remote session writes nothing on the server's machine and shows none of its paths;
its settings (tips, language) are the identity's, kept by the hub."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.widgets import Static

from kobito_tui.app.remote import LanguageDialog, NameDialog, lobby_app

from .helpers import KEY_ANN, KEY_BOB, eventually, play_until
from .test_remote_app import at_a_new_table, in_lobby, shown, until


@pytest.fixture
def host_home(tmp_path, monkeypatch) -> Path:
    """The server user's home and config folders: a remote session must leave them empty."""
    home = tmp_path / "home"
    (home / "Downloads").mkdir(parents=True)  # where Textual's screenshots go
    monkeypatch.setenv("HOME", str(home))
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(name, str(home / name.lower()))
    monkeypatch.setenv("KOBITO_CONFIG_DIR", str(home / "kobito-config"))
    return home


def written(folder: Path) -> list[Path]:
    return [path for path in folder.rglob("*") if path.is_file()]


async def test_no_screenshot_no_settings_file_the_guide_and_language_kept_by_the_hub(server, data_dir, host_home):
    from kobito_tui.app.screens.game import GameScreen

    app = lobby_app(server.socket, KEY_ANN, "Ann", data_dir / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: in_lobby(app))
        assert "Screenshot" not in [c.title for c in app.get_system_commands(app.screen)]
        await app.run_action("screenshot")  # Textual's own action, should a key reach it
        await pilot.pause(0.3)  # (a file is delivered by a thread of the driver's)
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LanguageDialog))
        await pilot.click("#lang-uk")
        await until(pilot, lambda: in_lobby(app) and "Ви — Ann" in shown(app.screen.query_one("#lobby-heading", Static)))
        await at_a_new_table(pilot, app)
        assert isinstance(app.screen, GameScreen) and app.screen.guide
        await pilot.press("g")  # the guide off: for her key, not for the server's user
        await until(pilot, lambda: app.home.connection.settings.get("guide") is False)
    assert written(host_home) == []
    assert server.connect(KEY_ANN, "Ann").settings == {"lang": "uk", "guide": False, "notify": True}

    again = lobby_app(server.socket, KEY_ANN, "Ann", data_dir / "saves", lang="en")  # her terminal says English
    async with again.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: in_lobby(again))
        assert again.lang == "uk" and "Ви — Ann" in shown(again.screen.query_one("#lobby-heading", Static))
        assert again.settings().guide is False
    assert written(host_home) == []


async def test_a_name_another_key_has_is_refused_and_another_asked(server, data_dir):
    server.connect(KEY_ANN, "ann")
    app = lobby_app(server.socket, KEY_BOB, "ann", data_dir / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NameDialog) and app.screen.query("#name-error"))
        assert "belongs to another player's key" in shown(app.screen.query_one("#name-error", Static))
        await pilot.press(*"bob", "enter")
        await until(pilot, lambda: in_lobby(app))
        assert "you are bob" in shown(app.screen.query_one("#lobby-heading", Static))


async def test_the_terminal_whose_seat_a_code_took_says_so_in_its_language(server, data_dir):
    app = lobby_app(server.socket, "guest", "Gus", data_dir / "saves", lang="uk")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NameDialog))
        await pilot.press("enter")
        table = await at_a_new_table(pilot, app)
        code = app.home.remote.code
        # (by another name: Gus's is his while he sits connected)
        assert server.connect("guest", "Gus at home").join(table, None, code).seat == 0
        await until(pilot, lambda: app.return_code is not None)
    assert app.exit_lines == [f"kobito: Ваше місце 1 за столом {table} зайняли за його кодом з іншого термінала."]


async def test_a_replay_opened_over_ssh_offers_no_branch_into_a_file(server, data_dir):
    from kobito_tui.app.replay import ReplayScreen

    ann = server.connect(KEY_ANN, "Ann")
    table = ann.create("treasure", ["open", "random"])
    play_until([ann.join(table, 0)], random.Random(4), lambda u: u.over)
    eventually(lambda: ann.tables[table].status == "over")
    record = ann.record(table)
    app = lobby_app(server.socket, KEY_ANN, "Ann", data_dir / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: in_lobby(app))
        screen = ReplayScreen(record)
        app.push_screen(screen)
        await until(pilot, lambda: app.screen is screen and screen.is_mounted)
        assert screen.check_action("branch", ()) is False
        await pilot.press("b")
        await pilot.pause(0.2)
        assert app.screen is screen and written(data_dir / "saves") == []


async def test_the_rejoin_dialog_takes_the_six_words_typed_as_read_aloud(server, data_dir):
    from textual.widgets import Input

    from kobito_tui.app.remote import WaitingScreen
    from kobito_tui.app.screens.lobby import CodeDialog

    gus = server.connect("guest", "Gus")
    table = gus.create("treasure", ["open", "open"])
    code = gus.join(table, 0).code
    gus.close()
    app = lobby_app(server.socket, "guest", "Gus", data_dir / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NameDialog))
        await pilot.press("enter")
        await until(pilot, lambda: in_lobby(app) and app.screen.chosen() == table)
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, CodeDialog) and app.screen.query("#code"))
        app.screen.query_one("#code", Input).insert_text_at_cursor(" " + code.replace("-", " ").title() + " ")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, WaitingScreen))
        assert app.home.remote.seat == 0 and app.home.remote.code == code
        assert f"Your seat code is {code}" in shown(app.screen.query_one("#waiting", Static))


async def test_settings_the_hub_refuses_are_said_not_crashed_on(server, data_dir):
    from .test_remote_app import notices

    app = lobby_app(server.socket, KEY_ANN, "Ann", data_dir / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: in_lobby(app))
        app.home._keep({"shell": "rm"})
        await until(pilot, lambda: any("That is not a setting: shell" in n for n in notices(app)))
        assert app.return_code is None and app.home.connection.settings == {}


async def test_news_of_the_table_before_the_waiting_screen_is_composed_is_shown_not_a_crash(server, data_dir):
    from kobito_tui.app.remote import WaitingScreen
    from kobito_tui.serve.protocol import SeatInfo, TableInfo

    gus = server.connect("guest", "Gus")
    table = gus.create("treasure", ["open", "open"])
    remote = gus.join(table, 0)
    app = lobby_app(server.socket, "guest", "Gus", data_dir / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NameDialog))
        screen = WaitingScreen(remote, None, lambda remote: None)
        seats = [SeatInfo("player", "Gus", connected=True), SeatInfo("player", "Ivy", connected=True)]
        screen.show(TableInfo(table, "treasure", "open", seats, 0, "Gus"))  # the lobby's news, before compose
        await app.push_screen(screen)
        await pilot.pause()
        assert "2. Ivy" in shown(screen.query_one("#waiting", Static))
    gus.close()
