"""A bot asked for a move through the workers, within a hard time budget."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from concurrent.futures import Future

from kobito_tui.bots import DEFAULT_BUDGET_S, Bot
from kobito_tui.core.game import Event, Game
from kobito_tui.table.update import Update
from kobito_tui.table.workers import Answer, Question, Workers

HARD_BUDGET_S = 3 * DEFAULT_BUDGET_S + 1  # past this a computer plays a random move


class Thinker:
    """A bot asked about ``table``'s game through ``workers``, each answer within ``budget_s``
    seconds (waiting for a worker included); one that overruns or fails is answered by a
    random legal move, counted in ``overruns`` or ``failures``."""

    def __init__(self, bot: Bot, game: Game, budget_s: float, seed: int | None, workers: Workers, table: Hashable):
        self.bot, self.game, self.budget_s = bot, game, budget_s
        self.workers, self.table = workers, table
        self.rng = random.Random(seed)
        self.overruns = self.failures = 0
        self.error: str | None = None  # what the bot raised last, in words

    def ask(self, update: Update, history: list[Event], answered: Callable[[Event], None]) -> None:
        """Think about ``update`` (its seat's, with legal moves) and call ``answered`` with the move,
        on a worker's or the timers' thread."""
        legal = update.legal
        question = Question(self.bot, self.game.id, update.header, update.view, legal, tuple(history))
        future = self.workers.ask(self.table, question, self.budget_s)
        future.add_done_callback(lambda done: answered(self._move(done, list(legal))))

    def _move(self, done: Future[Answer], legal: list[Event]) -> Event:
        try:
            answer = done.result()
        except TimeoutError:
            self.overruns += 1
            return self.rng.choice(legal)
        except Exception as error:  # the question could not be asked (the workers closed, a bot that does not pickle)
            answer = Answer(None, None, str(error))
        if answer.bot is not None:
            self.bot = answer.bot  # as it is after thinking: its dice rolled on, its plans kept
        if answer.error is None and answer.move in legal:
            return legal[legal.index(answer.move)]
        self.failures += 1
        self.error = answer.error or f"an illegal move {answer.move!r}"
        return self.rng.choice(legal)
