"""Computer opponents.  A bot sees exactly what a human in its seat sees:
the seat's view, its legal moves and the public history (events redacted for
the seat) — never the full state."""

from __future__ import annotations

import random
from typing import Any, Protocol

from kobito_tui.core.game import Event, Game, Header


class Bot(Protocol):
    def choose(self, game: Game, header: Header, view: Any, legal: list[Event], history: list[Event]) -> Event:
        """One of ``legal``, decided from what the seat may know."""


class RandomBot:
    """Uniformly random legal moves: the baseline."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, game: Game, header: Header, view: Any, legal: list[Event], history: list[Event]) -> Event:
        return self.rng.choice(legal)


def make_bot(game_id: str, level: str, seed: int | None = None) -> Bot:
    """A bot of ``level`` ("random", "greedy", "strong") for ``game_id``."""
    return RandomBot(seed)
