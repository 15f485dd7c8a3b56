"""What the replay viewer says: its keys once each, no End turn, open hands
labelled, the view by name, a title that fits."""

from __future__ import annotations

from kobito_tui.app.replay import ReplayScreen
from kobito_tui.app.screens.help import HelpScreen

from .conftest import EXAMPLES, example, make_app


def screen_text(app) -> str:
    return "\n".join("".join(segment.text for segment in strip) for strip in app.screen._compositor.render_strips())


async def test_f1_lists_each_key_of_the_replay_once(saves):
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(ReplayScreen(example("kobito-4-players.jsonl"), EXAMPLES["kobito-4-players.jsonl"]))
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        keys = dict((what, key) for key, what in app.screen.keys)
        for key, _ in app.screen.keys:
            parts = key.split(" / ")
            assert len(parts) == len(set(parts)), key
        assert keys["Step"] == "→ / l" and keys["Turn ▸"] == "PgDn / ^→ / ]"


async def test_the_viewer_of_a_finished_game_has_no_end_turn_and_names_whose_view(saves):
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(ReplayScreen(example("kobito-4-players.jsonl"), EXAMPLES["kobito-4-players.jsonl"]))
        await pilot.pause()
        await pilot.press(*["pagedown"] * 10)
        await pilot.pause()
        text = screen_text(app)
        assert "End turn" not in text
        assert "View: all" in text and text.count("hand:") == 3  # the other hands, open and said so
        title = text.split("\n")[0].rstrip()
        assert not title.endswith("·") and title.endswith("…"), title
        await pilot.press("2")
        await pilot.pause()
        assert "View: Bob" in screen_text(app)
        await pilot.resize_terminal(160, 30)
        await pilot.pause()
        assert screen_text(app).split("\n")[0].rstrip().endswith("kobito-4-players.jsonl")
