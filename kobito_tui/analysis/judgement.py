"""What the analysis makes of one decision, and the seeds it draws its luck from."""

from __future__ import annotations

import random
from dataclasses import dataclass

from kobito_tui.core.game import Event


@dataclass(frozen=True)
class Judgement:
    """The mover's winning chance (0..1, raw: before the calibration map) with the best
    line it found and with the line it played, each estimated from its own view."""

    best: float
    played: float
    best_events: tuple[Event, ...]


def rng(seed: int, *parts: object) -> random.Random:
    """A generator fixed by the analysis seed and ``parts`` (the decision, the rollout):
    every candidate of a decision meets the same worlds and the same luck."""
    return random.Random(":".join(map(str, (seed, *parts))))
