"""Snapshots: look at them (tests/app_treasure/__snapshots__) after any change to the board."""

from __future__ import annotations

import random

import pytest

from kobito_tui.app.main import files_app
from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import new_header, parse_players
from kobito_tui.core.savefile import save
from kobito_tui.treasure import GAME

from .harness import Harness, treasure_header
from .pilot import BOT_DELAY, reach_final_screen, treasure_app

BOARD_SIZE = (60, 22)


def test_grid_at_start(snap_compare):
    assert snap_compare(Harness(treasure_header(2, seed=3)), terminal_size=BOARD_SIZE)


def test_mid_turn_with_highlights_and_flips(snap_compare):
    app = Harness(treasure_header(2, seed=3, first_player=0))
    assert snap_compare(app, press=["down", "right"], terminal_size=BOARD_SIZE)


def test_hint_on_a_step(snap_compare):
    app = Harness(treasure_header(2, seed=3, first_player=0))

    def hint(pilot):
        app.board.hint(app.session.legal_moves()[-1])

    assert snap_compare(app, run_before=hint, terminal_size=BOARD_SIZE)


def test_seek_variant_unknown_and_known_chests(snap_compare):
    app = Harness(treasure_header(3, seed=4, variant="seek", first_player=1))
    assert snap_compare(app, press=["up", "down", "up"], terminal_size=BOARD_SIZE)  # a known chest


def test_shared_pawn_choosing_the_corner(snap_compare):
    app = Harness(treasure_header(2, seed=3, shared_pawn=True))
    assert snap_compare(app, press=["down"], terminal_size=BOARD_SIZE)


def test_shared_pawn_on_the_move(snap_compare):
    app = Harness(treasure_header(3, seed=3, shared_pawn=True))
    assert snap_compare(app, press=["enter", "right", "enter", "down"], terminal_size=BOARD_SIZE)


def test_board_at_the_end_reveals_every_colour(snap_compare):
    header = treasure_header(3, seed=11)
    record, _ = random_game(GAME, header, random.Random(11))
    assert snap_compare(Harness(header, seat=0, events=record.events), terminal_size=BOARD_SIZE)


def test_4_players_at_80x24(snap_compare, tmp_path):
    app = treasure_app(tmp_path, "Ann,bot,bot,bot", seed=8, first_player=0)
    assert snap_compare(app, press=["right"], terminal_size=(80, 24))


def test_final_screen(snap_compare, tmp_path):
    header = treasure_header(2, seed=5)
    record, _ = random_game(GAME, header, random.Random(5))
    path = tmp_path / "done.jsonl"
    save(path, record)
    app = files_app(tmp_path, load=path, bot_delay=BOT_DELAY)

    assert snap_compare(app, run_before=reach_final_screen, terminal_size=(80, 24))


@pytest.mark.parametrize("variant", ["standard", "seek"])
@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_mid_turn_in_ukrainian_and_russian(snap_compare, tmp_path, lang, variant):
    header = new_header("treasure", parse_players("Ann,bot,bot"), {"variant": variant, "first_player": 0}, 8)
    app = files_app(tmp_path, new=header, bot_delay=BOT_DELAY, lang=lang, env={"KOBITO_CONFIG_DIR": str(tmp_path / "config")})
    assert snap_compare(app, press=["left"], terminal_size=(80, 24))  # step 1 taken: a flip, the next arrows
