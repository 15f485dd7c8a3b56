"""Snapshots of the Kobito table (look at them: tests/app_kobito/__snapshots__/)."""

from __future__ import annotations

import pytest

from app_kobito.conftest import game_screen, human_turn, kobito, make_app, midgame, penalty_game
from app_kobito.drive import press

SIX = "Ann,bot:random,bot:random,bot:random,bot:random,bot:random"


async def _ready(pilot) -> None:
    await human_turn(pilot, await game_screen(pilot))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("players", ["Ann,bot:random", SIX], ids=["2", "6"])
def test_table(snap_compare, saves, players, size):
    assert snap_compare(make_app(saves, new=kobito(players)), terminal_size=size, run_before=_ready)


def test_selected_card_with_highlighted_targets(snap_compare, saves):
    async def select(pilot) -> None:
        screen = await human_turn(pilot, await game_screen(pilot))
        board = screen.board
        playable = [n for n, card in enumerate(board.hand(), 1) if board.picker.playable(card.id)]
        await press(pilot, str(playable[0]), "down")

    assert snap_compare(make_app(saves, new=kobito(SIX)), run_before=select)


def test_penalty_choice(snap_compare, saves, tmp_path):
    async def one_chosen(pilot) -> None:
        await _ready(pilot)
        await press(pilot, "1")

    assert snap_compare(make_app(saves, load=penalty_game(tmp_path)), run_before=one_chosen)


@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_mid_game_in_ukrainian_and_russian(snap_compare, saves, tmp_path, lang):
    """Workshop rainbows, a pot near completion, a card picked: the board in the player's words."""

    async def pick(pilot) -> None:
        await _ready(pilot)
        await press(pilot, "1")

    app = make_app(saves, load=midgame(tmp_path), lang=lang, env={"KOBITO_CONFIG_DIR": str(tmp_path / "config")})
    assert snap_compare(app, terminal_size=(80, 24), run_before=pick)
