"""Tables for tests, and clients that keep what they were sent."""

from __future__ import annotations

import random

from kobito_tui.core.game import Seat
from kobito_tui.core.record import Record, new_header
from kobito_tui.table import Perspective, Table, Update


def new_table(game_id: str = "kobito", players: int = 2, seed: int = 3, options: dict | None = None, **kwargs) -> Table:
    seats = tuple(Seat(f"P{i + 1}") for i in range(players))
    return Table(Record(new_header(game_id, seats, options, seed=seed)), bot_delay=0, **kwargs)


class Client:
    """A subscriber that rebuilds its history and log from its updates, as an app would."""

    def __init__(self, table: Table, perspective: Perspective):
        self.updates: list[Update] = []
        self.history: list = []
        self.log: list = []
        self.subscription = table.subscribe(perspective, self.receive)

    def receive(self, update: Update) -> None:
        self.updates.append(update)
        if update.undone:
            del self.history[-update.undone :]
        if update.taken_back:
            del self.log[-len(update.taken_back) :]
        self.history += update.history
        self.log += update.log

    @property
    def last(self) -> Update:
        return self.updates[-1]


def play_random(table: Table, moves: int, rng: random.Random) -> None:
    """Submit ``moves`` random legal moves (fewer if the game ends)."""
    from kobito_tui.table import SeatPerspective

    for _ in range(moves):
        if table.over:
            return
        seat = table.to_act
        client = Client(table, SeatPerspective(seat))
        assert table.submit(seat, rng.choice(client.last.legal), table.revision) is None
        client.subscription.cancel()
