"""The strong level's search: worlds, the round played out, and fairness."""

from __future__ import annotations

import dataclasses
import random

import pytest

from kobito_tui.bots import make_bot
from kobito_tui.bots.treasure_model import Layout, Path, PublicGame
from kobito_tui.bots.treasure_search import RoundSearch, World, learn, worlds
from kobito_tui.treasure.board import NEIGHBOURS

from .positions import positions, rehide_treasure

STRIPES = Layout.of([p // 5 for p in range(25)])  # row r is all colour r


def path_through(*cells: int) -> Path:
    dirs = tuple(next(d for d, t in NEIGHBOURS[a].items() if t == b) for a, b in zip(cells, cells[1:]))
    return Path(dirs, cells)


def table(board: int, pawns: list[int]) -> PublicGame:
    """A two-player table on the striped layout, with no turns seen yet."""
    return PublicGame(STRIPES, board, pawns, False, 2)


def test_worlds_deal_distinct_colours_never_the_own_likeliest_first():
    beliefs = {1: [0, 0.7, 0.1, 0.1, 0.1], 2: [0, 0.1, 0.7, 0.1, 0.1], 3: [0, 0.25, 0.25, 0.25, 0.25]}
    found = worlds(beliefs, seat=0, mine=0, players=4, mass=1.0, most=24)
    assert len(found) == 24 and sum(w.weight for w in found) == pytest.approx(1.0)
    assert all(w.colours[0] == 0 and len(set(w.colours)) == 4 for w in found)
    assert found[0].colours[1:3] == (1, 2)
    assert len(worlds(beliefs, seat=0, mine=0, players=4, mass=0.5)) < 24  # unlikely deals are dropped


def test_turning_back_a_colour_about_to_be_completed_beats_racing():
    # Row 1 (the opponent's colour in this world) has four chests; its pawn can finish it next turn.
    search = RoundSearch(table(0b01111 << 5, [0, 14]), seat=0, mine=0, rng=random.Random(1))
    world = World.laid(1.0, (0, 1), STRIPES.colour_of)
    race = path_through(0, 1, 2, 3)  # three own tiles turned
    defend = path_through(0, 5, 6, 7)  # one own tile, and two of theirs turned back
    assert search.outcome(race, world) == 0.0
    assert search.outcome(defend, world) > 0.0


def test_completing_a_colour_someone_holds_loses_and_one_nobody_holds_does_not():
    search = RoundSearch(table(0b01111 << 5, [4, 24]), seat=0, mine=0, rng=random.Random(1))
    finish_row_1 = path_through(4, 9, 14, 13)
    assert search.outcome(finish_row_1, World.laid(1.0, (0, 1), STRIPES.colour_of)) == 0.0
    assert search.outcome(finish_row_1, World.laid(1.0, (0, 2), STRIPES.colour_of)) > 0.0


def test_a_path_that_wins_now_is_worth_more_than_any_other():
    search = RoundSearch(table(0b01111, [9, 24]), seat=0, mine=0, rng=random.Random(1))
    assert search.value(path_through(9, 4, 3, 2)) > 1.0  # stepping off 4 completes row 0


@pytest.mark.parametrize("options", [{"variant": "seek"}, {"shared_pawn": True}, {}])
def test_strong_decides_the_same_whatever_the_hidden_world(options, monkeypatch):
    """Other seats' colours dealt anew, and another header seed (in seek it
    decides the tiles still unseen): the same decision from the same bot seed.
    In seek the bot imagines 4 layouts of the unseen tiles, not 32: the same
    search over fewer samples (tests/bots/test_fairness.py says why that is enough)."""
    monkeypatch.setattr(RoundSearch, "LAYOUTS", 4)
    checked = 0
    for game, header, state, events in positions("treasure", seed=3, every=5, options=options):
        seat = game.to_act(state)
        if seat is None or len(game.legal_moves(state)) == 1:
            continue
        other = rehide_treasure(state, seat)
        assert game.view(other, seat) == game.view(state, seat) and other.colour_of != state.colour_of
        choices = []
        for world, head in ((state, header), (other, dataclasses.replace(header, seed=header.seed + 1))):
            history = [game.redact(event, seat) for event in events]
            bot = make_bot("treasure", "strong", 7, budget_s=30)  # the search always completes
            choices.append(bot.choose(game, head, game.view(world, seat), game.legal_moves(world), history))
        assert choices[0] == choices[1]
        checked += 1
        if checked == 4:
            break
    assert checked == 4


def seek_table(board: int, pawns: list[int]) -> PublicGame:
    """Two players on the striped layout, seek: two tiles unseen, 4 and 24
    (one is colour 0's last tile, the other colour 4's)."""
    colours = list(STRIPES.colour_of)
    colours[4] = colours[24] = None
    return PublicGame(Layout.of(colours), board, pawns, False, 2)


def test_seek_a_world_lays_the_unseen_tiles_and_turning_up_the_last_one_completes_it():
    ready = 0b01111 | 0b1111 << 20  # every known tile of colours 0 and 4 turned up
    search = RoundSearch(seek_table(ready, [9, 12]), seat=0, mine=0, rng=random.Random(1))
    assert {world.tiles[4] for world in search.worlds} == {0, 4}  # each layout agrees with what is known
    assert all(sorted(world.tiles) == sorted(STRIPES.colour_of) for world in search.worlds)
    turn_up_4 = path_through(9, 4, 3, 8)  # flips 9, then the unseen 4, then 3 back
    mine_there = World.laid(1.0, (0, 1), tuple(STRIPES.colour_of))
    theirs_there = World.laid(1.0, (0, 4), tuple(STRIPES.colour_of[:4]) + (4,) + tuple(STRIPES.colour_of[5:24]) + (0,))
    assert search.outcome(turn_up_4, mine_there) == 1.0  # colour 0 complete right after 4 turns up
    assert search.outcome(turn_up_4, theirs_there) == 0.0  # ...or colour 4 complete, the opponent's


def test_seek_turning_up_an_unseen_tile_wins_in_every_layout_where_it_is_the_own_last():
    search = RoundSearch(seek_table(0b01111, [14, 20]), seat=0, mine=0, rng=random.Random(1))
    turn_up_4 = path_through(14, 9, 4, 3)  # 14 and 9 are colours 2 and 1; then the unseen 4 turns up
    mine_at_4 = sum(world.weight for world in search.worlds if world.tiles[4] == 0)
    assert 0 < mine_at_4 < 1
    assert search.value(turn_up_4) >= mine_at_4


def test_a_tile_turned_up_and_back_in_one_path_is_learnt():
    known = seek_table(0, [9, 12]).layout  # 4 and 24 unseen
    there_and_back = path_through(4, 3, 4, 9)  # steps off the unseen 4 twice: it shows, then hides again
    world = World.laid(1.0, (0, 4), tuple(STRIPES.colour_of))
    assert learn(known, there_and_back, world).colour_of[4] == 0
    assert learn(known, there_and_back, world).colour_of[24] is None
