"""The analysis behind the screens: a child process that reports back, refuses what the
analyser refuses, and is not started again when the save's sidecar already has the report."""

from __future__ import annotations

import asyncio
import shutil

from kobito_tui.analysis.sidecar import store
from kobito_tui.app.replay import ReplayScreen, analysing
from kobito_tui.app.replay.chart import ChanceChart
from kobito_tui.core.record import Record

from .conftest import EXAMPLES, example, hand_report, kept, make_app


async def until(pilot, done, seconds: float = 60) -> None:
    for _ in range(int(seconds / 0.05)):
        if done():
            return
        await asyncio.sleep(0.05)
        await pilot.pause()
    raise AssertionError("not done in time")


async def test_the_child_tells_the_analysers_refusal(saves):
    record = example("kobito-2-players.jsonl")
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        analysis = analysing.analysis_of(app, Record(record.header, record.events[:40]))
        told = []
        analysis.listen(lambda: told.append(analysis.finished))
        await until(pilot, lambda: analysis.finished)
        assert analysis.report is None and analysis.refusal.id == "analysis.unfinished"
        assert told[-1] is True


async def test_a_kept_report_beside_the_save_opens_at_once(saves):
    path = saves / "kobito-2-players.jsonl"
    shutil.copy(EXAMPLES[path.name], path)
    record = example(path.name)
    report = hand_report(record, {2: "mistake"})
    store(path, record, report)
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(ReplayScreen(record, path, analyse=True))
        await until(pilot, lambda: bool(app.screen.query(ChanceChart)), seconds=10)
        assert app.screen.report == report


async def test_the_palette_offers_analyse_until_it_is_shown(saves):
    record = example("kobito-2-players.jsonl")
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(ReplayScreen(record))
        await pilot.pause()
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Analyse this game" in titles
        kept(app, record, hand_report(record))
        app.screen.action_analyse()
        await pilot.pause()
        assert "Analyse this game" not in [command.title for command in app.get_system_commands(app.screen)]
