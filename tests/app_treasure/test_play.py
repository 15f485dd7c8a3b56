"""Whole games through the real app, by keys only and by clicks only."""

from __future__ import annotations

import random
import re

import pytest
from app.frames import count_frames
from treasure.helpers import setup_event  # tests/treasure: layouts chosen by hand

from kobito_tui.app.treasure.controls import step_target
from kobito_tui.app.treasure.glyphs import ARROWS
from kobito_tui.app.treasure.grid import PITCH_X, PITCH_Y, TileGrid
from kobito_tui.i18n.messages import english
from kobito_tui.treasure.board import COLOURS

from .harness import Harness, treasure_header
from .pilot import (
    board,
    game_screen,
    lift_curtain,
    make_move,
    reach_final_screen,
    screen_text,
    settle,
    tile_text,
    treasure_app,
)

# (options, seed): short random games, so the whole set stays fast.
VARIANTS = {
    "standard": ({}, 1269),
    "seek": ({"variant": "seek"}, 132),
    "shared pawn": ({"shared_pawn": True}, 2984),
}


def colours_named(text: str) -> set[str]:
    """Colours named on screen, but for public log lines of tiles revealed (seek)."""
    text = re.sub(r"revealed a\s+\w+", "", text)
    return {colour for colour in COLOURS if re.search(rf"\b{colour}\b", text)}


@pytest.mark.parametrize("by", ["keys", "clicks"])
@pytest.mark.parametrize("variant", list(VARIANTS))
async def test_a_hot_seat_game_to_the_end(tmp_path, variant, by):
    options, seed = VARIANTS[variant]
    app = treasure_app(tmp_path, "Ann,Bob", seed, **options)
    rng, hands = random.Random(seed), random.Random(0)  # moves; which key or where on the tile
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        session = game_screen(app).host.session
        colours = [COLOURS[c] for c in session.state.colour_of]
        while not session.over:
            await lift_curtain(pilot, by)
            if not session.state.steps:  # at each turn, the player at the keys sees
                assert colours_named(screen_text(app)) == {colours[session.to_act]}  # only their colour
            move = rng.choice(session.legal_moves())
            count = len(session.events)
            await make_move(pilot, move, by, hands)
            assert session.events[count] == move  # then, in seek, the reveal of a tile turned up
            assert all(event["type"] == "reveal" for event in session.events[count + 1 :])
            assert len(session.events) < 200
        assert await reach_final_screen(pilot)
        assert english(session.result.summary, [s.name for s in session.header.seats]) in screen_text(app)
        app.pop_screen()
        await pilot.pause()
        assert colours_named(screen_text(app)) == set(colours)  # all revealed at the end


