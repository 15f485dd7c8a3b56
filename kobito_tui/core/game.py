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
from enum import Enum
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


class PlayerRange(Protocol):
    """What the player-count rule reads of a game (a :class:`Game` has it)."""

    @property
    def id(self) -> str: ...
    @property
    def min_players(self) -> int: ...
    @property
    def max_players(self) -> int: ...


def check_players(game: PlayerRange, count: int) -> None:
    """The player-count rule, the one place it is written: :class:`OptionError` ("options.players")
    unless ``game`` is for ``count`` players.  New headers (``record.new_header``), loaded files
    (``savefile``), the engines' own options and the server's lobby all ask it."""
    if not game.min_players <= count <= game.max_players:
        raise OptionError("options.players", game=game.id, min=game.min_players, max=game.max_players, count=count)


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
    """A rule option, declared once, in its game's rules: everything else (the words in
    every language, the menus, the parsing of ``-o NAME=VALUE`` and of files) reads it.

    ``name`` is the key of save files and the command line.  ``label`` and ``help`` are
    the English texts and the translators' message ids: ``i18n.options`` words them with
    ``t(label)``, and the catalog extractor reads them from this declaration (keyword
    arguments, written as literal strings).  ``choices`` are the values offered, usually
    the members of a :class:`~enum.StrEnum` (each equal to its string, so files and the
    command line keep their strings; the rules compare members); each string choice is
    worded with ``t.p(context, choice)``.  Without choices, ``kind`` (int, bool or str)."""

    name: str
    label: str
    default: Any
    help: str = ""
    choices: tuple[Any, ...] = ()
    kind: type = str  # int or bool or str, when there are no choices

    @property
    def context(self) -> str:
        """The translators' context (``msgctxt``) of this option's choices: its name, spaced."""
        return self.name.replace("_", " ")

    def choice(self, value: Any) -> Any:
        """A string ``value`` as the declared choice equal to it (the enum member, from a file's or
        the command line's string); any other value as it is (the caller checks it)."""
        if isinstance(value, str):
            for choice in self.choices:
                if isinstance(choice, str) and choice == value:
                    return choice
        return value


def plain_options(options: dict[str, Any]) -> dict[str, Any]:
    """``options`` as plain data: each choice that is an enum member as its string (``"to-five"``).
    Headers and views carry plain data; the members are the rules' own (their state's options)."""
    return {name: value.value if isinstance(value, Enum) and isinstance(value, str) else value for name, value in options.items()}


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
    left: list[int] = field(default_factory=list)  # the seats whose players left the game, in the order they left


def places(result: Result, players: int) -> list[int]:
    """Each seat's finishing place (1 is first, equal places tie): the winners first, then the others by score
    where the game scores (else tied after the winners); whoever left is last, an earlier leaver below a later."""
    stayed = [seat for seat in range(players) if seat not in result.left]
    scores = result.scores

    def standing(seat: int) -> tuple[int, int]:
        return (seat not in result.winners, -scores[seat] if scores else 0)

    placed = {seat: 1 + sum(standing(other) < standing(seat) for other in stayed) for seat in stayed}
    placed |= {seat: players - order for order, seat in enumerate(result.left)}
    return [placed[seat] for seat in range(players)]


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
