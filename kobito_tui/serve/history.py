"""A player's history, as a projection of the finished tables: what each seat of a finished table
did there, read from its stored seating and its game (folded with the game's own rules).

Pure: no store, no clock.  The store (:mod:`~kobito_tui.serve.store_history`) numbers the tables as
they finish and folds them in that order, as they finish and again from scratch
(``kobito serve ratings --rebuild``), through :func:`finished` and the ratings
(:mod:`~kobito_tui.serve.ratings`): the same tables in the same order give the same rows, byte for byte.

Who a seat is: a player's chair its identity (a key, an invited web name, a guest); a computer's
``computer:LEVEL``, its level's recipe name.  (A computer that stands in for a player who left,
and keeps that player's identity in its chair, is that player's seat: the place is theirs.)
A table is rated when at least one person played it, every person was a key or an invited web
name (a guest never is), and it was not set unrated (``meta["rated"]``, True unless said).
Nothing hidden goes in: seats, names, levels, places, points, who left — what the table showed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from typing import Any

from kobito_tui.core.game import places
from kobito_tui.core.levels import canonical
from kobito_tui.core.record import fold
from kobito_tui.games import get_game
from kobito_tui.serve.store_api import OVER, StoredTable

COMPUTER = "computer:"  # the start of a computer seat's identity, then its level
RATED_KINDS = ("key:", "web:")  # the identities a rated table's people must have
PERSON = "player"  # a chair's kind for a person


def computer_identity(level: str | None) -> str:
    """``computer:LEVEL``: a computer seat's identity, by its level's recipe (an old name is its recipe's)."""
    try:
        return COMPUTER + canonical(level or "random")
    except ValueError:
        return COMPUTER + "random"


@dataclass(frozen=True)
class Change:
    """A rating before and after one table: ``(mu, sigma)`` each."""

    before: tuple[float, float]
    after: tuple[float, float]


@dataclass(frozen=True)
class SeatRow:
    """One seat of a finished table: a line of its player's history."""

    table: str
    seat: int
    identity: str
    name: str  # as the seat was called ("" for a computer: worded by its level)
    game: str
    at: str  # when the table finished (UTC, ``YYYY-MM-DDTHH:MM:SSZ``)
    number: int  # the table's place in the order tables finished (the fold's order)
    place: int  # 1 is first; seats that tie share a place; whoever left is last
    points: int | None  # the score, where the game scores
    players: int
    opponents: tuple[str, ...]  # the other seats' identities, by seat
    rated: bool
    left: bool
    level: str | None = None  # a computer's level
    rating: Change | None = None  # a rated person's rating, before and after (set by the ratings)

    def person(self) -> bool:
        return not self.identity.startswith(COMPUTER)

    def json(self) -> str:
        """The row as stored and exported: canonical JSON (keys sorted, no spaces)."""
        row = {f.name: getattr(self, f.name) for f in fields(self)}
        row["rating"] = None if self.rating is None else {"before": self.rating.before, "after": self.rating.after}
        return canonical_json(row)


@dataclass(frozen=True)
class Finished:
    """A finished table, as the history reads it."""

    table: str
    game: str
    number: int
    at: str
    rated: bool
    seats: tuple[SeatRow, ...] = field(default=())


def canonical_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"), allow_nan=False)


def _who(chair: dict[str, Any]) -> tuple[str, bool]:
    """A chair's identity, and whether a person sat there."""
    kind, identity = chair.get("kind"), chair.get("identity")
    if isinstance(identity, str) and identity and (kind == PERSON or not identity.startswith(COMPUTER)):
        return identity, True
    level = chair.get("level")
    return computer_identity(level if isinstance(level, str) else None), False


def is_rated(meta: dict[str, Any], people: list[str]) -> bool:
    """A table is rated when people played it, each a key or an invited name, and it was left rated."""
    return meta.get("rated", True) is True and bool(people) and all(identity.startswith(RATED_KINDS) for identity in people)


def finished(stored: StoredTable, number: int, at: str, state: Any = None) -> Finished | None:
    """The history of ``stored``, the ``number``-th table to finish (at ``at``); None if it holds no
    finished game (set aside, not over, or a seating that does not fit its game).  ``state``: its
    game's state after its last event, if the caller has it (else the game is folded here)."""
    record = stored.record
    if stored.status != OVER or record is None or not stored.seating:
        return None
    meta, chairs = stored.seating[0].get("meta"), stored.seating[1:]
    if not isinstance(meta, dict) or len(chairs) != record.header.players or not all(isinstance(c, dict) for c in chairs):
        return None
    game = get_game(record.header.game)
    result = game.result(fold(game, record.header, record.events) if state is None else state)
    if result is None:
        return None
    seated = [_who(chair) for chair in chairs]
    identities = tuple(identity for identity, _ in seated)
    rated = is_rated(meta, [identity for identity, person in seated if person])
    placed = places(result, len(chairs))
    rows = tuple(
        SeatRow(
            table=stored.table_id,
            seat=seat,
            identity=identity,
            name=str(chairs[seat].get("name") or "") if person else "",
            game=record.header.game,
            at=at,
            number=number,
            place=placed[seat],
            points=result.scores[seat] if result.scores else None,
            players=len(chairs),
            opponents=identities[:seat] + identities[seat + 1 :],
            rated=rated,
            left=seat in result.left,
            level=None if person else identity.removeprefix(COMPUTER),
        )
        for seat, (identity, person) in enumerate(seated)
    )
    return Finished(stored.table_id, record.header.game, number, at, rated, rows)
