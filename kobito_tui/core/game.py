"""The small interface every game implements, and the types it speaks in.

A game is a set of pure functions over a mutable *state*.  Everything that
happens is an *event*: a plain JSON object (``dict``) with a ``"type"`` key.

* A **move** is an event chosen by a seat: it carries ``"seat": <int>``.
* A **chance event** is decided by the rules or by luck (a shuffle, a card
  drawn, the layout of the board): it has **no** ``"seat"`` key.  The session
  asks :meth:`Game.chance` for the next one and records it, so replaying a
  record never calls the random number generator.

``state = fold(header, events)``: :meth:`Game.new_state` then :meth:`Game.apply`
for each event.  ``apply`` validates every event (moves and chance events)
and raises :class:`IllegalEvent` for anything the rules do not allow; it is
the entry point for anything from outside (a table, a client, a file).
:meth:`Game.play` trusts its event: only for one the game itself produced
(from ``legal_moves`` or ``chance``), as random play and chance do.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any, Literal, Protocol

from kobito_tui.core.message import Message, MessageError

Event = dict[str, Any]

FORMAT_VERSION = 1

SPECTATOR = -1
"""The ``seat`` of :meth:`Game.view`, :meth:`Game.redact` and :meth:`Game.describe`
for a spectator: a seat that holds nothing, so only what is public shows."""


class IllegalEvent(MessageError):
    """An event the rules refuse: ``IllegalEvent("kobito.not-in-hand", card="7a")``."""


class OptionError(MessageError, ValueError):
    """Options a game cannot use: ``OptionError("kobito.unknown-options", names=["x"])``."""


def option_message(error: Exception) -> Message:
    """Why options were refused (an :class:`OptionError`, or what any other error says, as it says it)."""
    return error.message if isinstance(error, OptionError) else Message("options.as-said", {"text": str(error)})


SeatKind = Literal["human", "bot"]


@dataclass(frozen=True)
class Seat:
    """A player at the table: ``kind`` is "human" or "bot"; bots have a level.  ``name`` is
    what someone typed, or ``""``: a seat called by what it is (``core.seatnames``)."""

    name: str = ""
    kind: SeatKind = "human"
    level: str | None = None  # bots: one of core.levels.BOT_LEVELS ("easy", "medium", "hard", "random", an old name)

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"


@dataclass(frozen=True)
class Header:
    """Everything needed, with the events, to rebuild a game exactly.

    ``seed`` is None for a normal game: its chance events are drawn from the
    operating system's secure random source, so nothing foretells them.  A
    seeded game (``--seed``, for tests and benchmarks) draws them from the seed
    and the event's position, and so is known in full to whoever knows the seed.
    """

    game: str
    seats: tuple[Seat, ...]
    options: dict[str, Any]
    seed: int | None
    created: str
    app_version: str
    format: int = FORMAT_VERSION

    @property
    def players(self) -> int:
        return len(self.seats)

    def public(self) -> Header:
        """The header with nothing hidden in it (no seed): what a seat's client gets."""
        return replace(self, seed=None)

    def name(self, seat: int) -> str:
        return self.seats[seat].name


@dataclass(frozen=True)
class OptionSpec:
    """A rule option as menus show it: ``choices`` for enums, else ``kind``."""

    name: str
    label: str
    default: Any
    help: str = ""
    choices: tuple[Any, ...] = ()
    kind: type = str  # int or bool or str, when there are no choices


@dataclass
class Result:
    """How a finished game ended.  ``winners`` empty means a draw; ``summary``
    says so as a :class:`Message` (seats by number); ``notes`` say more (a tie
    that the tie-break settled)."""

    winners: list[int]
    scores: list[int] | None = None
    summary: Message | None = None
    details: dict[str, Any] = field(default_factory=dict)
    notes: list[Message] = field(default_factory=list)


class Game(Protocol):
    """What menus, saves, replays, undo, bots and the server rely on."""

    id: str  # "kobito" | "treasure": the ``game`` of a header
    title: str
    min_players: int
    max_players: int

    def option_specs(self) -> list[OptionSpec]:
        """The rule options with defaults, for menus and the rules screen."""

    def normalize_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        """Fill defaults and check values; raise ``ValueError`` when unusable."""

    def new_state(self, header: Header) -> Any:
        """The state before any event: the first chance events set it up."""

    def apply(self, state: Any, event: Event) -> None:
        """Check ``event`` against the rules and apply it to ``state`` in place."""

    def play(self, state: Any, event: Event) -> None:
        """Apply ``event`` unchecked: it must come from ``legal_moves(state)`` or
        ``chance(state, ...)`` now; ``apply`` is the same after the checks."""

    def chance(self, state: Any, rng: random.Random) -> Event | None:
        """The chance event the rules need now (setup, a draw, a new pot), or None."""

    def to_act(self, state: Any) -> int | None:
        """The seat that must move now; None while chance is pending or when over."""

    def legal_moves(self, state: Any) -> list[Event]:
        """Every move ``apply`` would accept now, for the seat to act: never none
        while a seat is to act, none while none is."""

    def closes_turn(self, event: Event) -> bool:
        """Whether this move hands the turn on (undo never crosses it)."""

    def is_over(self, state: Any) -> bool: ...

    def result(self, state: Any) -> Result | None:
        """The result once over, else None."""

    def view(self, state: Any, seat: int | None) -> Any:
        """What ``seat`` may see (SPECTATOR: what is public; None: everything,
        for finished-game replays and tests)."""

    def redact(self, event: Event, seat: int | None) -> Event:
        """The event as ``seat`` (or SPECTATOR) may know it (hidden cards removed)."""

    def describe(self, state: Any, event: Event, seat: int | None) -> Message | None:
        """The log line for ``event`` applied to ``state`` (the state *before* it),
        as a :class:`Message` whose params reveal nothing hidden from ``seat``
        (or SPECTATOR); None to skip."""

    def copy_state(self, state: Any) -> Any:
        """An independent copy, for undo checkpoints and replays."""
