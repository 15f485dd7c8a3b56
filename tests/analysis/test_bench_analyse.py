"""`kobito bench analyse`: seconds per example game and the estimator's and the search's speed."""

from __future__ import annotations

from analysis.cheap import cheapen

from kobito_tui.bench import analyse as bench


def test_bench_reports_seconds_per_game_and_both_speeds(monkeypatch):
    cheapen(monkeypatch)
    monkeypatch.setattr(bench, "GAMES", {"kobito-2-players": 60.0})
    monkeypatch.setattr(bench, "ITERATIONS", 20)
    monkeypatch.setattr(bench, "ROLLOUTS", 20)
    result = bench.run(None)
    row = result["games"]["kobito-2-players"]
    assert row["seconds_per_game"] > 0 and row["target_s"] == 60.0 and row["turns"] > 0
    assert result["iterations_per_s"] > 0 and result["rollouts_per_s"] > 0
    words = bench.report(result)
    assert "rollouts/s" in words and "iterations/s" in words and "kobito-2-players" in words
