"""The board in a minimal host: what it posts, and when it stays still."""

from __future__ import annotations

from textual.widgets import Button

from kobito_tui.app.treasure.grid import PITCH_X, PITCH_Y, TileGrid

from .harness import Harness, treasure_header

SIZE = (60, 22)


async def test_a_seat_not_to_act_cannot_move():
    app = Harness(treasure_header(2, first_player=0), seat=1)  # Bob watches Ann's turn
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "right", "up", "left", "enter")
        await pilot.click(TileGrid, offset=(PITCH_X, 0))
        await pilot.click(TileGrid, offset=(0, PITCH_Y))
        assert len(app.session.events) == 1  # the setup only
        assert app.board.status() == "Ann to move"
        assert not app.query_one("#treasure-confirm", Button).display


async def test_status_changes_are_posted_and_the_confirm_button_follows_the_turn():
    app = Harness(treasure_header(2, first_player=0))
    async with app.run_test(size=SIZE) as pilot:
        button = app.query_one("#treasure-confirm", Button)
        assert button.disabled
        directions = []
        for _ in range(3):
            directions.append(app.session.legal_moves()[0]["dir"])
            await pilot.press(directions[-1])
        assert not button.disabled and str(button.label) == "End turn ⏎"
        app.board.hint({"type": "end", "seat": 0})
        assert button.has_class("-hint")
        assert app.statuses == [
            "Step 1 of 3 — arrow keys or click an arrow",
            "Step 2 of 3 — arrow keys or click an arrow",
            "Step 3 of 3 — arrow keys or click an arrow",
            "Press Enter to end your turn (or undo a step)",
        ]
        await pilot.press("u")  # the host's undo: the third step comes back
        assert app.statuses[-1] == "Step 3 of 3 — arrow keys or click an arrow" and button.disabled
        await pilot.press(directions[-1])
        await pilot.click("#treasure-confirm")
        assert app.session.events[-1] == {"type": "end", "seat": 0}
