"""What an analysis says of a game: a verdict per turn and a summary per seat (UI-free, JSON both ways).

This is the contract between the analyser (which fills it) and whoever shows it (the replay viewer's
chart, the final screen, ``kobito analyse --json``). Chances are the mover's, in 0..1.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from kobito_tui.core.game import Event

MARKS = ("inaccuracy", "mistake", "blunder")


@dataclass(frozen=True)
class TurnVerdict:
    """One turn of one seat: ``index`` is the record's event index where the turn starts,
    ``end`` the index just after its last event (the replay's moment after the turn)."""

    index: int
    end: int
    seat: int
    played_events: tuple[Event, ...]
    best_events: tuple[Event, ...]
    chance_before: float
    chance_after: float
    mark: str | None = None  # one of MARKS, or None
    forced: bool = False  # the seat had one choice: never marked


@dataclass(frozen=True)
class SeatSummary:
    seat: int
    name: str
    accuracy: float  # share of the seat's turns without a mark
    inaccuracies: int = 0
    mistakes: int = 0
    blunders: int = 0


@dataclass
class Report:
    """A finished game's analysis. ``chances[k][s]`` is seat ``s``'s chance after the ``k``-th
    turn (``chances[0]`` is before the first), each from that seat's own view: the chart's lines."""

    game: str
    seats: list[SeatSummary] = field(default_factory=list)
    turns: list[TurnVerdict] = field(default_factory=list)
    chances: list[list[float]] = field(default_factory=list)
    version: int = 1

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Report:
        """The inverse of ``to_json``; raises ``ValueError`` (with a reason) on a malformed document
        (a number too large for a count, nesting too deep to read: whatever the JSON holds)."""
        try:
            return cls(
                game=str(data["game"]),
                seats=[SeatSummary(**s) for s in data["seats"]],
                turns=[
                    TurnVerdict(**{**t, "played_events": tuple(t["played_events"]), "best_events": tuple(t["best_events"])})
                    for t in data["turns"]
                ],
                chances=[[float(c) for c in row] for row in data["chances"]],
                version=int(data.get("version", 1)),
            )
        except (KeyError, TypeError, ValueError, OverflowError, RecursionError) as error:
            raise ValueError(f"not an analysis: {error}") from error
