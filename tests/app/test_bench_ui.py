"""`kobito bench ui` measures what it says (a few samples only: numbers, not timed tests)."""

from __future__ import annotations

from kobito_tui.bench import ui


def test_percentile_picks_from_the_sorted_samples():
    samples = [float(n) for n in range(100, 0, -1)]
    assert ui.percentile(samples, 0.95) == 96.0
    assert ui.percentile(samples, 1.0) == 100.0


async def test_key_latency_times_undo_and_redo_key_presses():
    timings = await ui.key_latency("treasure", 2, 4)
    assert len(timings) == 4
    assert all(0 < ms < 10_000 for ms in timings)


async def test_cursor_latency_times_keys_while_the_hard_bot_thinks(monkeypatch):
    from kobito_tui.app.board import board_class

    monkeypatch.setattr("kobito_tui.app.screens.game.board_class", board_class)  # the real card cursor
    timings = await ui.cursor_latency(4, thinking=True)
    assert len(timings) == 4
    assert all(0 < ms < 10_000 for ms in timings)


def test_report_quotes_every_figure():
    result = {
        "game": "kobito", "players": 4, "size": "120x40", "startup_ms": 400.0, "startup_bare_ms": 300.0,
        "startup_ratio": 1.33, "key_to_screen_ms_median": 12.5, "key_to_screen_ms_p95": 30.1,
        "key_presses": 200, "peak_rss_mb": 90.2, "cursor_ms_idle_median": 7.5, "cursor_ms_idle_p95": 11.5,
        "cursor_ms_thinking_median": 8.25, "cursor_ms_thinking_p95": 21.75,
    }
    text = ui.report(result)
    for figure in ("1.33x", "12.5 ms", "30.1 ms", "90.2 MB", "200 key presses", "7.5 / 11.5 ms", "8.25 / 21.75 ms"):
        assert figure in text


def test_terminal_bench_times_keys_in_real_pseudo_terminals():
    from kobito_tui.bench import terminal

    result = terminal.measure(samples=4)
    assert result["terminal_samples"] == 4
    assert 0 < result["bare_key_ms_median"] < 5_000
    assert 0 < result["terminal_key_ms_median"] < 5_000
    assert result["terminal_ratio"] > 0
    assert "ratio to the bare app" in terminal.report(result)
