"""Driving the real app (``KobitoApp``) at a Hide the Treasure game by keys or by clicks."""

from __future__ import annotations

import html
import random
import re
from pathlib import Path

from textual.pilot import Pilot

from kobito_tui.app.main import KobitoApp, files_app
from kobito_tui.app.screens.curtain import CurtainScreen
from kobito_tui.app.screens.final import FinalScreen
from kobito_tui.app.screens.game import GameScreen
from kobito_tui.app.treasure.board import TreasureBoard
from kobito_tui.app.treasure.controls import acting_pawn, step_target
from kobito_tui.app.treasure.grid import TileGrid
from kobito_tui.core.game import Event
from kobito_tui.core.record import new_header, parse_players

BOT_DELAY = 0.01  # not 0: the shell's end-of-game timer is 2.5 × bot_delay, and Textual refuses 0
KEYS = {"up": ("up", "k", "w"), "down": ("down", "j", "s"), "left": ("left", "h", "a"), "right": ("right", "l", "d")}


def treasure_app(saves: Path, players: str = "Ann,Bob", seed: int = 3, **options) -> KobitoApp:
    header = new_header("treasure", parse_players(players), options, seed)
    return files_app(saves, new=header, bot_delay=BOT_DELAY)


def game_screen(app: KobitoApp) -> GameScreen:
    return app.game_screen()


def board(app: KobitoApp) -> TreasureBoard:
    return app.game_screen().query_one(TreasureBoard)


def screen_text(app: KobitoApp) -> str:
    """Every character on the screen, as plain text."""
    return html.unescape(re.sub(r"<[^>]+>", "", app.export_screenshot())).replace("\xa0", " ")


def tile_text(grid: TileGrid, pos: tuple[int, int], line: int = 0) -> str:
    """What the grid draws on a tile: ``line`` 0 is the face, 1 the pawn or highlight."""
    (pitch_x, pitch_y), (row, col) = grid.pitch, pos
    face = (pitch_y - 2) // 2
    return grid.render_line(row * pitch_y + face + line).text[col * pitch_x : (col + 1) * pitch_x - 1]


async def settle(pilot: Pilot) -> None:
    """Let the screen catch up, and the computers (the table's, in their own
    threads) play until a human is to move, or the game is over."""
    await pilot.pause()
    for _ in range(4000):
        screen = pilot.app.screen
        if not isinstance(screen, GameScreen) or screen.client.to_move or screen.client.over:
            break
        await pilot.pause(0.005)
    await pilot.pause()


async def reach_final_screen(pilot: Pilot) -> bool:
    """Wait out the shell's short highlight of the end; whether the final screen came."""
    for _ in range(200):
        if isinstance(pilot.app.screen, FinalScreen):
            return True
        await pilot.pause(BOT_DELAY)
    return False


async def lift_curtain(pilot: Pilot, by: str) -> None:
    """The next hot-seat player takes the keys: Enter, or a click on the button."""
    for _ in range(50):
        if not isinstance(pilot.app.screen, CurtainScreen):
            return
        if by == "keys":
            await pilot.press("enter")
        else:
            await pilot.click("#ready")
    raise AssertionError("the curtain stayed down after 50 tries")


async def make_move(pilot: Pilot, move: Event, by: str, rng: random.Random) -> None:
    """Choose ``move`` on the board the way a player would: keys or the mouse only."""
    kind = move["type"]
    if by == "keys":
        if kind == "step":
            await pilot.press(rng.choice(KEYS[move["dir"]]))
        elif kind == "place":
            row, col = move["corner"]
            await pilot.press("down" if row else "up", "right" if col else "left", "enter")
        else:
            await pilot.press("enter")
    elif kind in ("step", "place"):
        row, col = target(pilot.app, move)
        pitch_x, pitch_y = pilot.app.screen.query_one(TileGrid).pitch
        x, y = rng.randrange(pitch_x - 1), rng.randrange(pitch_y - 1)  # anywhere on the tile
        await pilot.click(TileGrid, offset=(col * pitch_x + x, row * pitch_y + y))
    else:
        await pilot.click("#treasure-confirm")
    await settle(pilot)


def target(app: KobitoApp, move: Event) -> tuple[int, int]:
    """The tile to click for a step or a placement."""
    if move["type"] == "place":
        return tuple(move["corner"])
    return step_target(acting_pawn(game_screen(app).host.session.view(None)), move["dir"])
