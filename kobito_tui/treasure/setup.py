"""The setup chance event: layout, secret colours, first player, pawn corners.

``{"type": "setup", "tiles": [[colour, treasure] x25 row-major],
"colours": [colour per seat], "first": seat, "pawns": [[row, col] per seat]}``;
with the shared pawn there is no ``"pawns"``: the first player places it.
In *seek* there is no ``"tiles"``: the tiles start chest side up, unseen, and
each is drawn by a ``reveal`` event when first turned up (see ``reveal``).
"""

from __future__ import annotations

import random

from kobito_tui.core.game import Event, IllegalEvent

from kobito_tui.treasure.board import CELLS, COLOURS, CORNERS, OPPOSITE, TILES, from_rc, to_rc
from kobito_tui.treasure.state import TreasureState


def setup_event(state: TreasureState, rng: random.Random) -> Event:
    """A random setup that respects the options."""
    event: Event = {"type": "setup"}
    if not state.seek:
        tiles = list(TILES)
        rng.shuffle(tiles)
        event["tiles"] = [list(tile) for tile in tiles]
    first = state.options["first_player"]
    event["colours"] = rng.sample(COLOURS, state.players)
    event["first"] = rng.randrange(state.players) if first == "random" else first
    if not state.shared:
        if state.players == 2:
            corner = rng.choice(CORNERS)
            corners = [corner, OPPOSITE[corner]]
        else:
            corners = rng.sample(CORNERS, state.players)
        event["pawns"] = [list(to_rc(corner)) for corner in corners]
    return event


def apply_setup(state: TreasureState, event: Event) -> None:
    """Check a setup event and lay out the game."""
    if state.ready:
        raise IllegalEvent("game.set-up-already")
    colours = _colours(event.get("colours"), state.players)
    first = _first(event.get("first"), state)
    pawns = _pawns(event.get("pawns"), state)
    if state.seek:
        if "tiles" in event:
            raise IllegalEvent("treasure.seek-no-tiles")
        state.tile_colour = [None] * CELLS
        state.tile_treasure = [None] * CELLS
        state.pool = list(TILES)
    else:
        tiles = _tiles(event.get("tiles"))
        state.tile_colour = [COLOURS.index(colour) for colour, _ in tiles]
        state.tile_treasure = [treasure for _, treasure in tiles]
    state.face_up = [not state.seek] * CELLS
    state.colour_of = [COLOURS.index(colour) for colour in colours]
    state.owner_of = {colour: seat for seat, colour in enumerate(state.colour_of)}
    state.first = state.to_act = first
    state.pawns = pawns
    state.path = [] if pawns[0] is None else [pawns[first]]
    state.ready = True


def _tiles(tiles: object) -> list[tuple[str, str]]:
    if not isinstance(tiles, list) or len(tiles) != len(TILES):
        raise IllegalEvent("treasure.layout-size", count=len(TILES))
    pairs = [tuple(tile) if isinstance(tile, (list, tuple)) else tile for tile in tiles]
    if sorted(pairs, key=repr) != sorted(TILES, key=repr):
        raise IllegalEvent("treasure.layout-tiles", count=len(TILES))
    return pairs


def _colours(colours: object, players: int) -> list[str]:
    if (
        not isinstance(colours, list)
        or len(colours) != players
        or not all(colour in COLOURS for colour in colours)
        or len(set(colours)) != players
    ):
        raise IllegalEvent("treasure.colours", count=players)
    return colours


def _first(first: object, state: TreasureState) -> int:
    chosen = state.options["first_player"]
    if type(first) is not int or not 0 <= first < state.players:
        raise IllegalEvent("treasure.first-not-a-seat")
    if chosen != "random" and first != chosen:
        raise IllegalEvent("game.first-player", seat=chosen)
    return first


def _pawns(pawns: object, state: TreasureState) -> list[int | None]:
    if state.shared:
        if pawns is not None:
            raise IllegalEvent("treasure.first-places-pawn")
        return [None]
    if not isinstance(pawns, list) or len(pawns) != state.players:
        raise IllegalEvent("treasure.pawns")
    corners = [from_rc(pawn) for pawn in pawns]
    if not all(corner in CORNERS for corner in corners) or len(set(corners)) != len(corners):
        raise IllegalEvent("treasure.pawn-corners")
    if state.players == 2 and corners[1] != OPPOSITE[corners[0]]:
        raise IllegalEvent("treasure.pawns-opposite")
    return corners
