"""The lobby's palette gives a keyed player a link for a browser; a guest is not offered one."""

from __future__ import annotations

from textual.widgets import Static

from kobito_tui.app.remote import LinkDialog, NameDialog, lobby_app

from ..helpers import KEY_ANN
from ..test_remote_app import in_lobby, shown, until
from .helpers import WebServer


async def test_a_keyed_player_gets_a_browser_link_from_the_palette_and_a_guest_none(data_dir):
    server = WebServer(data_dir / "data")
    try:
        guest = lobby_app(server.socket, "guest", "Gus", data_dir / "saves")
        async with guest.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(guest.screen, NameDialog))
            await pilot.press(*"Gus", "enter")
            await until(pilot, lambda: in_lobby(guest))
            assert "Browser link" not in [c.title for c in guest.get_system_commands(guest.screen)]
        app = lobby_app(server.socket, KEY_ANN, "Ann", data_dir / "saves")
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: in_lobby(app))
            command = next(c for c in app.get_system_commands(app.screen) if c.title == "Browser link")
            await command.callback()  # every palette command runs its action (a coroutine)
            await until(pilot, lambda: isinstance(app.screen, LinkDialog))
            assert shown(app.screen.query_one("#link", Static)).startswith(server.url + "/invite/")
            await pilot.press("escape")
            await until(pilot, lambda: in_lobby(app))
    finally:
        server.stop()
