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

from kobito_tui.bots.base import DEFAULT_BUDGET_S, EASY_MISTAKES, Bot, EasyBot, RandomBot
from kobito_tui.bots.registry import COMPUTERS, make_bot

__all__ = ["COMPUTERS", "DEFAULT_BUDGET_S", "EASY_MISTAKES", "Bot", "EasyBot", "RandomBot", "make_bot"]
