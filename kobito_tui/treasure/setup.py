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
from kobito_tui.treasure.board import CELLS, COLOUR_INDEX, COLOURS, CORNERS, OPPOSITE, SIZE, TILES, from_rc, to_rc
from kobito_tui.treasure.options import FirstPlayer
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
    event["first"] = rng.randrange(state.players) if first == FirstPlayer.RANDOM else first
    if not state.shared:
        if state.players == 2:
            corner = rng.choice(CORNERS)
            corners = [corner, OPPOSITE[corner]]
        else:
            corners = rng.sample(CORNERS, state.players)
        event["pawns"] = [list(to_rc(corner)) for corner in corners]
    return event


def check_setup(state: TreasureState, event: Event) -> None:
    """Refuse (``IllegalEvent``) a setup event the rules do not allow now."""
    if state.ready:
        raise IllegalEvent("game.set-up-already")
    _colours(event.get("colours"), state.players)
    _first(event.get("first"), state)
    _pawns(event.get("pawns"), state)
    if state.seek:
        if "tiles" in event:
            raise IllegalEvent("treasure.seek-no-tiles")
    else:
        _tiles(event.get("tiles"))


def play_setup(state: TreasureState, event: Event) -> None:
    """Lay out the game from a setup event known to be allowed (``check_setup``)."""
    if state.seek:
        state.tile_colour = [None] * CELLS
        state.tile_treasure = [None] * CELLS
        state.pool = list(TILES)
    else:
        state.tile_colour = [COLOUR_INDEX[colour] for colour, _ in event["tiles"]]
        state.tile_treasure = [treasure for _, treasure in event["tiles"]]
    state.face_up = [not state.seek] * CELLS
    state.colour_of = [COLOUR_INDEX[colour] for colour in event["colours"]]
    state.owner_of = {colour: seat for seat, colour in enumerate(state.colour_of)}
    first = state.first = state.to_act = event["first"]
    pawns: list[int | None] = [None] if state.shared else [row * SIZE + col for row, col in event["pawns"]]
    state.pawns = pawns
    state.occupied = sum(1 << pos for pos in pawns if pos is not None)
    start = None if pawns[0] is None else pawns[first]
    state.path = [] if start is None else [start]
    state.ready = True


def _tiles(tiles: object) -> list[tuple[str, str]]:
    if not isinstance(tiles, list) or len(tiles) != len(TILES):
        raise IllegalEvent("treasure.layout-size", count=len(TILES))
    pairs = [tuple(tile) if isinstance(tile, (list, tuple)) else tile for tile in tiles]
    if not _each_tile_once(pairs):
        raise IllegalEvent("treasure.layout-tiles", count=len(TILES))
    return pairs


def _each_tile_once(pairs: list[object]) -> bool:
    """Whether ``len(TILES)`` pairs hold every tile (so each exactly once)."""
    try:
        return set(pairs) == _TILE_SET
    except TypeError:  # an unhashable part is no tile
        return False


_TILE_SET = frozenset(TILES)


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
    if chosen != FirstPlayer.RANDOM and first != chosen:
        raise IllegalEvent("game.first-player", seat=chosen)
    return first


def _pawns(pawns: object, state: TreasureState) -> list[int | None]:
    if state.shared:
        if pawns is not None:
            raise IllegalEvent("treasure.first-places-pawn")
        return [None]
    if not isinstance(pawns, list) or len(pawns) != state.players:
        raise IllegalEvent("treasure.pawns")
    corners = [corner for corner in map(from_rc, pawns) if corner is not None and corner in CORNERS]
    if len(corners) != len(pawns) or len(set(corners)) != len(corners):
        raise IllegalEvent("treasure.pawn-corners")
    if state.players == 2 and corners[1] != OPPOSITE[corners[0]]:
        raise IllegalEvent("treasure.pawns-opposite")
    return list(corners)
