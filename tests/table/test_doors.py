"""Every door out of the table tells a perspective the same whether or not what
it cannot see differs: updates (view, legal moves, history, log, header),
refusals, hints and what a computer is given."""

from __future__ import annotations

from dataclasses import replace

import pytest

from kobito_tui.core.record import Record
from kobito_tui.table import ComputerSeat, SeatPerspective, Table

from .helpers import Client
from .hidden import pairs, perspectives, random_record, stream
from .test_computer import Recorder, wait_for

GAMES = [("kobito", 2), ("kobito", 4), ("treasure", 2), ("treasure", 3)]


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_update_streams_are_blind_to_what_is_hidden(game_id, players):
    compared = 0
    for record, other, perspective in pairs(game_id, players, range(3)):
        for late in (False, True):
            updates = stream(record, perspective, late)
            assert updates is not None and updates == stream(other, perspective, late)
        compared += 1
    assert compared >= 2 * players


def _tables(record: Record, other: Record) -> list[Table]:
    return [Table(r, bot_delay=0, hint_level="greedy") for r in (record, other)]


def _requests(table: Table, seat: int) -> list:
    """Requests of ``seat`` the table refuses, and its answers."""
    legal = Client(table, SeatPerspective(table.to_act)).last.legal if table.to_act is not None else ()
    move = dict(legal[0]) if legal else {"type": "pass"}
    waiting = seat if seat != table.to_act else (seat + 1) % table.players
    answers = [
        table.submit(waiting, {**move, "seat": waiting}, table.revision),
        table.submit(seat, move, table.revision + 1),
        table.submit(seat, {**move, "type": "no-such-move"}, table.revision),
        table.undo(seat),
        table.redo(seat),
    ]
    assert None not in answers and table.revision == 0
    return answers


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_refusals_hints_and_computers_are_blind_to_what_is_hidden(game_id, players):
    hinted = 0
    for record, other, perspective in pairs(game_id, players, range(3)):
        if not isinstance(perspective, SeatPerspective):
            continue
        seat = perspective.seat
        tables = _tables(record, other)
        assert _requests(tables[0], seat) == _requests(tables[1], seat)
        if tables[0].to_act == seat:
            hints = [t.hint(seat).result(timeout=10).move for t in _tables(record, other)]
            assert hints[0] == hints[1]
            asked = []
            for table in _tables(record, other):
                bot = Recorder()
                computer = ComputerSeat(table, seat, bot)
                wait_for(lambda bot=bot: bot.asked)
                computer.close()
                asked.append(bot.asked[0])
            assert asked[0] == asked[1]
            hinted += 1
    assert hinted >= 1


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_the_seed_never_shows(game_id, players):
    """Two tables that differ only in their seed (and so in every shuffle to come)
    give every perspective the same picture."""
    record = random_record(game_id, players, 4)
    cut = record.events[: len(record.events) // 2]
    tables = [Table(Record(replace(record.header, seed=seed), list(cut)), bot_delay=0) for seed in (1, 2)]
    for perspective in perspectives(players):
        first, second = (Client(t, perspective).last for t in tables)
        assert first == second and first.header.seed is None


def test_no_other_seat_learns_whether_the_seat_to_act_is_stuck():
    """Kobito's penalty_due says whether the acting seat has a card it can play:
    only that seat may see it (it leaked to every seat before the table)."""
    import random

    from kobito_tui.table import PUBLIC

    from .helpers import new_table

    stuck = 0
    for seed in range(3):
        table = new_table("kobito", players=3, seed=seed)
        clients = [Client(table, p) for p in (*map(SeatPerspective, range(3)), PUBLIC)]
        rng = random.Random(seed)
        while not table.over:
            acting = table.to_act
            stuck += clients[acting].last.view.penalty_due > 0
            assert all(c.last.view.penalty_due is None for i, c in enumerate(clients) if i != acting)
            table.submit(acting, rng.choice(clients[acting].last.legal), table.revision)
    assert stuck >= 3
