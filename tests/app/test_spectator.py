"""A spectator's game screen (a served table watched with w): no seat, so no
Undo, Redo, Hint or first-game guide anywhere: not as buttons, keys, footer,
help lines nor palette commands."""

from __future__ import annotations

import pytest

from kobito_tui.app import settings
from kobito_tui.app.screens.game import GameScreen
from kobito_tui.app.screens.help import HelpScreen
from kobito_tui.client import GameClient
from kobito_tui.core.record import Record
from kobito_tui.table import PUBLIC, Table
from tests.client.hosts import TableHost

from .conftest import make_app, screen_text, treasure
from .test_pilot import settle

SEAT_ONLY_HELP = ("Take back your last move of this turn", "Play the move you took back again",
                  "Let the hard computer suggest a move", "Tips for a first game in the log: on or off")  # fmt: skip  # aligned by hand with its opening bracket


async def watching(pilot, table: Table, seats: list[int]) -> GameScreen:
    screen = GameScreen(GameClient(TableHost(table, seats, watching=PUBLIC)))
    pilot.app.push_screen(screen)
    await settle(pilot, lambda: screen.client.latest is not None)
    return screen


@pytest.mark.parametrize("seats", [[], [0]], ids=["spectator", "seat"])
async def test_a_spectator_has_no_undo_redo_hint_nor_guide(saves, seats):
    table = Table(Record(treasure("Ann,Bob")))
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await watching(pilot, table, seats)
        spectator = not seats
        buttons = {button.id for button in screen.query("#controls Button") if button.display}
        assert buttons == ({"menu"} if spectator else {"undo", "redo", "hint", "menu"})
        text = screen_text(app)
        footer = text.splitlines()[-1]
        assert ("Tips" in footer) is not spectator and "Keys" in footer and "Rules" in footer
        assert ("Undo" in text) is not spectator

        palette = {command.title for command in app.get_system_commands(screen)}
        assert {"Undo", "Redo", "Hint"}.isdisjoint(palette) is spectator and "Menu" in palette

        guide = screen.guide
        await pilot.press("g")
        await pilot.pause()
        assert (screen.guide == guide and settings.load().guide == guide and not app._notifications) is spectator

        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        lines = {text for _, text in app.screen.keys}
        assert set(SEAT_ONLY_HELP).isdisjoint(lines) is spectator and "The game menu" in lines
