"""Computer levels: the names players choose, and the names older files carry.

Each level is one fixed recipe (``bots.make_bot`` builds it):

* **Easy** — the Medium heuristic, but half of its moves are a random legal move.
* **Medium** — a hand-written heuristic (Kobito: complete pots, keep the next
  player from them, manage the requirement; Hide the Treasure: advance its own
  colour, never complete another's).
* **Hard** — search over what the seat cannot see, about 0.8 s a decision
  (Kobito: ISMCTS over determinized deals; Hide the Treasure: whole-turn plans
  against the likely colour worlds, in seek with random layouts of the tiles
  nobody has seen, two rounds ahead).

``random`` (uniform legal moves) is the baseline for tests and benchmarks; it
is accepted everywhere but not offered in menus.
"""

from __future__ import annotations

LEVELS = ("easy", "medium", "hard")  # offered to players, weakest first
RECIPES = (*LEVELS, "random")  # every level a bot can be built for (i18n.words.level_name words them)
ALIASES = {"greedy": "medium", "strong": "hard"}  # the names before 0.2, still read
BOT_LEVELS = (*LEVELS, "random", *ALIASES)  # every level a computer seat may carry
DEFAULT_LEVEL = "medium"


def canonical(level: str) -> str:
    """The recipe's name for ``level`` (``greedy`` → ``medium``); ValueError if unknown."""
    level = ALIASES.get(level, level)
    if level not in RECIPES:
        raise ValueError(f"unknown computer level {level!r} (one of {', '.join(LEVELS)})")
    return level


def seat_choice(level: str | None = None) -> str:
    """A seat's value in a menu: "human", or "bot:<level>" for a computer of ``level``."""
    return f"bot:{level}" if level else "human"


def chosen(choice: str) -> tuple[str, str | None]:
    """The seat's ``(kind, level)`` for a menu value (of :func:`seat_choice`)."""
    kind, _, level = choice.partition(":")
    return kind, level or None
