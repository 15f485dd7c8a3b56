"""Whose eyes the table is shown through, and when a curtain must fall.

With one human, always that human.  In hot seat (several humans) the human to
act; while a computer acts, the last human shown.  A game of computers only is
watched from seat 0.  ``people`` are the human seats this terminal plays (by
default every human seat of the header: a game played here).
"""

from __future__ import annotations

from kobito_tui.core.game import Header


def humans(header: Header) -> list[int]:
    return [seat for seat, player in enumerate(header.seats) if not player.is_bot]


def viewer(header: Header, to_act: int | None, shown: int | None, people: list[int] | None = None) -> int:
    """The seat whose view to show now, given the seat ``shown`` until now."""
    people = humans(header) if people is None else people
    if to_act is not None and to_act in people:
        return to_act
    if shown is not None:
        return shown
    return people[0] if people else 0


def needs_curtain(header: Header, shown: int | None, seat: int, people: list[int] | None = None) -> bool:
    """Whether showing ``seat`` after ``shown`` must wait behind a curtain: in
    hot seat, whenever the view passes to a different human (or at the start)."""
    people = humans(header) if people is None else people
    return len(people) > 1 and seat != shown
