"""The lobby at 80×24 in en/uk/ru with a table waiting for your move (first, marked) and the line that says so.

The lobby is shown by the app itself, at a home whose first screen is a lobby on a made-up connection:
table ids and times fixed, no hub needed (look at them: tests/app/__snapshots__/)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.screen import Screen

from kobito_tui.app.files_home import FilesHome
from kobito_tui.app.main import KobitoApp
from kobito_tui.app.screens.lobby import LobbyScreen
from kobito_tui.serve.protocol import SeatInfo, TableInfo

from .conftest import no_blink

ANN, BOB, CY = SeatInfo("player", "Ann", True), SeatInfo("player", "Bob", True), SeatInfo("player", "Cy", False)
TABLES = [
    TableInfo("3f9a01c2", "treasure", "playing", [BOB, CY], 1, "Bob", "2026-12-07T20:15:00", to_act=0),
    TableInfo("7be4d2a0", "kobito", "playing", [BOB, ANN, SeatInfo("computer", level="hard")], 0, "Bob", "2026-12-07T21:02:00", 1),
    TableInfo("c81f5e77", "treasure", "open", [ANN, SeatInfo("open")], 0, "Ann"),
]


class MadeUpConnection:
    """What the lobby screen reads of a hub's connection, with fixed tables."""

    name, back_to, settings = "Ann", "", {}

    def __init__(self) -> None:
        self.tables = {info.table: info for info in TABLES}
        self.on_table: Any = None


class LobbyFirst(FilesHome):
    def default_screen(self) -> Screen[Any]:
        return LobbyScreen(MadeUpConnection(), lambda remote: None, lambda info: None)  # type: ignore[arg-type]


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_the_lobby_with_a_table_waiting_for_your_move(snap_compare, tmp_path: Path, lang):
    app = KobitoApp(LobbyFirst(tmp_path / "saves", env={"KOBITO_CONFIG_DIR": str(tmp_path)}), bot_delay=0, lang=lang)

    async def still(pilot) -> None:
        no_blink(pilot.app)
        await pilot.pause()

    assert snap_compare(app, run_before=still, terminal_size=(80, 24))
