"""A mutation fuzzer for save files: every mutant of a valid record is either
refused with a SaveError naming a line of the file, or loads as a legal game:
each move one the rules list as legal when it is made, the fold equal to that
live replay, and the game resumable (Continue) and saved back unchanged."""

import json
import random
from functools import cache

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import Record, fold, new_header, parse_players
from kobito_tui.core.savefile import SaveError, dumps, loads
from kobito_tui.core.session import Session
from kobito_tui.games import get_game

GAMES = [
    ("kobito", "Ann,Bob", {}),
    ("kobito", "Ann,Bob,bot:strong", {"refill": "as-played", "special_start": "discard"}),
    ("treasure", "Ann,Bob", {}),
    ("treasure", "Ann,Bob,Cy", {"variant": "seek"}),
    ("treasure", "Ann,bot:random", {"shared_pawn": True, "turn_limit": 3}),
]

# Values that rules, keys and parsers care about: numbers at the edges, card and
# direction names, positions, and shapes the events use.
VALUES = [
    0,
    1,
    -1,
    2,
    3,
    5,
    7,
    12,
    2**63,
    1.0,
    0.5,
    True,
    False,
    None,
    "",
    "x",
    "left",
    "right",
    "up",
    "down",
    "1a",
    "12g",
    "K1",
    "P3",
    "G3-2a",
    "red",
    ["red", "ring"],
    [0, 0],
    [4, 4],
    [0, 5],
    [],
    ["1a", "1a"],
    {},
    [[0, 0]],
    {"type": "end"},
    "\x1b[2J",
    "\u202e",
    "random",
    "bot",
]
KEYS = [
    "type",
    "seat",
    "card",
    "cards",
    "pot",
    "end",
    "from",
    "rainbow",
    "kobito",
    "penalty",
    "deck",
    "gold",
    "first",
    "slot",
    "start",
    "depth",
    "player",
    "tiles",
    "colours",
    "pawns",
    "pos",
    "tile",
    "dir",
    "corner",
    "name",
    "kind",
    "level",
    "options",
    "seed",
    "extra",
    "Type",
    "",
]
BYTES = b'{}[]",:\\0 \n\r\t\x00\x1b\xff\xc3e-.'


@cache
def valid_file(index: int) -> bytes:
    game_id, players, options = GAMES[index]
    header = new_header(game_id, parse_players(players), options, seed=index)
    record, _ = random_game(get_game(game_id), header, random.Random(index))
    return dumps(Record(header, record.events[:150])).encode()


def compact(value) -> bytes:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


# --- mutations: each takes the file's bytes and a draw function -----------------------------------


def flip_bit(data: bytes, draw) -> bytes:
    at = draw(st.integers(0, len(data) - 1))
    return data[:at] + bytes([data[at] ^ (1 << draw(st.integers(0, 7)))]) + data[at + 1 :]


def insert_bytes(data: bytes, draw) -> bytes:
    at = draw(st.integers(0, len(data)))
    inserted = draw(st.binary(min_size=1, max_size=3) | st.sampled_from([bytes([b]) for b in BYTES]))
    return data[:at] + inserted + data[at:]


def delete_bytes(data: bytes, draw) -> bytes:
    at = draw(st.integers(0, len(data) - 1))
    return data[:at] + data[at + draw(st.integers(1, 12)) :]


def edit_lines(data: bytes, draw) -> bytes:
    lines = data.split(b"\n")[:-1]
    at = draw(st.integers(0, len(lines) - 1))
    how = draw(st.sampled_from(["delete", "duplicate", "swap", "cut", "blank"]))
    if how == "delete":
        del lines[at]
    elif how == "duplicate":
        lines.insert(at, lines[at])
    elif how == "swap":
        other = draw(st.integers(0, len(lines) - 1))
        lines[at], lines[other] = lines[other], lines[at]
    elif how == "cut":  # at a line boundary: an unfinished game
        del lines[at + 1 :]
    else:
        lines[at] = b""
    return b"\n".join(lines) + b"\n"


def parsed(line: bytes):
    try:
        return json.loads(line)
    except ValueError:
        return None


def edit_json(data: bytes, draw) -> bytes:
    """Rename, drop, add, duplicate or change one key of one line's object."""
    lines = data.split(b"\n")[:-1]
    at = draw(st.integers(0, len(lines) - 1))
    obj = parsed(lines[at])
    if not isinstance(obj, dict):
        return data  # an earlier mutation broke this line
    inner = [value for value in [*obj.get("seats", []), obj.get("options")] if isinstance(value, dict)]
    target = draw(st.sampled_from([obj, *inner]))  # the event, or (header) a seat or the options
    keys = list(target)
    key = draw(st.sampled_from(keys)) if keys else "type"
    how = draw(st.sampled_from(["rename", "drop", "add", "value", "borrow", "duplicate"]))
    if how == "duplicate":
        again = b'"' + key.encode() + b'":' + compact(draw(st.sampled_from(VALUES)))
        lines[at] = lines[at].replace(b"{", b"{" + again + b",", 1)
        return b"\n".join(lines) + b"\n"
    if how == "rename" and keys:
        target[draw(st.sampled_from(KEYS))] = target.pop(key)
    elif how == "drop" and keys:
        del target[key]
    elif how == "add":
        target[draw(st.sampled_from(KEYS))] = draw(st.sampled_from(VALUES))
    elif how == "borrow":  # a plausible value: the same key's value on another line
        others = [line for line in lines[1:] if b'"' + key.encode() + b'":' in line]
        other = parsed(draw(st.sampled_from(others))) if others else None
        target[key] = other.get(key) if isinstance(other, dict) else None
    else:
        target[key] = draw(st.sampled_from(VALUES))
    lines[at] = compact(obj)
    return b"\n".join(lines) + b"\n"


MUTATIONS = [flip_bit, insert_bytes, delete_bytes, edit_lines, edit_json]


@st.composite
def mutants(draw) -> bytes:
    data = valid_file(draw(st.integers(0, len(GAMES) - 1)))
    for mutate in draw(st.lists(st.sampled_from(MUTATIONS), min_size=1, max_size=3)):
        if not data.endswith(b"\n") or data.count(b"\n") < 2:
            break  # later line and JSON edits need whole lines
        data = mutate(data, draw)
    return data


def assert_legal_game(record: Record) -> None:
    """Replayed live, each move is one the rules offered; the fold is that state."""
    game = record.game
    state = game.new_state(record.header)
    for item in record.events:
        if "seat" in item:
            assert item["seat"] == game.to_act(state)
            assert item in game.legal_moves(state)
        game.apply(state, item)
    assert fold(game, record.header, record.events) == state
    assert loads(dumps(record)).events == record.events
    Session(record)  # Continue: the rules deal any chance event still due


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=mutants())
def test_every_mutant_is_refused_at_a_line_or_is_a_legal_game(data):
    try:
        record = loads(data, "mutant.jsonl")
    except SaveError as error:
        event("refused")  # --hypothesis-show-statistics shows the share
        assert 1 <= error.line <= data.count(b"\n") + 1
        assert str(error).startswith(f"mutant.jsonl:{error.line}: ")
        return
    event("loads")
    assert_legal_game(record)


def test_every_cut_at_a_line_boundary_is_an_unfinished_game():
    for index in range(len(GAMES)):
        lines = valid_file(index).split(b"\n")[:-1]
        for cut in range(1, len(lines) + 1, 7):
            assert_legal_game(loads(b"\n".join(lines[:cut]) + b"\n"))
