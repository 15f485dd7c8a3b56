"""Computers as clients of the table: each gets its seat's updates and nothing more.

A :class:`ComputerSeat` thinks in its own worker thread (never on a loop that
serves people), within a hard time budget: a bot that overruns it or fails
is answered by a random legal move.  Its move goes in no sooner than the
table's ``bot_delay`` after the update that asked for it, so a person can
follow the game.
"""

from __future__ import annotations

import random
import threading
import time
from typing import Any

from kobito_tui.bots import DEFAULT_BUDGET_S, Bot, make_bot
from kobito_tui.core.game import Event, Game
from kobito_tui.table.perspective import SeatPerspective
from kobito_tui.table.table import Occupant, Table
from kobito_tui.table.update import Update

HARD_BUDGET_S = 3 * DEFAULT_BUDGET_S + 1  # past this a computer plays a random move


class Thinker:
    """A bot asked one question at a time, each within ``budget_s`` seconds.

    The bot runs in a thread of its own; one that overruns is left to finish
    unheard, and until it does every answer is a random legal move."""

    def __init__(self, bot: Bot, game: Game, budget_s: float, seed: int):
        self.bot, self.game, self.budget_s = bot, game, budget_s
        self.rng = random.Random(seed)
        self.overruns = self.failures = 0
        self._busy: threading.Thread | None = None

    def choose(self, update: Update, history: list[Event]) -> Event:
        legal = list(update.legal)
        if self._busy is not None and self._busy.is_alive():
            return self.rng.choice(legal)
        answer: list[Any] = []
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

    def _ask(self, update: Update, legal: list[Event], history: list[Event], answer: list[Any]) -> None:
        try:
            answer.append(self.bot.choose(self.game, update.header, update.view, list(legal), list(history)))
        except Exception:  # a broken bot is answered by a random move
            pass


class ComputerSeat:
    """A computer playing ``seat`` of ``table`` until :meth:`close`."""

    def __init__(self, table: Table, seat: int, bot: Bot, budget_s: float = HARD_BUDGET_S):
        self.table, self.seat = table, seat
        self.thinker = Thinker(bot, table.game, budget_s, table.seed_for(f"fallback:{seat}"))
        self._history: list[Event] = []  # the seat's redacted events so far
        self._asked: Update | None = None  # the update that asks for a move, not yet taken
        self._asked_at = 0.0
        self._wake = threading.Condition()
        self._closed = False
        table.bind(seat, Occupant.COMPUTER)
        threading.Thread(target=self._run, name=f"computer seat {seat}", daemon=True).start()
        self._subscription = table.subscribe(SeatPerspective(seat), self._receive)

    @classmethod
    def of_level(cls, table: Table, seat: int, level: str, budget_s: float = HARD_BUDGET_S) -> ComputerSeat:
        """A computer of ``level``; its dice are seeded from the game but tell nothing of its seed."""
        return cls(table, seat, make_bot(table.game.id, level, table.seed_for(f"bot:{seat}")), budget_s)

    def close(self) -> None:
        with self._wake:
            self._closed = True
            self._wake.notify_all()
        self._subscription.cancel()
        self.table.bind(self.seat, Occupant.NOBODY)

    def _receive(self, update: Update) -> None:
        """On the table's delivering thread: note the update and wake the worker."""
        with self._wake:
            if update.undone:
                del self._history[-update.undone :]
            self._history.extend(update.history)
            self._asked = update if update.legal else None
            self._asked_at = time.monotonic()
            self._wake.notify_all()

    def _run(self) -> None:
        while True:
            with self._wake:
                self._wake.wait_for(lambda: self._closed or self._asked is not None)
                if self._closed:
                    return
                update, history, asked_at = self._asked, list(self._history), self._asked_at
                self._asked = None
            move = self.thinker.choose(update, history)
            with self._wake:
                pause = asked_at + self.table.bot_delay - time.monotonic()
                if self._wake.wait_for(lambda: self._closed, timeout=max(0.0, pause)):
                    return
            self.table.submit(self.seat, move, update.revision)  # a stale one is refused; a newer update follows
