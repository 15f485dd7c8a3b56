"""A table's pace: *live* (the players are there together), or *turn-based* with a time per move and a time bank.

Turn-based, nobody needs to be connected: a player moves whenever they sign in.  Each move may take
the time per move; what a move takes beyond it is drawn from the player's bank (:data:`BANK_MOVES`
times the time per move at the start, as on Board Game Arena).  Once both are spent the seat is
*overdue*: any other player seated may hand it to a computer stand-in.  The clocks read the wall
clock (``time.time``, injected) and are kept with the table's seating, so they run on across a
restart and a change of owner.
"""

from __future__ import annotations

from dataclasses import dataclass, field

LIVE = "live"
PACES: dict[str, int | None] = {LIVE: None, "1h": 1, "12h": 12, "1d": 24, "3d": 72}
"""Each pace a table may have: hours per move (None: live)."""
HOUR_S = 3600.0  # a server may make its hours shorter, to try turn-based tables out (and for tests)
BANK_MOVES = 3  # a player's time bank at the start, in times per move


@dataclass
class Clocks:
    """The clocks of a turn-based table: since when the seat to act has had the turn, and each seat's bank."""

    per_move: float
    banks: list[float]
    turn_began: float | None = None  # wall-clock seconds; None before the first turn

    @classmethod
    def start(cls, pace: str, seats: int, hour_s: float = HOUR_S) -> Clocks | None:
        hours = PACES[pace]
        return None if hours is None else cls(hours * hour_s, [BANK_MOVES * hours * hour_s] * seats)

    def turn_passed(self, before: int | None, now: float) -> None:
        """The turn went on at ``now``: ``before``'s move took what it took, beyond the time per move from its bank."""
        if before is not None and self.turn_began is not None:
            over = max(0.0, now - self.turn_began - self.per_move)
            self.banks[before] = max(0.0, self.banks[before] - over)
        self.turn_began = now

    def deadline(self, seat: int | None) -> float | None:
        """When ``seat``'s time runs out, while it is to act (its move's time and its bank)."""
        if seat is None or self.turn_began is None:
            return None
        return self.turn_began + self.per_move + self.banks[seat]

    def overdue(self, seat: int | None, now: float) -> bool:
        deadline = self.deadline(seat)
        return deadline is not None and now >= deadline

    def kept(self) -> dict[str, object]:
        """What the store keeps (with the seating)."""
        return {"per_move": self.per_move, "banks": self.banks, "turn_began": self.turn_began}

    @classmethod
    def from_kept(cls, kept: dict[str, object]) -> Clocks:
        per_move, banks, began = kept["per_move"], kept["banks"], kept["turn_began"]
        if not isinstance(per_move, (int, float)) or not isinstance(banks, list) or not all(isinstance(b, (int, float)) for b in banks):
            raise TypeError("clocks that do not read")
        if began is not None and not isinstance(began, (int, float)):
            raise TypeError("clocks that do not read")
        return cls(float(per_move), [float(b) for b in banks], None if began is None else float(began))


@dataclass
class Pace:
    """A table's pace and, turn-based, its clocks."""

    name: str = LIVE
    clocks: Clocks | None = field(default=None)

    @property
    def turn_based(self) -> bool:
        return self.clocks is not None
