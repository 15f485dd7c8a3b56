"""The seed must not foretell the game: new games draw chance from the OS and store no seed."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

from kobito_tui.bots import selfplay
from kobito_tui.core.game import Header
from kobito_tui.core.record import Record, new_header, parse_players, run_chance
from kobito_tui.core.savefile import dumps, header_line, load, loads, save
from kobito_tui.core.session import Session
from kobito_tui.games import get_game

EXAMPLES = Path(__file__).parents[2] / "saves"
SEED = 987654321  # distinctive: easy to spot anywhere it leaks


def kobito(seed=None, players="Ann,Bob,Cy"):
    return new_header("kobito", parse_players(players), seed=seed)


def test_a_new_game_stores_no_seed():
    header = kobito()
    assert header.seed is None
    assert '"seed":null' in header_line(header)
    record = Session(Record(header)).record
    assert loads(dumps(record)).header == header  # a file with "seed": null loads, byte for byte


def test_two_unseeded_games_with_identical_headers_deal_differently():
    header = kobito()
    first, second = Session(Record(header)), Session(Record(header))
    assert first.events[0]["deck"] != second.events[0]["deck"]


def test_a_seeded_game_is_reproducible(tmp_path):
    header = kobito(seed=42)
    first, second = Session(Record(header)), Session(Record(header))
    for session in (first, second):
        for _ in range(12):
            session.play(session.legal_moves()[0])
    assert first.events == second.events
    save(tmp_path / "g.jsonl", first.record)
    assert load(tmp_path / "g.jsonl").header.seed == 42  # and says so in its file


def test_an_old_file_with_a_seed_continues_as_before(tmp_path):
    """Files written before games went unseeded all carry a seed: cut one just before
    a chance event; loading it and playing on draws the very event it had."""
    text = (EXAMPLES / "kobito-2-players.jsonl").read_text()
    original = loads(text).events
    cut = next(i for i in range(2, len(original)) if "seat" not in original[i] and "seat" in original[i - 1])
    path = tmp_path / "old.jsonl"
    path.write_text("".join(text.splitlines(keepends=True)[: cut + 1]))
    session = Session(load(path), path=path)
    assert session.header.seed == 2026
    assert session.events[cut] == original[cut]


def test_a_header_made_public_hides_the_seed_and_nothing_else():
    header = kobito(seed=SEED)
    public = header.public()
    assert public.seed is None and header.seed == SEED
    assert dataclasses.replace(public, seed=SEED) == header


def _reachable(value, seen=None):
    """Every object reachable from ``value`` through containers and dataclass fields."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return
    seen.add(id(value))
    yield value
    if isinstance(value, dict):
        children = [*value.keys(), *value.values()]
    elif isinstance(value, (list, tuple, set, frozenset)):
        children = list(value)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        children = [getattr(value, f.name) for f in dataclasses.fields(value)]
    elif hasattr(value, "__dict__") and not isinstance(value, type):
        children = list(vars(value).values())
    else:
        children = []
    for child in children:
        yield from _reachable(child, seen)


def test_nothing_a_seat_sees_reveals_the_rng():
    for game_id, players in (("kobito", "Ann,Bob,Cy"), ("treasure", "Ann,Bob")):
        game = get_game(game_id)
        header = new_header(game_id, parse_players(players), seed=SEED)
        state, events, rng = game.new_state(header), [], random.Random(1)
        run_chance(game, header, state, events)
        for _ in range(40):
            if game.is_over(state):
                break
            move = rng.choice(game.legal_moves(state))
            game.apply(state, move)
            events.append(move)
            run_chance(game, header, state, events)
        for seat in range(header.players):
            told = (game.view(state, seat), [game.redact(event, seat) for event in events])
            for value in _reachable(told):
                assert not isinstance(value, (random.Random, Header))
            assert str(SEED) not in repr(told)


def test_self_play_bots_get_the_public_header(monkeypatch):
    headers = []
    real = selfplay.make_bot

    class Spy:
        def __init__(self, bot):
            self.bot = bot

        def choose(self, game, header, view, legal, history):
            headers.append(header)
            return self.bot.choose(game, header, view, legal, history)

    monkeypatch.setattr(selfplay, "make_bot", lambda *args: Spy(real(*args)))
    selfplay.play_game("treasure", ["random", "random"], SEED, 0.01, {"turn_limit": 5})
    assert headers and all(header.seed is None for header in headers)


def test_a_deal_made_on_opening_is_saved_so_reopening_never_deals_again(tmp_path):
    """A file that ends where chance must act (a branch from the replay viewer):
    what chance deals on opening it is written at once, not dealt anew next time."""
    header = kobito()
    record = Session(Record(header)).record
    path = tmp_path / "g.jsonl"
    save(path, Record(header, []))  # before the setup deal
    dealt = Session(load(path), path=path).events
    assert load(path).events == dealt and Session(load(path), path=path).events == dealt
    assert record.events != dealt  # (an unseeded game: another opening would have dealt anew)
