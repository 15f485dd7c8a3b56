"""The engine plays exactly as before: random games from fixed seeds produce the
very same records (every chance event, every legal-move list in the same order,
since a random player picks by index).  Speed work on the engine must keep these.

The hashes were made at commit 4d6f0c6, before the engine was tuned for speed.
A change of rules, of move order or of chance changes them on purpose only.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from kobito_tui.core.randomplay import random_game
from kobito_tui.kobito import GAME

from .helpers import header

VARIANTS = {
    "default": {},
    "as-played, discard": {"refill": "as-played", "special_start": "discard"},
    "no stalemate, shared ties": {"stalemate": False, "tie": "shared", "first_player": 1},
    "short table": {"gold_table": {"3": [1, 2], "4": [3], "9": [9, 9]}},
}
PINNED = {
    "default": "5ba501cea480bfbb",
    "as-played, discard": "b9a2c30617fa8ccc",
    "no stalemate, shared ties": "1a66295b6c44536e",
    "short table": "e5ee6f831bf7016d",
}


def digest(variant: str) -> str:
    """One hash over the events and results of random 2-, 3-, 4- and 6-player games."""
    played = []
    for players in (2, 3, 4, 6):
        for seed in (1, 2, 3):
            record, state = random_game(GAME, header(players, seed, **VARIANTS[variant]), random.Random(seed))
            result = GAME.result(state)
            played.append([record.events, result.scores, result.winners])
    return hashlib.sha256(json.dumps(played, sort_keys=True).encode()).hexdigest()[:16]


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_random_games_are_the_same_as_before(variant):
    assert digest(variant) == PINNED[variant]
