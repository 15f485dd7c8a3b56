"""Kobito board tests run inside the real app (KobitoApp), bots instant."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.pilot import Pilot

from app_kobito.drive import quick_player, settle
from kobito_tui.app.main import KobitoApp, files_app
from kobito_tui.bench.waits import game_state
from kobito_tui.core.game import Header
from kobito_tui.core.record import Record, new_header, parse_players
from kobito_tui.core.savefile import save
from kobito_tui.core.session import Session


@pytest.fixture
def saves(tmp_path):
    return tmp_path / "saves"


def kobito(players: str = "Ann,bot:random", seed: int = 5, **options) -> Header:
    return new_header("kobito", parse_players(players), {"first_player": 0, **options}, seed)


def make_app(saves, **start) -> KobitoApp:
    return files_app(saves, bot_delay=0, **start)


async def until(pilot: Pilot, condition, timeout: float = 10.0) -> None:
    """Wait until ``condition()`` holds (computers think in a thread), then settle."""
    for _ in range(int(timeout / 0.002)):
        if condition():
            await settle(pilot)
            if condition():
                return
        await asyncio.sleep(0.002)
    raise AssertionError(f"timed out after {timeout:g} s; {game_state(pilot.app)}")


async def game_screen(pilot: Pilot):
    await until(pilot, lambda: getattr(pilot.app.screen, "board", None) is not None)
    return pilot.app.screen


def caught_up(screen) -> bool:
    """Whether ``screen`` shows its table's newest position (a move made on a worker thread, or a
    computer's, reaches the screen a moment after the table: a test that reads the table's legal
    moves must first wait for the board to show them)."""
    latest = screen.client.latest
    return latest is not None and latest.revision == screen.host.table.revision


async def human_turn(pilot: Pilot, screen):
    """``screen`` (the game screen), once the human may move or the game is over, as the table has it."""
    await until(pilot, lambda: screen.host.session.over or (screen.client.to_move and caught_up(screen)))
    return screen


def screen_text(app) -> str:
    """Everything on the screen, as text."""
    return "\n".join("".join(segment.text for segment in strip) for strip in app.screen._compositor.render_strips())


def penalty_game(folder) -> Path:
    """A saved game where Ann (seat 0) can only end her turn by taking 2 penalty cards."""
    for seed in range(50):
        session = Session(Record(kobito("Ann,bot:random", seed=seed)))
        choose = quick_player(seed)
        while not session.over and not (session.to_act == 0 and session.view(0).penalty_due == 2):
            session.play(choose(session.legal_moves()))
        if not session.over:
            path = folder / "penalty.jsonl"
            save(path, session.record)
            return path
    raise AssertionError("no game with 2 penalty cards due")


def midgame(folder, players: str = "Ann,bot:random,bot:random") -> Path:
    """A saved game at Ann's turn with rainbows in her workshop and a pot one or two cards short."""
    for seed in range(200):
        session = Session(Record(kobito(players, seed=seed)))
        choose = quick_player(seed)
        while not session.over:
            view = session.view(0)
            near = any(pot and pot.cards and pot.length - len(pot.cards) <= 2 for pot in view.pots)
            if session.to_act == 0 and view.workshops[0] and near and not view.played and not view.penalty_due:
                path = folder / "midgame.jsonl"
                save(path, session.record)
                return path
            session.play(choose(session.legal_moves()))
    raise AssertionError("no game with a workshop and a pot near completion")
