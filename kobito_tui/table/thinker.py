"""A bot asked for a move within a hard time budget, off the caller's thread."""

from __future__ import annotations

import random
import threading
from kobito_tui.bots import DEFAULT_BUDGET_S, Bot
from kobito_tui.core.game import Event, Game
from kobito_tui.table.update import Update

HARD_BUDGET_S = 3 * DEFAULT_BUDGET_S + 1  # past this a computer plays a random move


class Thinker:
    """A bot asked one question at a time, each within ``budget_s`` seconds.

    The bot runs in a thread of its own; one that overruns is left to finish
    unheard, and until it does every answer is a random legal move."""

    def __init__(self, bot: Bot, game: Game, budget_s: float, seed: int | None):
        self.bot, self.game, self.budget_s = bot, game, budget_s
        self.rng = random.Random(seed)
        self.overruns = self.failures = 0
        self.error: Exception | None = None  # what the bot raised last
        self._busy: threading.Thread | None = None

    def choose(self, update: Update, history: list[Event]) -> Event:
        legal = list(update.legal)
        if self._busy is not None and self._busy.is_alive():
            return self.rng.choice(legal)
        answer: list[Event] = []
        thread = threading.Thread(target=self._ask, args=(update, legal, history, answer), daemon=True)
        self._busy = thread
        thread.start()
        thread.join(self.budget_s)
        if thread.is_alive():
            self.overruns += 1
        elif answer and answer[0] in legal:
            return answer[0]
        else:
            self.failures += 1
        return self.rng.choice(legal)

    def _ask(self, update: Update, legal: list[Event], history: list[Event], answer: list[Event]) -> None:
        try:
            answer.append(self.bot.choose(self.game, update.header, update.view, list(legal), list(history)))
        except Exception as error:  # a broken bot is answered by a random move
            self.error = error
