"""The example games shipped in ``saves/``: finished random games with fixed seeds.

Regenerate them (after a change to an engine's events) with
``python -m kobito_tui.core.examples saves``; the same code gives the same bytes.
"""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from pathlib import Path

from kobito_tui.core.games import REGISTRY, get_game
from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import Record, new_header, parse_players
from kobito_tui.core.savefile import save

CREATED = "2026-11-30T09:00:00Z"

# file name: (game, example) — the registry declares one per game and variant at least.
EXAMPLES = {example.file: (game_id, example) for game_id, game in REGISTRY.items() for example in game.examples}


def make_example(name: str) -> Record:
    """The example called ``name``: a whole random game, the same every time."""
    game_id, example = EXAMPLES[name]
    header = replace(new_header(game_id, parse_players(example.players), example.options, example.seed), created=CREATED)
    record, _ = random_game(get_game(game_id), header, random.Random(example.seed), max_events=5_000)
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
