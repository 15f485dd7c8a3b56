"""A key press reaches the terminal in one frame: a second frame waits for the
screen's refresh timer (~16 ms) and is most of what a player feels as lag."""

from __future__ import annotations

from textual.widgets import Static

from app_kobito.conftest import game_screen, human_turn, kobito, make_app


def count_frames(app) -> list[str]:
    """The status line's words at each frame the app hands to the terminal."""
    frames: list[str] = []
    display = app._display

    def counted(screen, update) -> None:
        display(screen, update)
        if update is not None:
            frames.append(str(app.screen.query_one("#status", Static).render()))

    app._display = counted
    return frames


async def test_a_key_is_one_frame_with_the_status_it_causes(saves):
    app = make_app(saves, new=kobito("Ann,bot:random", seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await human_turn(pilot, await game_screen(pilot))
        await pilot.pause(0.1)
        frames = count_frames(app)
        for key in ("right", "left"):  # the cursor: the hand changes, the status does not
            await pilot.press(key)
            await pilot.pause(0.1)
            assert frames == ["Play at least 1 card — 0 played"], key
            frames.clear()
        playable = next(n for n, card in enumerate(screen.board.hand(), 1) if screen.board.picker.playable(card.id))
        await pilot.press(str(playable))  # a pick: hand, places and status change together
        await pilot.pause(0.1)
        assert len(frames) == 1 and frames[0].startswith("Pick a highlighted place for")
