"""The reveal chance event of *seek*: which tile lies under a chest turned up unseen.

``{"type": "reveal", "pos": [row, col], "tile": [colour, treasure]}``, drawn
uniformly from the tiles not yet placed: the same distribution as a layout
fixed at setup, but nobody (no seat, no bot, no save file) knows a tile before
it is turned up.
"""

from __future__ import annotations

import random

from kobito_tui.core.game import Event, IllegalEvent
from kobito_tui.treasure.board import from_rc, to_rc
from kobito_tui.treasure.state import TreasureState


def reveal_event(state: TreasureState, rng: random.Random) -> Event:
    """The tile under the pending position, drawn from the pool."""
    assert state.pending is not None, "no reveal pending"
    return {"type": "reveal", "pos": list(to_rc(state.pending)), "tile": list(rng.choice(state.pool))}


def checked_reveal(state: TreasureState, event: Event) -> tuple[int, tuple[str, str]]:
    """The position and tile of a reveal the rules call for now, or ``IllegalEvent``."""
    if state.pending is None:
        raise IllegalEvent("treasure.no-reveal")
    if from_rc(event.get("pos")) != state.pending:
        raise IllegalEvent("treasure.reveal-at", pos=list(to_rc(state.pending)))
    tile = event.get("tile")
    tile = tuple(tile) if isinstance(tile, list) and len(tile) == 2 else None
    if tile not in state.pool:  # each colour's 5 tiles, each at most once
        raise IllegalEvent("treasure.not-in-pool", tile=event.get("tile"))
    return state.pending, tile
