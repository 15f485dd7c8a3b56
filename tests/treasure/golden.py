"""Digests of random Hide the Treasure games, to hold a rewritten engine to the old one.

A game's digest covers its events, its result and the final views of every
seat; a *described* game's covers, event by event, the log messages for the
whole table, a spectator and seat 0 and the view of the seat to act.  The
digests in ``golden.json`` were written by the engine of commit 21664ea:

    git worktree add --detach /tmp/tbase 21664ea
    PYTHONPATH=/tmp/tbase .venv/bin/python tests/treasure/golden.py > tests/treasure/golden.json
"""

from __future__ import annotations

import hashlib
import json
import random

from kobito_tui.core.game import SPECTATOR, Header, Seat
from kobito_tui.core.randomplay import random_game
from kobito_tui.treasure import GAME

SEEDS = range(40)
DESCRIBED = range(4)  # the seeds whose every message and view is digested too
CONFIGS = [
    {"variant": variant, "shared_pawn": shared, **extra}
    for variant in ("standard", "seek")
    for shared in (False, True)
    for extra in ({}, {"turn_limit": 3})
]


def header(players: int, options: dict, seed: int) -> Header:
    seats = tuple(Seat(f"P{n}") for n in range(players))
    return Header("treasure", seats, GAME.normalize_options(dict(options), players), seed, "", "")


def digest(players: int, options: dict, seed: int) -> str:
    """The digest of one random game (described, for a seed in ``DESCRIBED``)."""
    record, final = random_game(GAME, header(players, options, seed), random.Random(seed))
    seats = [None, SPECTATOR, *range(players)]
    parts = [json.dumps(record.events, sort_keys=True), repr(GAME.result(final))]
    parts += [repr(GAME.view(final, seat)) for seat in seats]
    if seed in DESCRIBED:
        state = GAME.new_state(record.header)
        for event in record.events:
            parts += [repr(GAME.describe(state, event, seat)) for seat in (None, SPECTATOR, 0)]
            parts.append(repr(GAME.redact(event, 0)))
            GAME.apply(state, event)
            parts.append(repr(GAME.view(state, GAME.to_act(state))))
    said = "\n".join(parts).replace(", left=[])", ")")  # the old engine's results (in views too) had no one leaving
    return hashlib.sha256(said.encode()).hexdigest()[:16]


def key(players: int, options: dict) -> str:
    return f"{players}:{json.dumps(options, sort_keys=True)}"


def digests() -> dict[str, list[str]]:
    return {key(players, options): [digest(players, options, seed) for seed in SEEDS] for players in (2, 3, 4) for options in CONFIGS}


if __name__ == "__main__":
    lines = [f" {json.dumps(name)}: {json.dumps(found)}" for name, found in digests().items()]
    print("{\n" + ",\n".join(lines) + "\n}")
