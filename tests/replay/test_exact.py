"""The viewer's moment is the fold of the log, however it was reached: a step after a jump
shows the same screen as stepping there one event at a time (board, log, verdict, chart,
position line), across checkpoints and log blocks."""

from __future__ import annotations

import random

import pytest

from kobito_tui.app.replay import ReplayScreen
from kobito_tui.core import replay
from tests.i18n.screentext import screen_lines

from .conftest import example, hand_report, kept, make_app

SIZE = (100, 32)


def settled_text(screen: ReplayScreen) -> list[str]:
    """The screen as text, the board's passing highlights dropped (they stay a moment after
    each step, so stepping fast shows those of several steps: not part of the moment)."""
    forget = getattr(screen.board, "_forget_news", None)
    if forget is not None:
        forget()
    screen.app.screen._on_timer_update()
    return screen_lines(screen.app)


async def opened(pilot, record) -> ReplayScreen:
    kept(pilot.app, record, hand_report(record, {2: "mistake", 5: "blunder", 9: "inaccuracy"}))
    screen = ReplayScreen(record, analyse=True)
    await pilot.app.push_screen(screen)
    await pilot.pause()
    assert screen.chart is not None  # the chart and the verdicts are on the screen compared
    return screen


@pytest.mark.parametrize("name", ["kobito-4-players.jsonl", "treasure-standard.jsonl"])
async def test_a_step_after_a_jump_shows_what_stepping_there_one_by_one_shows(saves, name, monkeypatch):
    monkeypatch.setattr(replay, "CHECKPOINT_EVERY", 8)  # many checkpoints and log blocks to cross
    monkeypatch.setattr(replay, "LINES_EVERY", 8)
    record = example(name)
    rng = random.Random(name)
    one_by_one: dict[int, list[str]] = {}
    async with make_app(saves).run_test(size=SIZE) as pilot:
        screen = await opened(pilot, record)
        cursor = screen.cursor
        assert cursor.every == 8
        targets = sorted(rng.sample(range(cursor.start + 1, cursor.length), 12)) + [cursor.length - 1]
        while cursor.position < max(targets):
            screen.action_step(1)  # what → does, one event at a time (drawn at the moments compared)
            if cursor.position in targets:
                await pilot.pause()
                one_by_one[cursor.position] = settled_text(screen)
    async with make_app(saves).run_test(size=SIZE) as pilot:
        screen = await opened(pilot, record)
        for target in targets:
            screen.action_jump(target - 1 if target - 1 > screen.cursor.start else target + 1)
            await pilot.pause()
            await pilot.press("right" if screen.cursor.position < target else "left")
            assert screen.cursor.position == target
            assert settled_text(screen) == one_by_one[target], f"event {target}"
            screen.action_jump(rng.randrange(screen.cursor.start, screen.cursor.length + 1))  # from anywhere
            await pilot.pause()
            screen.action_jump(target + 1)
            await pilot.pause()
            await pilot.press("left")
            assert settled_text(screen) == one_by_one[target], f"event {target}, back from {target + 1}"
