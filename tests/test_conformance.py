"""One battery every registered game passes, as OpenSpiel runs one random
simulation test on every game (see ``core.games.REGISTRY``).

For random games from many seeds, played at a table with undos and redos
mixed in: folding the record gives the live state; save → load gives the same
bytes; the rules accept exactly the legal moves (legal moves and mutations of
them tried on a copy); and for each perspective, two games that differ only
in what it cannot see give it the same update stream.  A new game needs a
hidden-information variant in ``tests/table/hidden.py``.
"""

from __future__ import annotations

import random

import pytest
from table import hidden
from table.helpers import Client

from kobito_tui.core.game import IllegalEvent
from kobito_tui.core.record import Record, fold, new_header
from kobito_tui.core.savefile import dumps, load, loads
from kobito_tui.games import game_ids, get_game
from kobito_tui.table import OMNISCIENT, SeatPerspective, Table

GAMES = 6  # random games per game id
PAIRS = 2  # seeds of hidden-information pairs per game id and player count


def _players(game_id: str) -> list[int]:
    game = get_game(game_id)
    return sorted({game.min_players, game.max_players})


def _header(game_id: str, seed: int):
    from kobito_tui.core.game import Seat

    game, rng = get_game(game_id), random.Random(seed)
    players = rng.randint(game.min_players, game.max_players)
    options = rng.choice(hidden.GAMES[game_id].options if game_id in hidden.GAMES else [{}])
    return new_header(game_id, tuple(Seat(f"P{i + 1}") for i in range(players)), options, seed=seed)


def _mutations(move: dict, legal: list[dict], rng: random.Random) -> list[dict]:
    """Moves close to ``move``: a field changed or dropped, another type."""
    out = [{**move, "type": other["type"]} for other in legal if other["type"] != move["type"]][:2]
    for key in move:
        if key == "type":
            continue
        values = [m[key] for m in legal if key in m and m[key] != move[key]]
        out += [{**move, key: value} for value in (99, -1, "x", None, [], *values[:2])]
        out.append({k: v for k, v in move.items() if k != key})
    return rng.sample(out, min(len(out), 6))


def _accepts(game, state, move: dict) -> bool:
    """Whether the rules take ``move`` now (tried on a copy; the seat must be the one to act)."""
    if move.get("seat") != game.to_act(state):
        return False
    try:
        game.apply(game.copy_state(state), move)
    except IllegalEvent:
        return False
    return True


@pytest.mark.parametrize("game_id", game_ids())
def test_random_games_fold_save_and_accept_exactly_the_legal_moves(game_id, tmp_path):
    game = get_game(game_id)
    for seed in range(GAMES):
        rng = random.Random(seed)
        path = tmp_path / f"{seed}.jsonl"
        table = Table(Record(_header(game_id, seed)), path, background_save=True, bot_delay=0)
        clients = [Client(table, SeatPerspective(s)) for s in range(table.players)]
        while not table.over:
            seat, state = table.to_act, table._session.state
            legal = list(clients[seat].last.legal)
            if rng.random() < 0.15:  # legal moves, and some near misses
                assert all(_accepts(game, state, m) for m in rng.sample(legal, min(len(legal), 8)))
                for near in _mutations(rng.choice(legal), legal, rng):
                    if near not in legal:
                        assert not _accepts(game, state, near), near
                        assert table.submit(seat, near, table.revision) is not None
                # The rules let an unknown field through; the table takes only the legal move itself.
                assert table.submit(seat, {**legal[0], "extra": 1}, table.revision).id == "illegal-move"
            if rng.random() < 0.1:
                table.undo(seat)
                if rng.random() < 0.5:
                    table.redo(seat)
                continue
            assert table.submit(seat, rng.choice(legal), table.revision) is None
        record = table._session.record
        live = Client(table, OMNISCIENT).last.view
        assert game.view(fold(game, record.header, record.events), None) == live
        text = dumps(record)
        table.flush()
        assert path.read_text(encoding="utf-8") == text
        assert dumps(loads(text)) == text and dumps(load(path)) == text


@pytest.mark.parametrize("game_id", game_ids())
def test_each_perspective_is_blind_to_what_it_cannot_see(game_id):
    if game_id not in hidden.GAMES:
        pytest.fail(f"{game_id}: add a hidden-information variant to tests/table/hidden.py")
    compared = 0
    for players in _players(game_id):
        for record, other, perspective in hidden.pairs(game_id, players, range(10, 10 + PAIRS)):
            updates = hidden.stream(record, perspective)
            assert updates is not None and updates == hidden.stream(other, perspective), perspective
            compared += 1
    assert compared >= len(_players(game_id)) * PAIRS
