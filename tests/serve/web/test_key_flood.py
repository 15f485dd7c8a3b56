"""A flood of keys through the web door cannot grow a tab's program (as through the SSH door:
tests/serve/test_key_flood.py), and the program is gone within 5 s of the tab's closing."""

from __future__ import annotations

import asyncio
import time

import pytest

from ..helpers import eventually
from ..test_key_flood import programs, rss_mb
from .helpers import Page, WebServer

CURSOR_KEYS = "\x1b[C\x1b[D" * 2730  # 16 kB of right and left, as one message


@pytest.mark.asyncio
async def test_a_key_flood_through_the_web_door_is_dropped_and_the_program_ends_with_the_tab(data_dir):
    server = WebServer(data_dir / "data")
    page = Page(server.url)
    try:
        await page.open()
        await page.connect()
        await page.until("name")
        [program] = programs(server)
        before = most = rss_mb(program)
        for _ in range(118):  # the auditor's flood: 1.9 MB
            await page.keys(CURSOR_KEYS)
        for _ in range(10):
            await asyncio.sleep(0.5)
            most = max(most, rss_mb(program))
        assert most - before < 30, f"the program grew from {before:.0f} to {most:.0f} MB"
        await page.close()
        closed = time.monotonic()
        await asyncio.to_thread(eventually, lambda: program not in programs(server), 5)
        assert time.monotonic() - closed < 5
    finally:
        await page.close()
        server.stop()
