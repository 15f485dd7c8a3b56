"""A hint behaves as in Kobito (its words on the status line, Enter plays it), and against a
computer u takes back a whole turn once nothing of this turn is left to undo."""

from __future__ import annotations

from textual.widgets import Static

from app_treasure.pilot import KEYS, board, game_screen, settle, treasure_app
from kobito_tui.app.treasure import words
from kobito_tui.bots import make_bot
from kobito_tui.i18n import translator


def quick_hints(monkeypatch) -> None:
    """The hint's hard computer, replaced by the medium one: quick."""
    monkeypatch.setattr(
        "kobito_tui.table.table.make_bot",
        lambda game_id, level, seed, *budget: make_bot(game_id, "medium" if level == "hard" else level, seed),
    )


async def test_a_hint_says_its_step_and_enter_plays_it(tmp_path, monkeypatch):
    quick_hints(monkeypatch)
    app = treasure_app(tmp_path, players="Ann,bot:random", first_player=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await pilot.press("question_mark")
        for _ in range(400):
            if board(app)._hint is not None:
                break
            await pilot.pause(0.01)
        hinted = board(app)._hint
        assert hinted is not None and hinted["type"] == "step"
        status = str(screen.query_one("#status", Static).content)
        assert status == words.hint_text(translator("en"), hinted)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.host.session.events[-1] == hinted


async def test_against_a_computer_u_takes_back_the_whole_last_turn(tmp_path):
    app = treasure_app(tmp_path, players="Ann,bot:random", first_player=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        start = list(screen.host.session.events)
        session = screen.host.session
        for _ in range(4):  # a whole turn by keys: three steps, then Enter
            move = session.legal_moves()[0]
            await pilot.press(KEYS[move["dir"]][0] if move["type"] == "step" else "enter")
            await settle(pilot)
        await settle(pilot)
        assert screen.client.to_move and len(session.events) > len(start) + 4, (session.result, session.events[len(start) :])
        assert not screen.host.session.can_undo(0) and screen.client.latest.can_undo
        await pilot.press("u")
        await settle(pilot)
        assert screen.host.session.events == start and screen.client.to_move
