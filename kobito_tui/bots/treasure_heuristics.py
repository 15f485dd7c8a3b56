"""Hand-written Hide the Treasure heuristics: distances, the steps a colour
still needs, and the greedy value of a path (also the strong level's model of
an opponent's likely reply)."""

from __future__ import annotations

import math

from .treasure_model import DISTANCE, STEPS_PER_TURN, Layout, Path, gain, nearest_open, trapped, walk

WIN = 1_000_000.0


def steps_to_finish(board: int, layout: Layout, colour: int, here: int) -> int:
    """About how many steps a pawn on ``here`` needs to turn all of ``colour``:
    a nearest-first tour over its open tiles, plus the step off the last, plus
    (seek) the unseen tiles to turn up until the last of its hidden ones shows."""
    open_tiles = layout.open_tiles(board, colour)
    steps = math.ceil(unseen_to_turn(board, layout, colour))
    if not open_tiles:
        return steps
    steps += 1
    while open_tiles:
        target = min(open_tiles, key=DISTANCE[here].__getitem__)
        steps += DISTANCE[here][target]
        open_tiles.remove(target)
        here = target
    return steps


def greedy_score(board: int, layout: Layout, colour: int, path: Path, closable: int | None = None) -> float:
    """The greedy value of ``path`` for a player of ``colour`` (random tie-breaks
    apart).  With ``closable`` (see ``best_path``) a path that touches none of
    its tiles is not walked flip by flip: it cannot complete a colour."""
    if closable is None or path.touched & closable:
        after, done = walk(board, layout, path)
    else:
        after, done = board ^ path.net, None
    if done is not None:
        return WIN if done == colour else -WIN
    forced = trapped(after, layout, path.end)
    if forced is not None:  # a win next turn, unless the others turn a tile back first
        return WIN / 2 if forced == colour else -WIN
    turned = gain(board, after, layout, colour)
    mixed = len({layout.colour_of[p] for p in path.flips})
    return 10 * turned - 2 * nearest_open(after, layout, colour, path.end) + 0.5 * mixed


def closable(board: int, layout: Layout) -> int:
    """The tiles of the colours one turn could complete: every tile known, at most 3 still to turn."""
    found = 0
    for mask, hidden in zip(layout.masks, layout.hidden):
        if not hidden and (mask & ~board).bit_count() <= STEPS_PER_TURN:
            found |= mask
    return found


def best_path(board: int, layout: Layout, colour: int, options: list[Path]) -> Path | None:
    """The first of ``options`` with the highest ``greedy_score`` (None if there
    are none): the search's likeliest reply, its innermost loop, so only the
    paths that touch a ``closable`` tile are walked flip by flip."""
    near = closable(board, layout)
    return max(options, key=lambda q: greedy_score(board, layout, colour, q, near), default=None)


def unseen_to_turn(board: int, layout: Layout, colour: int) -> float:
    """Seek: how many of the tiles still unseen and face down one expects to
    turn up before the last of ``colour``'s hidden tiles shows — ``h (U + 1) /
    (h + 1)`` for ``h`` hidden among ``U``.  An unseen tile already turned up
    in a look-ahead (its bit set) found one of them with chance ``h / unseen``."""
    unseen = layout.unseen.bit_count()
    if not unseen:
        return 0.0
    up = (layout.unseen & board).bit_count()
    hidden = layout.hidden[colour] * (1 - up / unseen)
    return hidden * (unseen - up + 1) / (hidden + 1)
