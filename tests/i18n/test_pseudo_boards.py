"""Both boards mid-game in the pseudo-language at 80×24: every word of the board
went through the catalog and no message is cut.  Only the board's own region
is read: the game screen around it (status line, footer, log) is checked by its
own tests."""

from __future__ import annotations

import pytest
from app_kobito.conftest import game_screen, human_turn, midgame
from app_treasure.pilot import BOT_DELAY

from kobito_tui.app.kobito.lines import NAME_WIDTH
from kobito_tui.app.main import KobitoApp, files_app
from kobito_tui.core.record import new_header, parse_players
from kobito_tui.i18n import translator
from kobito_tui.i18n.seats import role_name

from .screentext import pseudo_problems, screen_lines

NAMES = {"Ann", "Bob", "Cy", "Computer"}  # the players' names are nobody's words to translate


def uncut_roles(line: str) -> str:
    """``line`` with the unnamed computers' names, worded and cut to the name column, as "Computer"."""
    for seat in range(1, 4):
        name = role_name(translator("xx"), seat, "bot")
        line = line.replace(name, "Computer").replace(name[:NAME_WIDTH], "Computer")
    return line


def board_area(app) -> list[str]:
    """The rows of text inside the board widget."""
    region = app.screen.board.region
    return [line[region.x : region.right] for line in screen_lines(app)[region.y : region.bottom]]


async def pseudo_board(app: KobitoApp, *keys: str) -> list[str]:
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot, await game_screen(pilot))
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        area = board_area(app)
        assert any("‹" in line for line in area), "\n".join(area)
        return pseudo_problems(list(map(uncut_roles, area)), NAMES) + [area]


def _app(tmp_path, **start) -> KobitoApp:
    return files_app(tmp_path / "saves", lang="xx", env={"KOBITO_CONFIG_DIR": str(tmp_path / "config")}, **start)


async def test_the_kobito_board_mid_game(tmp_path):
    app = _app(tmp_path, load=midgame(tmp_path), bot_delay=0)
    *problems, area = await pseudo_board(app, "1")  # a card picked: the places it may go light up
    assert problems == [], "\n".join(area)


@pytest.mark.parametrize("variant", ["standard", "seek"])
async def test_the_treasure_board_mid_turn(tmp_path, variant):
    header = new_header("treasure", parse_players("Ann,bot,bot"), {"variant": variant, "first_player": 0}, 8)
    *problems, area = await pseudo_board(_app(tmp_path, new=header, bot_delay=BOT_DELAY), "right")
    assert problems == [], "\n".join(area)
