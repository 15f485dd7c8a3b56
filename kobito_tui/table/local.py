"""A table hosted in this program: the table, its computers, and its save file.

The app's game screen is a client of :attr:`LocalTable.table` like any other;
what only a host has (waiting for the save file, what it lacks, the computers
to stop) is here.  Nothing in this module imports Textual.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from kobito_tui.bots import Bot
from kobito_tui.core.levels import DEFAULT_LEVEL
from kobito_tui.core.message import Message
from kobito_tui.core.record import Record
from kobito_tui.core.savelock import SaveLock
from kobito_tui.core.session import Session
from kobito_tui.table.computer import ComputerSeat
from kobito_tui.table.table import Occupant, Table


class LocalTable:
    """``record`` played here: people at this terminal in its human seats, a
    computer of its level in each computer seat (from :meth:`start`, once the
    people watch, until :meth:`close`), autosaved to ``path``, which ``lock``
    keeps from other sessions until :meth:`release`.  ``bots`` plays the seats
    it names instead (a tutorial's scripted opponent)."""

    def __init__(
        self,
        record: Record,
        path: Path | None,
        *,
        bot_delay: float = 0.6,
        bots: Mapping[int, Bot] | None = None,
        lock: SaveLock | None = None,
    ):
        self.lock = lock
        # Called from other threads: a failed autosave (or the one that ends a
        # failing spell), and a computer that fails (the words say what happened).
        self.on_save_report: Callable[[], object] | None = None
        self.on_warning: Callable[[Message], object] | None = None
        self.table = Table(record, path, background_save=True, bot_delay=bot_delay, on_save_error=self._save_error)
        self.session.on_save_report = lambda _: self._report()
        header = record.header
        self.humans = [seat for seat, player in enumerate(header.seats) if not player.is_bot]
        for seat in self.humans:
            self.table.bind(seat, Occupant.LOCAL)
        self.computers: dict[int, ComputerSeat] = {}
        self._bots = dict(bots or {})
        self.notices: list[Message] = []  # warnings no one was listening for yet

    def start(self) -> None:
        """A computer of its level in each computer seat (again after :meth:`close`)."""
        if self.computers:
            return
        for seat, player in enumerate(self.session.header.seats):
            if seat in self._bots:
                self.computers[seat] = ComputerSeat(self.table, seat, self._bots[seat], on_failure=self._warn)
            elif player.is_bot:
                computer = ComputerSeat.of_level(self.table, seat, player.level or DEFAULT_LEVEL, on_failure=self._warn)
                self.computers[seat] = computer
                if computer.unavailable:
                    self._warn(computer.unavailable)

    @property
    def session(self) -> Session:
        """The game's session, for the host's save bookkeeping only (never shown to a client)."""
        return self.table._session

    @property
    def over(self) -> bool:
        return self.table.over

    @property
    def save_error(self) -> OSError | None:
        return self.session.save_error

    def flush(self) -> None:
        """Wait until the save file holds every change (raises a failed write's OSError)."""
        self.table.flush()

    def close(self) -> None:
        """Stop the computers (the game stays as it is, saved)."""
        for computer in self.computers.values():
            computer.close()
        self.computers.clear()

    def release(self) -> None:
        """Let other sessions open the game's file."""
        if self.lock is not None:
            self.lock.release()

    def _save_error(self, error: OSError) -> None:
        self._report()

    def _report(self) -> None:
        if self.on_save_report is not None:
            self.on_save_report()

    def listen(self, on_warning: Callable[[Message], object]) -> None:
        """Tell ``on_warning`` the warnings so far, then each as it comes."""
        self.on_warning = on_warning
        while self.notices:
            on_warning(self.notices.pop(0))

    def _warn(self, message: Message) -> None:
        if self.on_warning is not None:
            self.on_warning(message)
        else:
            self.notices.append(message)
