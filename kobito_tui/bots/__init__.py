"""Computer opponents.  A bot sees exactly what a human in its seat sees:
the public header (:meth:`Header.public`: no seed), the seat's view, its legal
moves and the public history (events redacted for the seat) — never the full
state.  Fairness holds by construction: nothing else is passed to
:meth:`Bot.choose`.

Levels (:mod:`kobito_tui.core.levels` names them and says each recipe):
``easy``, ``medium`` (a hand-written heuristic; ``greedy`` of old), ``hard``
(search over what the seat cannot see, within ``budget_s`` seconds per
decision; ``strong`` of old) and the ``random`` baseline.  Each bot owns its
RNG: seeded, self-play is reproducible (up to the time budget of the hard
bots); ``seed=None`` seeds it from the OS.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from kobito_tui.core.game import Event, Game, Header
from kobito_tui.core.games import entry, load
from kobito_tui.core.levels import canonical

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


def make_bot(
    game_id: str, level: str, seed: int | None = None, budget_s: float = DEFAULT_BUDGET_S, iterations: int | None = None
) -> Bot:
    """A bot of ``level`` (easy, medium, hard, random, or an old name) for ``game_id``;
    ``budget_s`` bounds the thinking time of a hard bot per decision.  With
    ``iterations`` a hard bot does a fixed amount of work instead, whatever the
    clock (for measuring strength on a loaded machine): Kobito runs exactly that
    many search iterations, Hide the Treasure searches every path."""
    level = canonical(level)
    if level == "random":
        return RandomBot(seed)
    bots = entry(game_id).bots  # the registry names each game's computers
    if bots is None:
        raise KeyError(f"no bots for game {game_id!r}")
    if level == "hard":
        return load(bots[1])(seed, budget_s, iterations)
    medium: Bot = load(bots[0])(seed)
    return medium if level == "medium" else EasyBot(medium, seed)
