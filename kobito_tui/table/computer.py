"""Computers as clients of the table: each gets its seat's updates and nothing more.

A :class:`ComputerSeat` thinks on the table's workers (never on a loop that
serves people, never in a thread of its own), within a hard time budget: a
bot that overruns it or fails is answered by a random legal move.  Its move
goes in no sooner than the table's ``bot_delay`` after the update that asked
for it, so a person can follow the game.  A move the server could not save is
offered again about once a second, until it is kept or a newer update comes.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from kobito_tui.bots import Bot, RandomBot, make_bot
from kobito_tui.core.game import Event
from kobito_tui.core.message import Message
from kobito_tui.table.messages import CANNOT_SAVE
from kobito_tui.table.perspective import SeatPerspective
from kobito_tui.table.table import Occupant, Table
from kobito_tui.table.thinker import HARD_BUDGET_S, Thinker
from kobito_tui.table.update import History, Update

SAVE_RETRY_S = 1.0  # how soon a computer offers again a move the server could not save


class ComputerSeat:
    """A computer playing ``seat`` of ``table`` until :meth:`close`."""

    def __init__(
        self,
        table: Table,
        seat: int,
        bot: Bot,
        budget_s: float = HARD_BUDGET_S,
        on_failure: Callable[[Message], None] | None = None,
    ):
        self.table, self.seat = table, seat
        self.thinker = Thinker(bot, table.game, budget_s, table.seed_for(f"fallback:{seat}"), table.workers, table)
        self._history = History()  # the seat's redacted events so far
        self._lock = threading.Lock()
        self._closed = False
        self.asked: int | None = None  # the revision of the last update that asked it for a move
        self.unavailable: Message | None = None
        # Told (on a worker's or the timers' thread) when its bot fails and a random one takes over.
        self.on_failure = on_failure
        table.bind(seat, Occupant.COMPUTER)
        self._subscription = table.subscribe(SeatPerspective(seat), self._receive)

    @classmethod
    def of_level(
        cls,
        table: Table,
        seat: int,
        level: str,
        budget_s: float = HARD_BUDGET_S,
        on_failure: Callable[[Message], None] | None = None,
    ) -> ComputerSeat:
        """A computer of ``level`` (its dice seeded apart from the game's chance events);
        if that level fails to load, a random one, with the reason in ``unavailable``."""
        seed = table.seed_for(f"bot:{seat}")
        try:
            bot, unavailable = make_bot(table.game.id, level, seed), None
        except Exception as error:  # a computer that fails to load must not end the game
            bot, unavailable = RandomBot(seed), Message("computer.unavailable", {"level": level, "error": str(error)})
        computer = cls(table, seat, bot, budget_s, on_failure)
        computer.unavailable = unavailable
        return computer

    def close(self) -> None:
        with self._lock:
            self._closed = True
        self._subscription.cancel()
        self.table.bind(self.seat, Occupant.NOBODY)

    def _receive(self, update: Update) -> None:
        """On the table's delivering thread: note the update; one that asks for a move goes to the workers."""
        with self._lock:
            self._history.apply(update)
            if self._closed or not update.legal:
                return
            history, self.asked = list(self._history.events), update.revision
        asked_at = time.monotonic()
        failures = self.thinker.failures
        self.thinker.ask(update, history, lambda move: self._answered(update, move, asked_at, failures))

    def _answered(self, update: Update, move: Event, asked_at: float, failures: int) -> None:
        if self.thinker.failures > failures:
            self._replace_failed_bot()
        self.table.workers.timers.at(asked_at + self.table.bot_delay, lambda: self._play(update, move))

    def _play(self, update: Update, move: Event) -> None:
        """Offer ``move``: a stale one is refused and a newer update follows; one the server could
        not save is offered again about once a second, until it is kept or something newer comes."""
        if self._closed:
            return
        refused = self.table.submit(self.seat, move, update.revision)
        if refused is not None and refused.id == CANNOT_SAVE:
            self.table.workers.timers.at(time.monotonic() + SAVE_RETRY_S, lambda: self._play(update, move))

    def _replace_failed_bot(self) -> None:
        """A bot that failed once plays no more: a random one takes the seat over."""
        if isinstance(self.thinker.bot, RandomBot):
            return
        self.thinker.bot = RandomBot(self.table.seed_for(f"fallback bot:{self.seat}"))
        if self.on_failure is not None:
            self.on_failure(Message("computer.failed", {"error": str(self.thinker.error), "seat": self.seat}))
