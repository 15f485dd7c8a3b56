"""The Textual lobby against a real hub: tables listed live, a table created, a seat joined."""

from __future__ import annotations

from textual.app import App
from textual.widgets import DataTable, Static

from kobito_tui.app.screens.lobby import LobbyScreen
from kobito_tui.i18n import translator

from .helpers import KEY_ANN, KEY_BOB


class LobbyApp(App[None]):
    def __init__(self, connection) -> None:
        super().__init__()
        self.connection = connection
        self.t = translator("en")  # the lobby speaks in its app's language
        self.joined: list = []

    def on_mount(self) -> None:
        self.push_screen(LobbyScreen(self.connection, self.joined.append, lambda info: None))


def cells(app: App) -> list[list[str]]:
    grid = app.screen.query_one("#lobby-tables", DataTable)
    return [[str(cell) for cell in grid.get_row_at(row)] for row in range(grid.row_count)]


async def test_create_a_table_on_the_form_and_sit_at_it(server):
    app = LobbyApp(server.connect(KEY_ANN, "Ann"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n")  # the new-game form: seat 1 open, seat 2 a Medium computer
        await pilot.pause(0.2)
        await pilot.press("ctrl+s")
        for _ in range(50):
            await pilot.pause(0.05)
            if app.joined:
                break
        [remote] = app.joined  # the creator takes the open seat
        assert remote.seat == 0 and remote.wait_for(lambda u: True).view.hand is not None
        await pilot.pause(0.2)
        assert "At table" in str(app.screen.query_one("#lobby-status", Static).render())
        row = cells(app)[0]
        assert row[1] == "Kobito" and row[2] in ("playing", "your move") and row[-1] == "Ann, computer (Medium)"  # the seats last


async def test_another_players_table_appears_and_names_are_plain_text(server):
    app = LobbyApp(server.connect(KEY_ANN, "Ann"))
    async with app.run_test(size=(100, 30)) as pilot:
        other = server.connect(KEY_BOB, "[b]Bob[/b]")
        table = other.create("treasure", ["open", "open"])
        other.join(table, 0)
        for _ in range(50):
            await pilot.pause(0.05)
            if cells(app) and "Bob" in cells(app)[0][-1]:
                break
        assert cells(app)[0][-1] == "[b]Bob[/b], (open)"
        await pilot.press("j")  # the free seat
        for _ in range(50):
            await pilot.pause(0.05)
            if app.joined:
                break
        assert app.joined[0].seat == 1
