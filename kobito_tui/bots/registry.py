"""Each game's computers, by game id: what :func:`make_bot` builds for a level.

A game without an entry here plays against the ``random`` baseline only.  A new
game's bots live in their own modules (``bots/<game>_*.py``) and get one line in
:data:`COMPUTERS`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from kobito_tui.bots import treasure_bots
from kobito_tui.bots.base import DEFAULT_BUDGET_S, Bot, EasyBot, RandomBot
from kobito_tui.bots.kobito_greedy import GreedyBot
from kobito_tui.bots.kobito_ismcts import IsmctsBot
from kobito_tui.core.levels import canonical


@dataclass(frozen=True)
class Computers:
    """One game's computers: the medium heuristic (``seed``) and the hard search
    (``seed, budget_s, iterations``); easy is the medium one, straying."""

    medium: Callable[[int | None], Bot]
    hard: Callable[[int | None, float, int | None], Bot]
    selfplay_options: dict[str, Any] = field(default_factory=dict)  # self-play adds these rule options


COMPUTERS: dict[str, Computers] = {
    "kobito": Computers(GreedyBot, IsmctsBot),
    # Games between careful bots can wander for long: self-play ends them as a draw.
    "treasure": Computers(treasure_bots.GreedyBot, treasure_bots.StrongBot, selfplay_options={"turn_limit": 60}),
}


def selfplay_options(game_id: str) -> dict[str, Any]:
    """The rule options self-play adds for ``game_id`` (none for a game without computers)."""
    computers = COMPUTERS.get(game_id)
    return dict(computers.selfplay_options) if computers else {}


def make_bot(game_id: str, level: str, seed: int | None = None, budget_s: float = DEFAULT_BUDGET_S, iterations: int | None = None) -> Bot:
    """A bot of ``level`` (easy, medium, hard, random, or an old name) for ``game_id``;
    ``budget_s`` bounds the thinking time of a hard bot per decision.  With
    ``iterations`` a hard bot does a fixed amount of work instead, whatever the
    clock (for measuring strength on a loaded machine): Kobito runs exactly that
    many search iterations, Hide the Treasure searches every path."""
    level = canonical(level)
    if level == "random":
        return RandomBot(seed)
    computers = COMPUTERS.get(game_id)
    if computers is None:
        raise KeyError(f"no bots for game {game_id!r}")
    if level == "hard":
        return computers.hard(seed, budget_s, iterations)
    medium = computers.medium(seed)
    return medium if level == "medium" else EasyBot(medium, seed)
