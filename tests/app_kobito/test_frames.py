"""A key press reaches the terminal in one frame, with the status it causes."""

from __future__ import annotations

from app.frames import count_frames

from app_kobito.conftest import game_screen, human_turn, kobito, make_app


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
