"""Whose eyes an update is made for: a seat, the public, or (finished games only) everything.

Each perspective names the engine's ``seat`` argument once, here, so no client
ever passes ``None`` (everything) to a live game by accident.
"""

from __future__ import annotations

from dataclasses import dataclass

from kobito_tui.core.game import SPECTATOR


@dataclass(frozen=True)
class SeatPerspective:
    """A player: its own hand and secret colour, and everything public."""

    seat: int

    @property
    def engine_seat(self) -> int:
        return self.seat


@dataclass(frozen=True)
class PublicPerspective:
    """A spectator: everything on the table, no hand, no secret colour, no unseen tile."""

    @property
    def engine_seat(self) -> int:
        return SPECTATOR


@dataclass(frozen=True)
class OmniscientPerspective:
    """Everything, the deck order included: finished-game replays and tests only."""

    @property
    def engine_seat(self) -> None:
        return None


Perspective = SeatPerspective | PublicPerspective | OmniscientPerspective

PUBLIC = PublicPerspective()
OMNISCIENT = OmniscientPerspective()
