"""Games that differ only in what one perspective cannot see, and the update
streams a table sends that perspective while they are played.

A *variant* of a record keeps every event as the perspective knows it
(``redact``) and changes what it does not: in Kobito the identity of every
card it never sees, in Hide the Treasure the other seats' colours.  The table
replays the record's own moves; its chance events must come out as the
variant's (checked), so both games really are the ones compared.

Each game's fixtures are one :class:`Hidden` in :data:`GAMES` (a new game adds one
line: its rule variants and how to change what a perspective cannot see).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kobito_tui.core.game import Seat
from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import EventError, Record, fold, new_header
from kobito_tui.games import get_game
from kobito_tui.table import PUBLIC, Perspective, SeatPerspective, Table, Update
from kobito_tui.treasure.board import COLOURS


def random_record(game_id: str, players: int, seed: int, options: dict | None = None) -> Record:
    seats = tuple(Seat(f"P{i + 1}") for i in range(players))
    header = new_header(game_id, seats, options, seed=seed)
    return random_game(get_game(game_id), header, random.Random(seed), max_events=5_000)[0]


def perspectives(players: int) -> list[Perspective]:
    return [*(SeatPerspective(s) for s in range(players)), PUBLIC]


def opening(record: Record) -> int:
    """The number of events before the first move: the chance events that set the table up."""
    return next(i for i, event in enumerate(record.events) if "seat" in event)


def _rename(value: Any, names: dict[str, str]) -> Any:
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [_rename(v, names) for v in value]
    if isinstance(value, dict):
        return {k: _rename(v, names) for k, v in value.items()}
    return value


def _strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, (list, dict)):
        return set().union(*map(_strings, value.values() if isinstance(value, dict) else value))
    return set()


def _kobito_kind(name: str, exact: bool) -> str:
    """Cards that may trade identities: same-number copies (``exact``), else any
    rainbow card with any other, and gold cards among themselves."""
    gold = name.startswith("G")
    if not exact:
        return "gold" if gold else "rainbow"
    return name[:-1] if gold or name[0].isdigit() else name[0]


def _kobito_variant(record: Record, perspective: Perspective, rng: random.Random) -> list:
    """Every card (and gold card) the perspective never sees gets another's identity."""
    game = record.game
    seen = set().union(*(_strings(game.redact(e, perspective.engine_seat)) for e in record.events))
    hidden = sorted(_strings(record.events[0]) - seen)  # the setup names every card once
    exact = rng.random() < 0.5  # same-number copies only: always a valid game
    groups: dict[str, list[str]] = {}
    for name in hidden:
        groups.setdefault(_kobito_kind(name, exact), []).append(name)
    names: dict[str, str] = {}
    for group in groups.values():
        shuffled = group[:]
        rng.shuffle(shuffled)
        names.update(zip(group, shuffled))
    return [_rename(e, names) for e in record.events]


def _treasure_variant(record: Record, perspective: Perspective, rng: random.Random) -> list:
    """The seats other than the perspective's hold other colours (never its own)."""
    setup, *rest = record.events
    colours = setup["colours"]
    mine = perspective.seat if isinstance(perspective, SeatPerspective) else None
    free = [c for c in COLOURS if mine is None or c != colours[mine]]
    rng.shuffle(free)
    others = iter(free)
    changed = [c if seat == mine else next(others) for seat, c in enumerate(colours)]
    return [{**setup, "colours": changed}, *rest]


@dataclass(frozen=True)
class Hidden:
    """One game's fixtures: rule ``options`` to play (a few, so each gets played), the
    ``variant`` of a record that a perspective cannot tell from it, and whether the
    game's end shows everything (then the last move is never compared)."""

    options: list[dict[str, Any]]
    variant: Callable[[Record, Perspective, random.Random], list]
    end_shows_all: bool = False


GAMES: dict[str, Hidden] = {
    "kobito": Hidden([{}, {"refill": "as-played"}, {"special_start": "discard"}], _kobito_variant),
    "treasure": Hidden([{}, {"variant": "seek"}, {"shared_pawn": True}], _treasure_variant, end_shows_all=True),
}


def horizon(record: Record, rng: random.Random) -> int:
    """How many events to compare: a cut just before a move (so the chance events
    each move calls for are all in), past the first third of the game; at most
    the whole game (a game whose end shows everything: up to its last move)."""
    cuts = [i for i, e in enumerate(record.events) if "seat" in e]
    if not GAMES[record.header.game].end_shows_all:
        cuts.append(len(record.events))
    return rng.choice(cuts[len(cuts) // 3 :])


def pair(record: Record, perspective: Perspective, rng: random.Random, tries: int = 8) -> tuple[Record, Record] | None:
    """``record`` cut at its :func:`horizon`, and a different game that
    ``perspective`` cannot tell from it; None if none was found in ``tries``."""
    game = record.game
    for _ in range(tries):
        end = horizon(record, rng)
        cut = Record(record.header, record.events[:end])
        events = GAMES[record.header.game].variant(cut, perspective, rng)
        if events == cut.events:
            continue
        try:
            state = fold(game, record.header, events)
        except EventError:
            continue
        if not game.is_over(state) or end == len(record.events):
            return cut, Record(record.header, events)
    return None


def stream(record: Record, perspective: Perspective, late: bool = False) -> list[Update] | None:
    """The updates a table sends ``perspective`` while the moves of ``record`` after
    its opening are submitted one by one; None if the table's chance events
    come out other than the record's (it then is not that game).  Every third
    move is taken back and played again where the rules allow; ``late``
    subscribes after the first few moves instead of at once."""
    start = opening(record)
    table = Table(Record(record.header, list(record.events[:start])), bot_delay=0)
    updates: list[Update] = []
    moves = [e for e in record.events[start:] if "seat" in e]
    join = len(moves) // 3 if late else 0
    for number, move in enumerate(moves):
        if number == join:
            table.subscribe(perspective, updates.append)
        refusal = table.submit(move["seat"], move, table.revision)
        assert refusal is None, (refusal, move)
        if number % 3 == 0 and table.undo(move["seat"]) is None:
            assert table.redo(move["seat"]) is None
    produced = table._session.events  # the test checks the table's own record
    return updates if produced[: len(record.events)] == record.events else None


def pairs(game_id: str, players: int, seeds: range):
    """(record, variant, perspective) for every perspective of a random game per seed."""
    for seed in seeds:
        options = GAMES[game_id].options
        record = random_record(game_id, players, seed, options[seed % len(options)])
        for perspective in perspectives(players):
            found = pair(record, perspective, random.Random(seed))
            if found is not None:
                yield *found, perspective
