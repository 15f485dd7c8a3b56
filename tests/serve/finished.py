"""Finished tables for the history's tests: seatings as the lobby keeps them, games played to the end."""

from __future__ import annotations

import random
from typing import Any

from kobito_tui.core.game import Seat
from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import Record, new_header
from kobito_tui.games import get_game
from kobito_tui.serve.store_api import OVER

PEOPLE = ("key:SHA256:" + "A" * 43, "key:SHA256:" + "B" * 43, "web:" + "c" * 32, "key:SHA256:" + "D" * 43, "guest:" + "e" * 16)
NAMES = {PEOPLE[0]: "Ann", PEOPLE[1]: "Bob", PEOPLE[2]: "Cy", PEOPLE[3]: "Dee", PEOPLE[4]: "Eve"}
MAX_PLAYERS = {"kobito": 6, "treasure": 4}


def chair(who: str) -> dict[str, Any]:
    """A chair of the lobby's seating: a person by identity, or ``computer:LEVEL``."""
    if who.startswith("computer:"):
        return {"kind": "computer", "identity": "", "name": "", "level": who.removeprefix("computer:"), "code": ""}
    code = "apple-berry-cedar-dune-elm-fig" if who.startswith("guest:") else ""
    return {"kind": "player", "identity": who, "name": NAMES.get(who, "Zed"), "level": None, "code": code}


def seating(game: str, seats: list[str], rated: bool | None = None) -> list[dict[str, Any]]:
    meta: dict[str, Any] = {"game": game, "options": {}, "creator": seats[0], "creator_name": "x", "address": ""}
    if rated is not None:
        meta["rated"] = rated
    return [{"meta": meta}] + [chair(who) for who in seats]


def played(game: str, seats: list[str], seed: int) -> Record:
    """A whole game of random moves for ``seats`` (seeded: the same game every time)."""
    header = new_header(
        game, tuple(Seat("", "bot", w.split(":")[1]) if w.startswith("computer:") else Seat(NAMES.get(w, "Zed")) for w in seats), seed=seed
    )
    return random_game(get_game(game), header, random.Random(seed))[0]


def finish(store, table_id: str, game: str, seats: list[str], seed: int, rated: bool | None = None) -> None:
    """Make, play and finish ``table_id`` in ``store``, as the hub would."""
    record = played(game, seats, seed)
    kept = seating(game, seats, rated)
    store.start(table_id, kept, record.header, record.events)
    store.set_status(table_id, OVER)
