"""The engine plays every random game exactly as the engine of commit 21664ea did:
the same events, result, views and messages (digests in ``golden.json``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.treasure.golden import CONFIGS, SEEDS, digest, key

GOLDEN = json.loads((Path(__file__).parent / "golden.json").read_text())


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", CONFIGS, ids=lambda options: key(0, options)[2:])
def test_random_games_match_the_old_engine(players, options):
    expected = GOLDEN[key(players, options)]
    found = [digest(players, options, seed) for seed in SEEDS]
    assert [seed for seed in SEEDS if found[seed] != expected[seed]] == []
