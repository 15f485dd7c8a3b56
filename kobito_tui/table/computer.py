"""Computers as clients of the table: each gets its seat's updates and nothing more.

A :class:`ComputerSeat` thinks in its own worker thread (never on a loop that
serves people), within a hard time budget: a bot that overruns it or fails
is answered by a random legal move.  Its move goes in no sooner than the
table's ``bot_delay`` after the update that asked for it, so a person can
follow the game.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from kobito_tui.bots import Bot, RandomBot, make_bot
from kobito_tui.core.game import Event
from kobito_tui.table.messages import CANNOT_SAVE
from kobito_tui.table.perspective import SeatPerspective
from kobito_tui.table.table import Occupant, Table
from kobito_tui.table.thinker import HARD_BUDGET_S, Thinker
from kobito_tui.table.update import Update

SAVE_RETRY_S = 1.0  # how soon a computer offers again a move the server could not save


class ComputerSeat:
    """A computer playing ``seat`` of ``table`` until :meth:`close`."""

    def __init__(
        self, table: Table, seat: int, bot: Bot, budget_s: float = HARD_BUDGET_S,
        on_failure: Callable[[str], None] | None = None,
    ):
        self.table, self.seat = table, seat
        self.thinker = Thinker(bot, table.game, budget_s, table.seed_for(f"fallback:{seat}"))
        self._history: list[Event] = []  # the seat's redacted events so far
        self._asked: Update | None = None  # the update that asks for a move, not yet taken
        self._asked_at = 0.0
        self._wake = threading.Condition()
        self._closed = False
        self.unavailable: str | None = None
        # Told (on the computer's thread) when its bot fails and a random one takes over.
        self.on_failure = on_failure
        table.bind(seat, Occupant.COMPUTER)
        threading.Thread(target=self._run, name=f"computer seat {seat}", daemon=True).start()
        self._subscription = table.subscribe(SeatPerspective(seat), self._receive)

    @classmethod
    def of_level(
        cls, table: Table, seat: int, level: str, budget_s: float = HARD_BUDGET_S,
        on_failure: Callable[[str], None] | None = None,
    ) -> ComputerSeat:
        """A computer of ``level`` (its dice seeded apart from the game's chance events);
        if that level fails to load, a random one, with the reason in ``unavailable``."""
        seed = table.seed_for(f"bot:{seat}")
        try:
            bot, unavailable = make_bot(table.game.id, level, seed), None
        except Exception as error:  # a computer that fails to load must not end the game
            bot, unavailable = RandomBot(seed), f"the {level} computer is unavailable ({error})"
        computer = cls(table, seat, bot, budget_s, on_failure)
        computer.unavailable = unavailable
        return computer

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

    def _replace_failed_bot(self) -> None:
        """A bot that failed once plays no more: a random one takes the seat over."""
        if isinstance(self.thinker.bot, RandomBot):
            return
        self.thinker.bot = RandomBot(self.table.seed_for(f"fallback bot:{self.seat}"))
        if self.on_failure is not None:
            self.on_failure(f"The computer failed ({self.thinker.error}); a random one plays for {self.table.header.name(self.seat)}.")

    def _run(self) -> None:
        while True:
            with self._wake:
                self._wake.wait_for(lambda: self._closed or self._asked is not None)
                update, history, asked_at = self._asked, list(self._history), self._asked_at
                self._asked = None
                if self._closed or update is None:
                    return
            failures = self.thinker.failures
            move = self.thinker.choose(update, history)
            if self.thinker.failures > failures:
                self._replace_failed_bot()
            with self._wake:
                pause = asked_at + self.table.bot_delay - time.monotonic()
                if self._wake.wait_for(lambda: self._closed, timeout=max(0.0, pause)):
                    return
            # A stale move is refused and a newer update follows; one the server could not save is
            # offered again now and then, until it is kept or something newer comes.
            while (refused := self.table.submit(self.seat, move, update.revision)) is not None and refused.id == CANNOT_SAVE:
                with self._wake:
                    if self._wake.wait_for(lambda: self._closed or self._asked is not None, timeout=SAVE_RETRY_S):
                        break
