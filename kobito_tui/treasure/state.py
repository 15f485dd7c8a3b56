"""The mutable state of one Hide the Treasure game."""

from __future__ import annotations

from typing import Any

from kobito_tui.treasure.options import Variant


class TreasureState:
    """Everything the rules track.  Positions are board indices (see ``board``).

    ``on_winning_side[c]`` counts the tiles of colour index ``c`` showing the
    side that wins (chests in standard, treasures in seek), so the win check
    after a flip is one comparison; ``occupied`` has bit ``p`` set while a pawn
    stands on ``p`` (changed with ``pawns``), so the free neighbours of a
    position are one mask away.
    """

    __slots__ = (
        "names",
        "options",
        "seek",
        "shared",
        "players",
        "ready",
        "tile_colour",
        "tile_treasure",
        "face_up",
        "on_winning_side",
        "pool",
        "pending",
        "colour_of",
        "owner_of",
        "first",
        "pawns",
        "occupied",
        "to_act",
        "steps",
        "path",
        "turns",
        "winner",
        "over",
        "left",
        "called_off",
    )

    def __init__(self, names: tuple[str, ...], options: dict[str, Any]) -> None:
        self.names = names
        self.options = options
        self.seek: bool = options["variant"] == Variant.SEEK
        self.shared: bool = options["shared_pawn"]
        self.players = len(names)
        self.ready = False  # the setup event has been applied
        self.tile_colour: list[int | None] = []  # colour index per position; None: never seen
        self.tile_treasure: list[str | None] = []
        self.face_up: list[bool] = []  # treasure side up
        self.on_winning_side = [0] * 5
        self.pool: list[tuple[str, str]] = []  # tiles not yet placed (seek), in TILES order
        self.pending: int | None = None  # a position turned up unseen, waiting for its reveal
        self.colour_of: list[int] = []  # colour index per seat
        self.owner_of: dict[int, int] = {}  # colour index -> seat
        self.first = 0
        self.pawns: list[int | None] = []  # per seat, or one shared entry
        self.occupied = 0  # bit p: a pawn stands on p
        self.to_act = 0
        self.steps = 0  # steps taken this turn
        self.path: list[int] = []  # positions visited this turn
        self.turns = 0  # turns completed (end or pass)
        self.winner: int | None = None
        self.over = False
        self.left: list[int] = []  # the seats whose players left (core.leaving)
        self.called_off = False  # the players ended the game as it stood (core.leaving)

    @property
    def round(self) -> int:
        """The current round, 1-based; the last one once the turn limit ends the game."""
        current = self.turns // self.players + 1
        limit = self.options["turn_limit"]
        return min(current, limit) if limit else current

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TreasureState):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.__slots__)

    def copy(self) -> TreasureState:
        """An independent copy: every list and dict copied, the rest (immutable) shared."""
        new = object.__new__(TreasureState)
        for name in _IMMUTABLE:
            setattr(new, name, getattr(self, name))
        for name in _CONTAINERS:
            setattr(new, name, getattr(self, name).copy())
        return new


_CONTAINERS = (
    "options",
    "tile_colour",
    "tile_treasure",
    "face_up",
    "on_winning_side",
    "pool",
    "colour_of",
    "owner_of",
    "pawns",
    "path",
    "left",
)
_IMMUTABLE = tuple(name for name in TreasureState.__slots__ if name not in _CONTAINERS)
