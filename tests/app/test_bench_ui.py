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
    from kobito_tui.app.games import board_class

    monkeypatch.setattr("kobito_tui.app.screens.game.board_class", board_class)  # the real card cursor
    timings = await ui.cursor_latency(4, thinking=True)
    assert len(timings) == 4
    assert all(0 < ms < 10_000 and 0 <= cpu for ms, cpu in timings)


async def test_the_bare_app_is_timed_on_the_same_keys():
    timings = await ui.bare_latency(4)
    assert len(timings) == 4
    assert all(0 < ms < 10_000 and 0 <= cpu for ms, cpu in timings)


def test_report_quotes_every_figure():
    result = {
        "game": "kobito",
        "players": 4,
        "size": "120x40",
        "startup_ms": 400.0,
        "startup_bare_ms": 300.0,
        "startup_ratio": 1.33,
        "key_to_screen_ms_median": 12.5,
        "key_to_screen_ms_p95": 30.1,
        "key_presses": 200,
        "peak_rss_mb": 90.2,
        "cursor_ms_idle_median": 7.5,
        "cursor_ms_idle_p95": 11.5,
        "cursor_ms_thinking_median": 8.25,
        "cursor_ms_thinking_p95": 21.75,
        "cursor_cpu_ms_median": 2.5,
        "bare_cpu_ms_median": 2.0,
        "cursor_cpu_ratio": 1.25,
    }
    text = ui.report(result)
    for figure in ("1.33x", "12.5 ms", "30.1 ms", "90.2 MB", "200 key presses", "7.5 / 11.5 ms", "8.25 / 21.75 ms", "2.5 ms", "1.25x"):
        assert figure in text


def test_terminal_bench_times_keys_in_real_pseudo_terminals():
    from kobito_tui.bench import terminal

    result = terminal.measure(samples=4)
    assert result["terminal_samples"] == 4
    assert 0 < result["bare_key_ms_median"] < 5_000
    assert 0 < result["terminal_key_ms_median"] < 5_000
    assert result["terminal_ratio"] > 0
    assert result["bare_bytes_per_key"] > 0 and result["terminal_bytes_per_key"] > 0  # each key repaints something
    assert result["terminal_cpu_ms_per_key"] > 0 and result["bare_cpu_ms_per_key"] >= 0
    assert "bytes written per key" in terminal.report(result)


def test_terminal_report_sets_this_app_beside_the_bare_one_and_the_commit_before():
    from kobito_tui.bench import terminal

    figures = {"key_ms_median": 3.0, "key_ms_p95": 4.0, "bytes_per_key": 300, "cpu_ms_per_key": 2.8}
    result = {f"{name}_{figure}": value for name in ("terminal", "base") for figure, value in figures.items()}
    result |= {"bare_key_ms_median": 2.0, "bare_key_ms_p95": 3.0, "bare_bytes_per_key": 60, "bare_cpu_ms_per_key": 2.0}
    result |= {"terminal_samples": 100, "against": "main", "terminal_ratio": 1.5, "bytes_ratio": 5.0, "cpu_ratio": 1.4}
    result |= {"base_terminal_ratio": 1.7, "base_bytes_ratio": 8.0, "base_cpu_ratio": 1.7}
    text = terminal.report(result)
    assert "1.4x  <= 1.3" in text and "5.0x  <= 1.5" in text  # each ratio beside the goal
    assert "main (before), same run:" in text and "8.0x" in text


async def test_key_latency_plays_a_four_seat_kobito_game_to_its_samples():
    """The game of the stalled run: three computers, the loop waiting on the screen."""
    timings = await ui.key_latency("kobito", 4, 4)
    assert len(timings) == 4


async def test_a_wait_on_a_game_that_never_comes_back_says_what_the_table_and_screen_think(tmp_path):
    import pytest

    from kobito_tui.app.main import files_app
    from kobito_tui.bench.waits import NeverCame, until
    from kobito_tui.core.record import new_header, parse_players

    header = new_header("treasure", parse_players("bot:random,You"), {"first_player": 0}, seed=1)
    app = files_app(tmp_path, new=header, bot_delay=60)  # the computer waits a minute before its move
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.game_screen() is not None and app.game_screen().client.latest is not None, "the game")
        with pytest.raises(NeverCame) as caught:
            await until(pilot, lambda: app.game_screen().client.to_move, "seat 1's turn", timeout=0.3)
    words = str(caught.value)
    assert words.startswith("seat 1's turn: not within 0.3 s; the table is at revision")
    assert "seat 0 to act" in words and "human to move: False" in words
