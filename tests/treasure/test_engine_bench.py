"""`kobito bench engine` for Hide the Treasure: its figures, and the side-by-side report."""

from __future__ import annotations

from kobito_tui.bench import engine


def test_the_bench_reports_games_and_the_strong_bots_paths_per_second():
    result = engine.measure("treasure", 2, 3)
    assert result["games_per_s"] > 0 and result["search_paths_per_s"] > 0
    assert "paths per CPU second" in engine.report(result)


def test_the_comparison_report_gives_both_medians_and_the_ratio():
    runs = {
        "base": [{"games_per_s": 100.0, "search_paths_per_s": 50.0}] * 3,
        "this": [{"games_per_s": 250.0, "search_paths_per_s": 50.0}] * 3,
    }
    medians = {side: dict(found[0]) for side, found in runs.items()}
    text = engine.report(
        {
            "game": "treasure",
            "players": 4,
            "games": 10,
            "against": "abc1234",
            "rounds": 3,
            "runs": runs,
            "medians": medians,
            "ratios": {"games_per_s": 2.5, "search_paths_per_s": 1.0},
        }
    )
    assert "abc1234: 100   this: 250   ratio 2.5" in text and "paths/CPU s" in text
