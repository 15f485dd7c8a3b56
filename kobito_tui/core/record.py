"""Game records: a header plus the ordered events, and the fold that replays them."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from kobito_tui import __version__
from kobito_tui.core.game import Event, Game, Header, IllegalEvent, Seat, check_players, plain_options
from kobito_tui.core.games import get_game
from kobito_tui.core.levels import BOT_LEVELS, DEFAULT_LEVEL, LEVELS
from kobito_tui.core.message import Message
from kobito_tui.core.safetext import BadName, name_fault
from kobito_tui.core.seatnames import unnamed


@dataclass
class Record:
    """A whole game as saved: everything else is derived from it."""

    header: Header
    events: list[Event] = field(default_factory=list)

    @property
    def game(self) -> Game:
        return get_game(self.header.game)


class EventError(Exception):
    """Event number ``index`` (0-based) of a record is refused: ``message`` says why
    (``str()`` is the event's number and the message's id, not words)."""

    def __init__(self, index: int, message: Message):
        self.index, self.message = index, message
        super().__init__(f"event {index + 1}: {message}")


def parse_players(text: str) -> tuple[Seat, ...]:
    """Seats from ``"Ann,Bob,bot,bot:hard"``: a name is a human, ``bot[:level]`` a computer (unnamed)."""
    seats: list[Seat] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            raise ValueError("a player name is empty")
        kind, _, level = part.partition(":")
        if kind.lower() in ("bot", "computer", "cpu"):
            level = (level or DEFAULT_LEVEL).lower()
            if level not in BOT_LEVELS:
                raise ValueError(f"unknown computer level {level!r} (one of {', '.join(LEVELS)})")
            seats.append(Seat("", "bot", level))
        else:
            seats.append(Seat(part))
    return tuple(seats)


def new_header(
    game_id: str,
    seats: tuple[Seat, ...],
    options: dict[str, Any] | None = None,
    seed: int | None = None,
) -> Header:
    """A header for a new game, with options checked and defaults filled in.

    Without ``seed`` the game's chance comes from the OS's secure random source
    and no seed is stored; a ``seed`` makes the whole game reproducible."""
    game = get_game(game_id)
    check_players(game, len(seats))
    for seat in seats:  # names in a header are safe to show, as a loaded file's are
        if seat.name and (fault := name_fault(seat.name)) is not None:
            raise BadName(fault.id, **fault.params)
    return Header(
        game=game_id,
        seats=tuple(unnamed(seat, index) for index, seat in enumerate(seats)),  # a default is no name
        options=plain_options(game.normalize_options(dict(options or {}), len(seats))),  # a header is plain data
        seed=seed,
        created=datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        app_version=__version__,
    )


class _LazyRandom:
    """A ``random.Random`` seeded on first use: most moves call for no chance
    event, and seeding a Mersenne Twister costs more than a whole move."""

    __slots__ = ("_seed", "_rng")

    def __init__(self, seed: str):
        self._seed = seed
        self._rng: random.Random | None = None

    def __getattr__(self, name: str) -> Any:
        if self._rng is None:
            self._rng = random.Random(self._seed)
        return getattr(self._rng, name)


_SECURE = random.SystemRandom()


def chance_rng(header: Header, index: int) -> random.Random:
    """The RNG for the chance event at ``index``: the OS's secure source for an
    unseeded game; else a function of seed and position only, so a seeded game
    (and every file saved before games went unseeded) continued after loading
    plays out as if never saved."""
    if header.seed is None:
        return _SECURE
    return _LazyRandom(f"{header.seed}:{index}")  # type: ignore[return-value]  # a stand-in with the methods draws use, not a Random subclass


def fold(game: Game, header: Header, events: list[Event]) -> Any:
    """The state after ``events``, each checked by the rules; raises EventError."""
    state = game.new_state(header)
    for index, event in enumerate(events):
        apply_checked(game, state, event, index)
    return state


def apply_checked(game: Game, state: Any, event: Event, index: int) -> None:
    """Apply one event, turning any refusal (or malformed data) into EventError."""
    if not isinstance(event, dict) or not isinstance(event.get("type"), str):
        raise EventError(index, Message("event.not-an-event"))
    try:
        game.apply(state, event)
    except IllegalEvent as error:
        raise EventError(index, error.message) from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise EventError(index, Message("event.malformed", {"type": event["type"], "error": str(error)})) from None


def run_chance(game: Game, header: Header, state: Any, events: list[Event]) -> list[Event]:
    """Append and play the chance events the rules call for now; return them
    (the game's own events, so played unchecked: ``Game.play``)."""
    rng = chance_rng(header, len(events))
    added: list[Event] = []
    while (event := game.chance(state, rng)) is not None:
        game.play(state, event)
        events.append(event)
        added.append(event)
    return added
