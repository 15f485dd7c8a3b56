"""The players as one reader reads them.  The reader's own seat is "you", with
second-person grammar (the messages' ``you(...)`` forms); every other seat is the
name someone typed, or what it is — "Computer 2", "Player 3" — when nobody typed one."""

from __future__ import annotations

from collections.abc import Sequence

from kobito_tui.core.game import Seat
from kobito_tui.core.safetext import NAME_MAX_CHARS, printable

from .translation import Translator


def _humans(seats: Sequence[Seat | str]) -> list[int]:
    return [index for index, one in enumerate(seats) if not (isinstance(one, Seat) and one.is_bot)]


def reader_of(seats: Sequence[Seat | str], seat: int | None) -> int | None:
    """The seat a live game's words call "you": ``seat``, the seat at the keys, when a human
    plays it; None for a spectator (or a game of computers)."""
    return seat if seat is not None and seat in _humans(seats) else None


def local_player(seats: Sequence[Seat | str]) -> int | None:
    """The seat a replay or a saved game's words call "you": the one human of a game against
    computers (who else would look at it); None when several humans played (or none)."""
    humans = _humans(seats)
    return humans[0] if len(humans) == 1 and len(seats) > 1 else None


class Seats:
    """The seats of one game, worded for one reader (``reader``: a seat or None).

    ``seats`` are the header's (a plain string is a human seat of that name).  ``name(seat)``
    is the seat as the third person; ``label(seat)`` as a heading or a list shows it ("You"
    for the reader's unnamed seat); ``is_reader(seat)`` chooses a message's "you" form."""

    def __init__(self, t: Translator, seats: Sequence[Seat | str], reader: int | None = None) -> None:
        self.t, self.reader = t, reader
        self.seats = [Seat(one) if isinstance(one, str) else one for one in seats]

    def is_reader(self, seat: object) -> bool:
        return self.reader is not None and seat == self.reader

    def name(self, seat: object) -> str:
        """The typed name (printable), or what the seat is; a number off the table is "seat N"."""
        if type(seat) is not int or not 0 <= seat < len(self.seats):
            return self.t("seat {number}", number=printable(seat if type(seat) is int else repr(seat), 60))
        one = self.seats[seat]
        if one.name:
            return printable(one.name, NAME_MAX_CHARS)
        return role_name(self.t, seat, one.kind)

    __call__ = name

    def label(self, seat: int) -> str:
        """The seat as a heading shows it: the reader's own unnamed seat is "You"."""
        if self.is_reader(seat) and not self.seats[seat].name:
            return self.t("You")
        return self.name(seat)

    def labels(self) -> list[str]:
        return [self.label(seat) for seat in range(len(self.seats))]


def role_name(t: Translator, seat: int, kind: str) -> str:
    """What an unnamed seat ``seat`` (0-based) is: "Computer 2", "Player 3"."""
    if kind == "bot":
        return t("Computer {number}", number=seat + 1)
    return t("Player {number}", number=seat + 1)


def default_name(t: Translator, seat: int, kind: str) -> str:
    """What a name box holds until a name is typed: "You" for the first human, else the role."""
    return t("You") if kind == "human" and seat == 0 else role_name(t, seat, kind)


def typed_name(t: Translator, seat: int, text: str) -> str:
    """The name a name box gives its seat: ``""`` (no name) when it holds only a default."""
    text = text.strip()
    defaults = {default_name(t, seat, kind) for kind in ("human", "bot")} | {t("You")}
    return "" if text in defaults else text
