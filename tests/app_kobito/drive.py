"""Turn a chosen move into what a player does: key presses, or mouse clicks.

The presses are decided from what the board shows (the hand in its order,
the cards one can pick, the highlighted places), as a person would.  The
fast ``press``/``click`` below send the same events as Pilot's without its
idle-detection sleeps, so whole games take seconds.
"""

from __future__ import annotations

import asyncio
import random

from textual import events
from textual.pilot import Pilot, _get_mouse_message_arguments
from textual.widget import Widget

from kobito_tui.app.kobito.board import KobitoBoard
from kobito_tui.app.kobito.picking import END, split
from kobito_tui.app.kobito.tokens import TokenLines
from kobito_tui.core.game import Event

PREFERENCE = {"take-kobito": 0, "extend": 1, "play": 2, "move": 2, "open": 3, "end-turn": 4}


def quick_player(seed: int):
    """Moves that use every kind of move and finish a game soon: ending the turn last."""
    rng = random.Random(seed)

    def choose(legal: list[Event]) -> Event:
        best = min(PREFERENCE[m["type"]] for m in legal)
        return rng.choice([m for m in legal if PREFERENCE[m["type"]] == best])

    return choose


CHARS = {"space": " ", "enter": "\r", "escape": "\x1b"}


async def settle(pilot: Pilot) -> None:
    """Wait until every widget has handled its messages, and those they caused
    (like ``pilot.pause`` but without its idle-detection sleeps), then paint."""
    app = pilot.app
    quiet = 0
    while quiet < 3:  # handlers that await give way: look again a few turns later
        await asyncio.sleep(0)
        pumps = (app, *app.screen.walk_children(with_self=True))
        busy = any(p.message_queue_size or p._pending_message or p._next_callbacks for p in pumps)
        quiet = 0 if busy else quiet + 1
    app.screen._on_timer_update()  # paint now, as pilot.pause does: clicks hit what is shown


async def press(pilot: Pilot, *keys: str) -> None:
    """``pilot.press`` without its idle-detection sleeps (≥ 40 ms a key): the
    keys go through the same app, bindings and actions."""
    for key in keys:
        event = events.Key(key, CHARS.get(key, key if len(key) == 1 else None))
        event.set_sender(pilot.app)
        pilot.app.post_message(event)
        await settle(pilot)


async def click(pilot: Pilot, widget: Widget | str, offset=(0, 0)) -> bool:
    """``pilot.click`` without its idle-detection sleeps: the same mouse events,
    forwarded the same way; True if the click landed on ``widget``."""
    app = pilot.app
    target = app.screen.query_one(widget) if isinstance(widget, str) else widget
    arguments = _get_mouse_message_arguments(target, offset, button=1)
    landed, _ = app.get_widget_at(arguments["x"], arguments["y"])
    app.mouse_position = (arguments["x"], arguments["y"])
    for kind in (events.MouseDown, events.MouseUp, events.Click):
        app.screen._forward_event(kind(**({**arguments, "chain": 1} if kind is events.Click else arguments)))
    await settle(pilot)
    return landed is target


def source_stop(board: KobitoBoard, source) -> tuple:
    """The stop that picks ``source``: a lone workshop card is offered once, as either end."""
    if source in board.stops:
        return source
    return (*source[:2], "left" if source[2] == "right" else "right")


def expected(board: KobitoBoard, move: Event) -> Event:
    """The move the board plays for ``move`` (the same, but for a lone workshop card's end)."""
    source, target = split(move)
    if isinstance(source, tuple):
        return {**move, "from": source_stop(board, source)[2]}
    return move


def hand_ids(board: KobitoBoard) -> list[str]:
    return [card.id for card in board.hand()]


async def by_keys(pilot: Pilot, board: KobitoBoard, move: Event) -> None:
    """Digits or ←→ space pick, ↓ walks to the place, Enter plays; e ends the turn."""
    source, target = split(move)
    if board.picker.selection:
        await press(pilot, "escape")
    if isinstance(source, frozenset):
        ids = hand_ids(board)
        await press(pilot, *(str(ids.index(card) + 1) for card in sorted(source)))
    else:
        steps = board.stops.index(source_stop(board, source)) - board.stop
        await press(pilot, *(["right"] * steps if steps > 0 else ["left"] * -steps), "space")
    if target == END:
        await press(pilot, "e")
        return
    for _ in range(len(board.picker.targets)):
        if board.picker.current == target:
            break
        await press(pilot, "down")
    assert board.picker.current == target, (move, board.picker.targets)
    await press(pilot, "enter")


async def click_token(pilot: Pilot, board: KobitoBoard, what: str, index: int) -> None:
    for lines in board.query(TokenLines):
        spot = lines.spot(what, index)
        if spot is not None:
            assert await click(pilot, lines, offset=spot), (what, index)
            return
    raise AssertionError(f"no {what} {index} on the screen")


async def by_clicks(pilot: Pilot, board: KobitoBoard, move: Event) -> None:
    """Click the cards to pick, then the highlighted place (or End turn)."""
    source, target = split(move)
    if isinstance(source, frozenset):
        ids = hand_ids(board)
        for card in sorted(source ^ board.picker.selected_cards()):
            await click_token(pilot, board, "source", ids.index(card))
    elif board.picker.selection != source_stop(board, source):
        await click_token(pilot, board, "source", board.stops.index(source_stop(board, source)))
    if target == END:
        assert await click(pilot, "#end-turn")
        return
    await click_token(pilot, board, "target", board.picker.targets.index(target))
