"""`kobito bench replay`: its records, its timings, and its report."""

from __future__ import annotations

import asyncio
import pickle
from pathlib import Path

from kobito_tui.bench import replay as bench
from kobito_tui.bench.replay import COMPARED, long_record, report, time_jumps, time_viewer
from kobito_tui.core import replay
from kobito_tui.core.record import fold
from kobito_tui.core.replay import ReplayCursor
from kobito_tui.core.savefile import dumps, loads


def test_the_long_record_is_a_whole_valid_game_of_at_least_5000_events():
    record = long_record()
    assert len(record.events) >= 5_000
    assert ReplayCursor(record).over  # a replay shows everything only of a finished game
    assert loads(dumps(record)).events == record.events


def test_jumps_use_checkpoints_not_a_refold():
    cursor = ReplayCursor(long_record(2_000))
    timings = time_jumps(cursor, jumps=100)
    assert len(timings) == 100 + cursor.length // cursor.every
    assert max(timings) < 50  # a refold of 2,000 events would take longer than the target allows


def test_a_long_record_keeps_a_bounded_number_of_checkpoints(monkeypatch):
    record = long_record(2_000)
    assert ReplayCursor(record).every == 64
    monkeypatch.setattr(replay, "MAX_CHECKPOINTS", 8)  # 2,000 events count as long now
    cursor = ReplayCursor(record)
    assert cursor.every == -(-cursor.length // 8) and len(cursor._checkpoints) <= 9
    cursor.jump(cursor.length - 1)
    assert cursor.view(None) == record.game.view(fold(record.game, record.header, record.events[:-1]), None)


def test_the_viewer_timings_cover_opening_steps_and_perspectives():
    timings = asyncio.run(time_viewer(long_record(500), 4, perspectives=3))
    assert len(timings["open"]) == len(timings["open_cpu"]) == 1 and len(timings["perspectives"]) == 3
    assert all(len(timings[name]) == 4 for name in ("steps", "steps_cpu", "steps_settled_cpu", "settle_cpu"))
    assert all(ms > 0 for values in timings.values() for ms in values)


FIGURES = {
    "events": 5000,
    "checkpoint_every": 64,
    "open_ms": 30.0,
    "jumps": 578,
    "jump_ms_max": 4.2,
    "jump_ms_median": 0.1,
    "steps": 200,
    "step_ms_median": 12.5,
    "step_ms_p95": 30.1,
    "step_cpu_ms_median": 8.5,
    "step_cpu_ms_p95": 11.0,
    "step_settled_cpu_ms_median": 13.0,
    "step_settled_cpu_ms_p95": 16.0,
    "settle_cpu_ms_median": 4.9,
    "settle_cpu_ms_p95": 6.0,
    "long_events": 100_512,
    "open_100k_ms": 640.0,
    "open_100k_cpu_ms": 510.0,
    "perspective_changes": 10,
    "perspective_change_ms": 21.5,
    "perspective_change_ms_max": 70.1,
}


def test_report_quotes_the_figures():
    text = report(FIGURES)
    assert "max 4.2 ms" in text and "median 12.5 ms" in text and "median 8.5 ms, p95 11.0 ms" in text
    assert "100512-event" in text and "640.0 ms" in text and "median 21.5 ms" in text and "wait itself 4.9 ms" in text


def test_a_comparison_reports_each_figure_before_and_after():
    base = {name: 10.0 for name in COMPARED}
    this = {name: 5.0 for name in COMPARED}
    text = report(
        {
            "against": "main",
            "rounds": 3,
            "events": 5000,
            "long_events": 100_512,
            "medians": {"base": base, "this": this},
            "ratios": {name: 0.5 for name in COMPARED},
        }
    )
    assert "beside main" in text and all(name in text for name in COMPARED) and "×0.5" in text


def test_a_probe_measures_a_tree_in_a_fresh_interpreter(tmp_path):
    """The measuring code runs against the package found at the root given (here: this tree)."""
    short, long = tmp_path / "short.pickle", tmp_path / "long.pickle"
    short.write_bytes(pickle.dumps(long_record(300)))
    long.write_bytes(pickle.dumps(long_record(600)))
    found = bench._probe(Path(bench.__file__).resolve().parents[2], short, long, steps=4, perspectives=2)
    assert set(COMPARED) <= set(found) and found["events"] >= 300 and found["long_events"] >= 600
