"""What every computer is: the :class:`Bot` protocol, the random baseline and the
easy level made of a medium bot.  The games' own bots import from here (not from
the package, whose ``__init__`` imports them through the registry)."""

from __future__ import annotations

import random
from typing import Any, Protocol

from kobito_tui.core.game import Event, Game, Header

DEFAULT_BUDGET_S = 0.8  # seconds a hard bot thinks per decision, by default
EASY_MISTAKES = 0.5  # the share of an easy bot's moves that are random


class Bot(Protocol):
    def choose(self, game: Game, header: Header, view: Any, legal: list[Event], history: list[Event]) -> Event:
        """One of ``legal``, decided from what the seat may know."""


class RandomBot:
    """Uniformly random legal moves: the baseline."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, game: Game, header: Header, view: Any, legal: list[Event], history: list[Event]) -> Event:
        return self.rng.choice(legal)


class EasyBot:
    """Easy: the medium heuristic, but a share of its moves is a random legal move."""

    def __init__(self, medium: Bot, seed: int | None = None, mistakes: float = EASY_MISTAKES):
        self.medium, self.rng, self.mistakes = medium, random.Random(seed), mistakes

    def choose(self, game: Game, header: Header, view: Any, legal: list[Event], history: list[Event]) -> Event:
        if self.rng.random() < self.mistakes:
            return self.rng.choice(legal)
        return self.medium.choose(game, header, view, legal, history)
