"""Ratings: one per player and game, by openskill's Plackett–Luce model over each rated table's
finishing places (2–6 seats; seats that tie share a place; whoever left is last).

A computer is rated by its level's fixed anchor (:mod:`~kobito_tui.serve.anchors`): it takes part
in every update as an opponent, and its rating never moves.  A player starts at openskill's
default (mu 25, sigma 25/3); the number shown is ``mu`` on a scale where a new player has 1500
(:data:`SCALE`), with a "?" while sigma is above :data:`SETTLED_SIGMA` (provisional, as lichess
shows it).

Pure and deterministic: :func:`rate` is the whole fold step, and the same tables in the same
order give the same floats (the store keeps them exactly: IEEE doubles in both engines).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING

from kobito_tui.serve.anchors import ANCHOR_SIGMA, BETA, anchor
from kobito_tui.serve.history import Change, Finished, SeatRow

if TYPE_CHECKING:
    from openskill.models import PlackettLuce

MU = 25.0  # a new player's rating (openskill's default), Medium's anchor
SIGMA = 25 / 3  # a new player's uncertainty (openskill's default)
SETTLED_SIGMA = 4.0  # below this a rating is settled: about 15 two-player games, fewer with more seats
SCALE = 60  # a rating is shown as round(mu * SCALE): 1500 for a new player


@dataclass(frozen=True)
class Rating:
    """A player's rating in one game: ``mu`` and ``sigma``, and how many rated tables made it."""

    mu: float = MU
    sigma: float = SIGMA
    games: int = 0

    @property
    def settled(self) -> bool:
        return self.sigma <= SETTLED_SIGMA

    def shown(self) -> str:
        """The rating as a player sees it: ``1534``, or ``1534?`` while provisional."""
        return shown(self.mu, self.sigma)


def shown(mu: float, sigma: float) -> str:
    return f"{round(mu * SCALE)}{'' if sigma <= SETTLED_SIGMA else '?'}"


def change_shown(change: Change) -> str:
    """A table's change to a rating, as the final screen would say it: ``+12``, ``-7``, ``±0``."""
    points = round(change.after[0] * SCALE) - round(change.before[0] * SCALE)
    return f"{points:+d}" if points else "±0"


@cache
def model() -> PlackettLuce:
    """openskill's Plackett–Luce with this module's defaults (imported on first use: only a rating needs it)."""
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA)


def rate(table: Finished, current: Callable[[str, str], Rating | None]) -> tuple[Finished, dict[str, Rating]]:
    """One table's step of the fold: its rows with each rated person's rating before and after, and
    the new ratings by identity.  ``current(identity, game)`` is a person's rating so far (None:
    none yet).  An unrated table changes no rating."""
    if not table.rated:
        return table, {}
    pl = model()
    teams = []
    for row in table.seats:
        if row.person():
            now = current(row.identity, table.game) or Rating()
            teams.append([pl.rating(mu=now.mu, sigma=now.sigma)])
        else:
            teams.append([pl.rating(mu=anchor(table.game, row.level), sigma=ANCHOR_SIGMA)])
    after = pl.rate(teams, ranks=[float(row.place) for row in table.seats])
    rows: list[SeatRow] = []
    new: dict[str, Rating] = {}
    for row, before, (rated,) in zip(table.seats, teams, after):
        if not row.person():
            rows.append(row)
            continue
        games = (current(row.identity, table.game) or Rating()).games + 1
        new[row.identity] = Rating(rated.mu, rated.sigma, games)
        rows.append(replace(row, rating=Change((before[0].mu, before[0].sigma), (rated.mu, rated.sigma))))
    return replace(table, seats=tuple(rows)), new
