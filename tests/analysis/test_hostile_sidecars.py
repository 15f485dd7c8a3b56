"""Hostile analysis sidecars (issue 38): a huge number, a FIFO, a link to /dev/zero, nesting deep.

``kobito analyse`` and the app's Analyse neither crash, hang nor read without end: such a sidecar
is not read (the game is analysed anew and the sidecar replaced by a good one), and an analysis
whose worker dies shows a refusal, never "Analysing…" without end.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import resource
import shutil
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from analysis.cheap import cheapen, example
from replay.conftest import make_app

from kobito_tui.analysis import sidecar
from kobito_tui.analysis.report import Report
from kobito_tui.app.replay import ReplayScreen
from kobito_tui.app.replay.chart import ChanceChart
from kobito_tui.cli import main
from kobito_tui.core.record import Record

KINDS = ("huge-number", "fifo", "dev-zero", "deep")
APP_DEPTH = 970  # JSON reads it in the app's worker thread, not in a test's (called deeper): once kept, then lost
NAME = "kobito-2-players"


def nest(depth: int) -> str:
    return "[" * depth + "]" * depth


def key(record: Record, seed: int) -> str:
    """The key of the game's analysis with ``seed`` (another seed's is kept when a new one is stored)."""
    return f"{sidecar.digest(record)}:all:{sidecar.estimate_key(seed)}"


def make_hostile(kind: str, save: Path, record: Record, depth: int = 100_000) -> None:
    """``save``'s sidecar made hostile: ``depth`` is how deep the "deep" one nests."""
    path = sidecar.sidecar_path(save)
    path.unlink(missing_ok=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "huge-number":
        entry = '{"game":"kobito","seats":[],"turns":[],"chances":[],"version":1e999}'
        path.write_text(f'{{"reports":{{"{key(record, 0)}":{entry}}}}}')
    else:  # this analysis's report, and another kept beside it, nested as deep as asked
        entries = f'"{key(record, 0)}":{{"game":{nest(depth)}}},"{key(record, 7)}":{nest(depth)}'
        path.write_text(f'{{"reports":{{{entries}}}}}')


def within(seconds: float, run: Callable[[], Any]) -> Any:
    """``run()``'s value, or its error raised here; fails if it is not back in ``seconds`` (it hangs)."""
    done: list[Any] = []

    def target() -> None:
        try:
            done.append(run())
        except BaseException as error:  # noqa: BLE001 - raised again in the test's thread
            done.append(error)

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    assert done, f"not back in {seconds} s: hangs"
    if isinstance(done[0], BaseException):
        raise done[0]
    return done[0]


@pytest.fixture
def memory_bound() -> Iterator[None]:
    """A read without end fails at once here instead of taking the machine's memory."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    with open("/proc/self/statm") as statm:
        size = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    resource.setrlimit(resource.RLIMIT_AS, (size + 2 * 2**30, hard))
    yield
    resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


@pytest.fixture(scope="module")
def report() -> Report:
    with pytest.MonkeyPatch.context() as patch:
        cheapen(patch)
        return sidecar.analyse(example(NAME))


@pytest.fixture
def game(tmp_path: Path, report: Report, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the example beside which the analysis is the module's (made once: each test reads sidecars)."""
    monkeypatch.setattr(sidecar, "analyse", lambda record, **_: report)
    path = tmp_path / "game.jsonl"
    shutil.copy(f"saves/{NAME}.jsonl", path)
    return path


def analysed_by_the_cli(game: Path, report: Report, capsys: pytest.CaptureFixture[str]) -> None:
    """``kobito analyse`` says the analysis and keeps it, the hostile sidecar replaced."""
    assert within(20, lambda: main(["analyse", str(game), "--lang", "en"])) == 0
    captured = capsys.readouterr()
    assert "Accuracy" in captured.out and not captured.err
    path = sidecar.sidecar_path(game)
    assert path.is_file() and not path.is_symlink()
    assert sidecar.load_cached(game, example(NAME)) == report


@pytest.mark.parametrize("kind", ["huge-number", "fifo", "dev-zero"])
def test_kobito_analyse_reads_no_hostile_sidecar(kind, game, report, capsys, memory_bound):
    make_hostile(kind, game, example(NAME))
    analysed_by_the_cli(game, report, capsys)


@pytest.mark.slow
def test_kobito_analyse_reads_no_sidecar_nested_too_deep(game, report, capsys):
    """Every depth up to where JSON stops reading (which depends on how deep the reader is called): one read
    once was written back beside the new report, and the sidecar then failed to read, the report lost."""
    record = example(NAME)
    for depth in [*range(900, 1001), 100_000]:
        make_hostile("deep", game, record, depth)
        analysed_by_the_cli(game, report, capsys)


def test_a_sidecar_of_huge_numbers_everywhere_is_not_an_analysis(game, report):
    record = example(NAME)
    numbers = re.compile(r"(?<=[\[\s:,])-?\d+(?:\.\d+)?(?:e-?\d+)?(?=[,\]\}\s])")
    huge = numbers.sub("1e999", json.dumps(report.to_json()))
    for entry in (huge, huge.replace('"version": 1e999', '"version": 1')):
        sidecar.sidecar_path(game).write_text(f'{{"reports":{{"{key(record, 0)}":{entry}}}}}')
        assert sidecar.load_cached(game, record) is None
    with pytest.raises(ValueError, match="not an analysis"):
        Report.from_json(json.loads(huge))


# --- in the app -------------------------------------------------------------------


async def until(pilot, done: Callable[[], bool], seconds: float) -> None:
    for _ in range(int(seconds / 0.05)):
        if done():
            return
        await asyncio.sleep(0.05)
        await pilot.pause()
    raise AssertionError("still analysing")


@pytest.mark.slow  # a real analysis, in the app's child process
@pytest.mark.parametrize("kind", KINDS)
async def test_analyse_in_the_app_is_never_left_analysing(kind, tmp_path, memory_bound):
    """The sidecar is not read: the game is analysed (by the app's child process) and the chart shown."""
    save = tmp_path / "game.jsonl"
    shutil.copy(f"saves/{NAME}.jsonl", save)
    record = example(NAME)
    make_hostile(kind, save, record, APP_DEPTH)
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await app.push_screen(ReplayScreen(record, save))
        await pilot.pause()
        app.screen.action_analyse()
        await until(pilot, lambda: app.screen.analysis is None or app.screen.analysis.finished, seconds=60)
        await until(pilot, lambda: bool(app.screen.query(ChanceChart)), seconds=5)
        shown = app.screen.report
        assert shown is not None and not app._notifications
    assert sidecar.load_cached(save, record) == shown  # kept, the hostile sidecar replaced


class Failing:
    """A keeper that fails as a hostile store could (nesting too deep for Python to walk)."""

    def load(self, record: Record, seat: int | None) -> Report | None:
        raise RecursionError("maximum recursion depth exceeded")

    def store(self, record: Record, seat: int | None, report: Report) -> None:
        raise AssertionError("nothing to store")


async def test_a_worker_that_dies_shows_a_refusal_not_a_spinner(tmp_path):
    record = example(NAME)
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await app.push_screen(ReplayScreen(record, keeper=Failing()))
        await pilot.pause()
        app.screen.action_analyse()
        await until(pilot, lambda: bool(app._notifications), seconds=10)
        assert [note.message for note in app._notifications] == ["the analysis stopped on an internal error"]
        assert app.screen.analysis is None and not app.screen.query_one("#replay-analysing").display
