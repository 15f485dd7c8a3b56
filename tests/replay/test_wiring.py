"""`kobito replay FILE` → files_app(saves_dir, replay=path): the viewer, or the reason it cannot open."""

from __future__ import annotations

from kobito_tui.app.main import files_app
from kobito_tui.app.replay import ReplayScreen
from kobito_tui.app.screens.game import GameScreen
from kobito_tui.app.screens.message import MessageScreen

from .conftest import EXAMPLES


async def test_replay_start_opens_the_viewer_and_play_from_here_continues(saves):
    app = files_app(saves, replay=EXAMPLES["treasure-standard.jsonl"], bot_delay=0)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and app.screen.path == EXAMPLES["treasure-standard.jsonl"]
        await pilot.press("pagedown", "b")
        await pilot.pause()
        await pilot.click("#branch-play")
        await pilot.pause()
        [game] = [s for s in app.screen_stack if isinstance(s, GameScreen)]
        assert game.host.session.path.parent == saves


async def test_replay_start_with_a_bad_file_shows_why(saves, tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text("nonsense\n")
    app = files_app(saves, replay=bad, bot_delay=0)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MessageScreen) and "bad.jsonl, line 1: not a kobito-tui save file header" in app.screen.text
