"""`kobito bench web`'s report quotes every figure its run measured (the run itself is a benchmark, not a test)."""

from __future__ import annotations

from kobito_tui.bench.web import report
from kobito_tui.cli import build_parser

RESULT = {
    "web_first_screen_s": 2.1, "ssh_first_screen_s": 0.44, "tabs": 10, "tabs_in_lobby": 10, "all_in_lobby_s": 26.86,
    "in_lobby_median_s": 26.44, "opened_s": 13.35, "lobby_tab_mb_median": 38.5, "lobby_tab_mb_max": 38.7, "requests_elsewhere": [],
    "key_samples": 40, "screen": "142×40", "web_key_in_page_ms_median": 2.4, "web_key_parsed_ms_median": 24.9, "web_key_parsed_ms_p95": 58.1,
    "web_key_dispatched_painted_ms_median": 21.3, "web_key_dispatched_painted_ms_p95": 47.7, "parsed_ratio": 3.19, "dispatched_ratio": 2.73, "web_key_rendered_ms_median": 14.2, "web_key_rendered_ms_p95": 33.3, "rendered_ratio": 1.71, "raw_key_screen_ms_median": 6.9, "raw_key_screen_ms_p95": 19.6, "web_key_first_frame_ms_median": 9.5, "web_key_painted_ms_median": 27.4, "web_key_painted_ms_p95": 61.4,
    "ssh_key_first_bytes_ms_median": 7.8, "ssh_key_screen_ms_median": 7.8, "ssh_key_screen_ms_p95": 16.5, "ratio": 3.52,
    "first_ratio": 1.22, "game_tab_mb": 50.7,
}  # fmt: skip  # a table: one row a line


def test_the_report_quotes_every_figure_and_the_command_takes_web():
    text = report(RESULT)
    for key, value in RESULT.items():
        if key != "requests_elsewhere":
            assert str(value) in text, key
    assert "requests to other hosts    0" in text and "target ≤ 1.5" in text
    assert build_parser().parse_args(["bench", "web", "--json"]).what == "web"
