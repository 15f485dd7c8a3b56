"""Marks by winning chance lost, and the calibration map from raw chances to observed ones.

A decision is marked by what its move lost against the best line the analysis
found, in points of the mover's winning chance (after the calibration map):

* **inaccuracy** from ``INACCURACY`` (5 points),
* **mistake** from ``MISTAKE`` (10 points),
* **blunder** from ``BLUNDER`` (20 points).

A forced decision (one legal move at each step) is never marked.  The raw
chances of the rollouts are mapped through ``calibration.json`` (made by
``kobito analyse --calibrate --write``), a piecewise-linear map per game from
raw estimate to the share of such decisions the mover went on to win in
self-play (the identity for a game it does not list).  A computer's seat is mapped
by its level's map (``levels``: fitted on that level's turns alone, so a chance is
how often that level went on to win from such a turn); a person's seat, or a level
without a map, by the pooled map (``maps``: every computer's turns together).

An analysis kept for later (a sidecar, the hub's store) is kept under
:func:`estimator_version`: ``ANALYSIS_VERSION`` (raised when the judges or the
marks change) and a digest of the calibration map, so a changed estimator
analyses anew instead of showing a stale report.
"""

from __future__ import annotations

import hashlib
import json
from bisect import bisect_right
from collections.abc import Sequence
from functools import cache
from importlib import resources

from kobito_tui.core.game import Seat
from kobito_tui.core.levels import ALIASES

INACCURACY, MISTAKE, BLUNDER = 0.05, 0.10, 0.20
ANALYSIS_VERSION = 2  # raise it with any change to how a decision is judged or marked


def mark(lost: float) -> str | None:
    """The mark for ``lost`` points (0..1) of winning chance, or None."""
    if lost >= BLUNDER:
        return "blunder"
    if lost >= MISTAKE:
        return "mistake"
    if lost >= INACCURACY:
        return "inaccuracy"
    return None


def _calibration_text() -> str:
    return resources.files(__package__).joinpath("calibration.json").read_text(encoding="utf-8")


@cache
def estimator_version() -> str:
    """What a kept analysis was made by: ``ANALYSIS_VERSION`` and the calibration map's digest ("1-3f2a9c0b1d4e")."""
    return f"{ANALYSIS_VERSION}-{hashlib.sha256(_calibration_text().encode('utf-8')).hexdigest()[:12]}"


@cache
def calibration_map(game: str, level: str | None = None) -> tuple[tuple[float, float], ...]:
    """The game's shipped map as (raw, chance) knots by raw: ``level``'s (a computer level) if
    it has one, else the pooled map (the identity for a game it does not list)."""
    data = json.loads(_calibration_text())
    knots = None
    if level is not None:
        knots = data.get("levels", {}).get(game, {}).get(ALIASES.get(level, level))
    knots = knots or data.get("maps", {}).get(game) or [[0.0, 0.0], [1.0, 1.0]]
    return tuple((float(x), float(y)) for x, y in knots)


def seat_level(seat: Seat) -> str | None:
    """The level whose map judges ``seat``: a computer's level, None (the pool) for a person."""
    return seat.level if seat.is_bot else None


def through(knots: Sequence[Sequence[float]], raw: float) -> float:
    """``raw`` through the map of ``knots`` ((raw, chance) pairs by raw): linear between them, flat beyond."""
    xs = [x for x, _ in knots]
    i = bisect_right(xs, raw)
    if i == 0:
        return knots[0][1]
    if i == len(xs):
        return knots[-1][1]
    (x0, y0), (x1, y1) = knots[i - 1], knots[i]
    return y0 if x1 == x0 else y0 + (y1 - y0) * (raw - x0) / (x1 - x0)


def calibrated(game: str, raw: float, level: str | None = None) -> float:
    """``raw`` through the game's calibration map (``level``'s, else the pooled one)."""
    return through(calibration_map(game, level), raw)
