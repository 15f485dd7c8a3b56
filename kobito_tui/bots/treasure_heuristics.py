"""Hand-written Hide the Treasure heuristics: distances, the steps a colour
still needs, and the greedy value of a path (also the strong level's model of
an opponent's likely reply)."""

from __future__ import annotations

import math

from .treasure_model import DISTANCE, RINGS, STEPS_PER_TURN, Layout, Path, gain, nearest_open, trapped, walk

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


def greedy_score(board: int, layout: Layout, colour: int, path: Path) -> float:
    """The greedy value of ``path`` for a player of ``colour`` (random tie-breaks apart)."""
    after, done = walk(board, layout, path)
    if done is not None:
        return WIN if done == colour else -WIN
    forced = trapped(after, layout, path.end)
    if forced is not None:  # a win next turn, unless the others turn a tile back first
        return WIN / 2 if forced == colour else -WIN
    turned = gain(board, after, layout, colour)
    mixed = len({layout.colour_of[p] for p in path.flips})
    return 10 * turned - 2 * nearest_open(after, layout, colour, path.end) + 0.5 * mixed


def best_path(board: int, layout: Layout, colour: int, options: list[Path]) -> Path | None:
    """The first of ``options`` with the highest ``greedy_score`` (None if
    there are none): the same choice, with what the paths share worked out
    once.  It is the search's likeliest reply, its innermost loop."""
    mask, unseen = layout.masks[colour], layout.unseen
    share = layout.share(colour) if unseen else 0.0
    targets = mask | (unseen if layout.hidden[colour] else 0)
    closable = 0  # tiles of colours one turn could complete: every tile known, at most 3 still to turn
    for c, m in enumerate(layout.masks):
        if not layout.hidden[c] and (m & ~board).bit_count() <= STEPS_PER_TURN:
            closable |= m
    best, best_score = None, -math.inf
    for path in options:
        if path.touched & closable:
            score = greedy_score(board, layout, colour, path)
        else:
            after = board ^ path.net
            forced = trapped(after, layout, path.end)
            if forced is not None:
                score = WIN / 2 if forced == colour else -WIN
            else:
                turned = (after & mask).bit_count() - (board & mask).bit_count()
                if unseen:
                    turned = turned + ((after & unseen).bit_count() - (board & unseen).bit_count()) * share
                left = targets & ~after
                near = next((d for d, ring in enumerate(RINGS[path.end]) if ring & left), 0)
                mixed = len({layout.colour_of[p] for p in path.flips})
                score = 10 * turned - 2 * near + 0.5 * mixed
        if score > best_score:
            best, best_score = path, score
    return best


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