async def test_each_step_flips_the_tile_left_behind_at_once_and_undo_takes_it_back(tmp_path):
    app = treasure_app(tmp_path, "Ann,bot", seed=5, first_player=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        session = game_screen(app).host.session
        grid = board(app).query_one(TileGrid)
        start = session.view(0).pawns[0]
        before = tile_text(grid, start)
        assert "[≡≡]" not in before
        direction = session.legal_moves()[0]["dir"]
        await pilot.press(direction)
        assert tile_text(grid, start) == f"{before.strip()[0]} [≡≡]"  # the chest side, at once
        back = {"up": "down", "down": "up", "left": "right", "right": "left"}[direction]
        assert tile_text(grid, start, 1).strip() == ARROWS[back]  # and it may be stepped back onto
        assert board(app).status() == "Step 2 of 3 — arrow keys or click an arrow"
        await pilot.press("u")
        await settle(pilot)
        assert tile_text(grid, start) == before and session.view(0).pawns[0] == start


async def test_enter_does_nothing_before_the_third_step(tmp_path):
    app = treasure_app(tmp_path, "Ann,bot", seed=5, first_player=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        session = game_screen(app).host.session
        await pilot.press("enter")
        assert session.events[1:] == []
        for _ in range(3):
            await pilot.press(session.legal_moves()[0]["dir"])
        assert board(app).status() == "Press Enter to end your turn (or undo a step)"
        await pilot.press("enter")
        await settle(pilot)
        assert session.events[4] == {"type": "end", "seat": 0}
        assert session.to_act == 0 and session.state.steps == 0  # the bot moved, Ann again


async def test_the_hint_highlights_its_step(tmp_path):
    app = treasure_app(tmp_path, "Ann,bot", seed=5, first_player=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        session = game_screen(app).host.session
        move = session.legal_moves()[-1]
        board(app).hint(move)
        await pilot.pause()
        target = step_target(session.view(0).pawns[0], move["dir"])
        assert tile_text(board(app).query_one(TileGrid), target, 1).strip() == "★" + ARROWS[move["dir"]]


async def test_against_computers_the_human_sees_only_their_own_colour(tmp_path):
    app = treasure_app(tmp_path, "Ann,bot,bot,bot", seed=11, first_player=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        session = game_screen(app).host.session
        mine = COLOURS[session.state.colour_of[0]]
        for _ in range(3):  # rounds: Ann steps, the computers move in between
            for _ in range(3):
                assert colours_named(screen_text(app)) == {mine}
                await pilot.press(session.legal_moves()[0]["dir"])
            await pilot.press("enter")
            await settle(pilot)
        assert session.to_act == 0 and not session.over and session.state.turns == 12
        assert f"Your colour: {mine}" in screen_text(app)


async def test_pass_when_boxed_in_by_button_only_then():
    # Cy and Bob box Ann in at the top-left corner (setup from tests/treasure/helpers).
    header = treasure_header(3, first_player=1)
    moves = [("left", 1)] * 3 + [("end", 1)] + [("up", 2)] * 3 + [("end", 2)]
    events = [setup_event(3, first=1, pawns=[[0, 0], [0, 4], [4, 0]])] + [
        {"type": "step", "seat": seat, "dir": word} if word != "end" else {"type": "end", "seat": seat} for word, seat in moves
    ]
    app = Harness(header, events=events)
    async with app.run_test(size=(60, 22)) as pilot:
        await pilot.pause()
        assert app.board.status() == "Boxed in — press Enter to pass"
        for key in ("up", "down", "left", "right"):
            await pilot.press(key)
        assert len(app.session.events) == len(events)  # no step exists
        await pilot.click("#treasure-confirm")
        assert app.session.events[-1] == {"type": "pass", "seat": 0}
        await pilot.click("#treasure-confirm")  # Bob may step: the button does nothing now
        await pilot.click(TileGrid, offset=(2 * PITCH_X + 1, 2 * PITCH_Y))  # nor does a tile out of reach
        assert app.session.events[-1] == {"type": "pass", "seat": 0}


async def test_keys_typed_before_the_step_is_shown_are_not_lost(tmp_path):
    app = treasure_app(tmp_path, "Ann,bot", seed=5, first_player=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        session = game_screen(app).host.session
        first = session.legal_moves()[0]["dir"]
        back = {"up": "down", "down": "up", "left": "right", "right": "left"}[first]
        for direction in (first, back, first):  # three keys in one go, none shown yet
            board(app).action_step(direction)
        board(app).action_confirm()
        await settle(pilot)
        assert [event.get("dir") for event in session.events[1:5]] == [first, back, first, None]
        assert session.events[4] == {"type": "end", "seat": 0}


async def test_a_step_is_one_frame_as_an_undo_is(tmp_path):
    """The board used to draw the grid without its arrows first: a second frame ~16 ms later."""
    app = treasure_app(tmp_path, "Ann,bot", seed=5, first_player=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        direction = game_screen(app).host.session.legal_moves()[0]["dir"]
        await pilot.pause(0.1)
        frames = count_frames(app)
        await pilot.press(direction)
        await pilot.pause(0.1)
        assert frames == ["Step 2 of 3 — arrow keys or click an arrow"]
        frames.clear()
        await pilot.press("u")
        await pilot.pause(0.1)
        assert frames == ["Step 1 of 3 — arrow keys or click an arrow"]
