"""The strong level's search: worlds, the round played out, and fairness."""

from __future__ import annotations

import dataclasses

import pytest

from kobito_tui.bots import make_bot
from kobito_tui.bots.treasure_model import Layout, Path, Table
from kobito_tui.bots.treasure_search import RoundSearch, World, worlds
from kobito_tui.treasure.board import NEIGHBOURS

from .positions import positions, rehide_treasure

STRIPES = Layout.of([p // 5 for p in range(25)])  # row r is all colour r


def path_through(*cells: int) -> Path:
    dirs = tuple(next(d for d, t in NEIGHBOURS[a].items() if t == b) for a, b in zip(cells, cells[1:]))
    return Path(dirs, cells)


def table(board: int, pawns: list[int]) -> Table:
    """A two-player table on the striped layout, with no turns seen yet."""
    return Table(STRIPES, board, pawns, False, 2)


def test_worlds_deal_distinct_colours_never_the_own_likeliest_first():
    beliefs = {1: [0, 0.7, 0.1, 0.1, 0.1], 2: [0, 0.1, 0.7, 0.1, 0.1], 3: [0, 0.25, 0.25, 0.25, 0.25]}
    found = worlds(beliefs, seat=0, mine=0, players=4, mass=1.0, most=24)
    assert len(found) == 24 and sum(w.weight for w in found) == pytest.approx(1.0)
    assert all(w.colours[0] == 0 and len(set(w.colours)) == 4 for w in found)
    assert found[0].colours[1:3] == (1, 2)
    assert len(worlds(beliefs, seat=0, mine=0, players=4, mass=0.5)) < 24  # unlikely deals are dropped


def test_turning_back_a_colour_about_to_be_completed_beats_racing():
    # Row 1 (the opponent's colour in this world) has four chests; its pawn can finish it next turn.
    search = RoundSearch(table(0b01111 << 5, [0, 14]), seat=0, mine=0)
    world = World(1.0, (0, 1))
    race = path_through(0, 1, 2, 3)  # three own tiles turned
    defend = path_through(0, 5, 6, 7)  # one own tile, and two of theirs turned back
    assert search.outcome(race, world) == 0.0
    assert search.outcome(defend, world) > 0.0


def test_completing_a_colour_someone_holds_loses_and_one_nobody_holds_does_not():
    search = RoundSearch(table(0b01111 << 5, [4, 24]), seat=0, mine=0)
    finish_row_1 = path_through(4, 9, 14, 13)
    assert search.outcome(finish_row_1, World(1.0, (0, 1))) == 0.0
    assert search.outcome(finish_row_1, World(1.0, (0, 2))) > 0.0


def test_a_path_that_wins_now_is_worth_more_than_any_other():
    search = RoundSearch(table(0b01111, [9, 24]), seat=0, mine=0)
    assert search.value(path_through(9, 4, 3, 2)) > 1.0  # stepping off 4 completes row 0


@pytest.mark.parametrize("options", [{"variant": "seek"}, {"shared_pawn": True}, {}])
def test_strong_decides_the_same_whatever_the_hidden_world(options):
    """Other seats' colours dealt anew, and another header seed (in seek it
    decides the tiles still unseen): the same decision from the same bot seed."""
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
