"""The example games shipped in ``saves/``: finished random games with fixed seeds.

Regenerate them (after a change to an engine's events) with
``python -m kobito_tui.core.examples saves``; the same code gives the same bytes.
"""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from pathlib import Path

from kobito_tui.core.games import get_game
from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import Record, new_header, parse_players
from kobito_tui.core.savefile import save

CREATED = "2026-11-30T09:00:00Z"

# file name: (game, players, options, seed) — one per game and variant at least.
EXAMPLES = {
    "kobito-2-players.jsonl": ("kobito", "Ann,Bob", {}, 2026),
    "kobito-4-players.jsonl": ("kobito", "Ann,Bob,Cy,Dee", {}, 2026),
    "kobito-as-played.jsonl": ("kobito", "Ann,Bob,Cy", {"refill": "as-played"}, 2027),
    "treasure-standard.jsonl": ("treasure", "Ann,Bob", {}, 2026),
    "treasure-seek.jsonl": ("treasure", "Ann,Bob,Cy", {"variant": "seek"}, 2026),
    "treasure-shared-pawn.jsonl": ("treasure", "Ann,Bob", {"shared_pawn": True}, 2026),
}


def make_example(name: str) -> Record:
    """The example called ``name``: a whole random game, the same every time."""
    game_id, players, options, seed = EXAMPLES[name]
    header = replace(new_header(game_id, parse_players(players), options, seed), created=CREATED)
    record, _ = random_game(get_game(game_id), header, random.Random(seed), max_events=5_000)
    return record


def write_examples(folder: Path) -> list[Path]:
    paths = []
    for name in EXAMPLES:
        save(folder / name, make_example(name))
        paths.append(folder / name)
    return paths


if __name__ == "__main__":
    for path in write_examples(Path(sys.argv[1] if len(sys.argv) > 1 else "saves")):
        print(path)
