"""Computer opponents.  A bot sees exactly what a human in its seat sees:
the public header (:meth:`Header.public`: no seed), the seat's view, its legal
moves and the public history (events redacted for the seat) — never the full
state.  Fairness holds by construction: nothing else is passed to
:meth:`Bot.choose`.

Levels: ``random`` (uniform legal moves), ``greedy`` (a hand-written
heuristic) and ``strong`` (search over what the seat cannot see, within
``budget_s`` seconds per decision).  Each bot owns its RNG: seeded, self-play
is reproducible (up to the time budget of the strong bots); ``seed=None``
seeds it from the OS.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from kobito_tui.core.game import Event, Game, Header

LEVELS = ("random", "greedy", "strong")
DEFAULT_BUDGET_S = 0.8  # seconds a strong bot thinks per decision, by default


class Bot(Protocol):
    def choose(self, game: Game, header: Header, view: Any, legal: list[Event], history: list[Event]) -> Event:
        """One of ``legal``, decided from what the seat may know."""


class RandomBot:
    """Uniformly random legal moves: the baseline."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, game: Game, header: Header, view: Any, legal: list[Event], history: list[Event]) -> Event:
        return self.rng.choice(legal)


def make_bot(game_id: str, level: str, seed: int | None = None, budget_s: float = DEFAULT_BUDGET_S) -> Bot:
    """A bot of ``level`` ("random", "greedy", "strong") for ``game_id``;
    ``budget_s`` bounds the thinking time of a strong bot per decision."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r} (one of {', '.join(LEVELS)})")
    if level == "random":
        return RandomBot(seed)
    if game_id == "kobito":
        from kobito_tui.bots import kobito_greedy, kobito_ismcts

        return kobito_greedy.GreedyBot(seed) if level == "greedy" else kobito_ismcts.IsmctsBot(seed, budget_s)
    if game_id == "treasure":
        from kobito_tui.bots import treasure_bots

        return treasure_bots.GreedyBot(seed) if level == "greedy" else treasure_bots.StrongBot(seed, budget_s)
    raise KeyError(f"no bots for game {game_id!r}")
