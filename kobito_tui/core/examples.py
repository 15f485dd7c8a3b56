"""Example games: finished random games with fixed seeds, the same bytes every time.

The program's own (``saves/``) are listed in :data:`kobito_tui.games.EXAMPLES`;
``python -m kobito_tui.games saves`` writes them.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from kobito_tui.core.games import get_game
from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import Record, new_header, parse_players
from kobito_tui.core.savefile import save

CREATED = "2026-11-30T09:00:00Z"


@dataclass(frozen=True)
class Example:
    """An example game: a whole random game with a fixed seed, saved as ``file``."""

    file: str
    players: str
    options: dict[str, Any]
    seed: int


def make_example(game_id: str, example: Example) -> Record:
    """The game ``example`` of ``game_id``: a whole random game, the same every time."""
    header = replace(new_header(game_id, parse_players(example.players), example.options, example.seed), created=CREATED)
    record, _ = random_game(get_game(game_id), header, random.Random(example.seed), max_events=5_000)
    return record


def write_examples(folder: Path, examples: Iterable[tuple[str, Example]]) -> list[Path]:
    """Save each ``(game id, example)`` in ``folder``; the paths written."""
    paths = []
    for game_id, example in examples:
        save(folder / example.file, make_example(game_id, example))
        paths.append(folder / example.file)
    return paths
