"""`kobito bench replay`: its record, its jump timing, and its report."""

from __future__ import annotations

from kobito_tui.bench.replay import long_record, report, time_jumps
from kobito_tui.core.replay import ReplayCursor
from kobito_tui.core.savefile import dumps, loads


def test_the_long_record_is_a_valid_5000_event_game():
    record = long_record()
    assert len(record.events) == 5_000
    assert loads(dumps(record)).events == record.events


def test_jumps_use_checkpoints_not_a_refold():
    cursor = ReplayCursor(long_record(2_000))
    timings = time_jumps(cursor, jumps=100)
    assert len(timings) == 100 + 2_000 // cursor.every
    assert max(timings) < 50  # a refold of 2,000 events would take longer than the target allows


def test_report_quotes_the_figures():
    text = report({"events": 5000, "checkpoint_every": 64, "open_ms": 30.0, "jumps": 578, "jump_ms_max": 4.2,
                   "jump_ms_median": 0.1, "steps": 200, "step_ms_median": 12.5, "step_ms_p95": 30.1,
                   "step_cpu_ms_median": 11.0})
    assert "max 4.2 ms" in text and "median 12.5 ms" in text
