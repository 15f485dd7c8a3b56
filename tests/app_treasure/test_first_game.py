"""A first Hide the Treasure game at 80×24: keys stay on the board, words fit, refused keys say why."""

from __future__ import annotations

from textual.widgets import Static

from kobito_tui.app.log_panel import LogPanel
from kobito_tui.app.treasure.controls import acting_pawn

from .pilot import board, game_screen, lift_curtain, settle, treasure_app

EDGE = {"up": lambda r, c: r == 0, "down": lambda r, c: r == 4, "left": lambda r, c: c == 0, "right": lambda r, c: c == 4}


def status_line(app) -> tuple[str, str]:
    status = app.screen.query_one("#status", Static)
    row = app.screen._compositor.render_strips()[status.region.y]
    return str(status.content), "".join(segment.text for segment in row).strip()


async def test_the_board_keeps_the_keys_through_resizes_and_clicks(tmp_path):
    app = treasure_app(tmp_path, "You,bot", first_player=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for size in [(90, 24), (160, 50), (60, 20), (80, 24)]:
            await pilot.resize_terminal(*size)
            await pilot.pause()
        await pilot.click("#undo")
        await pilot.click("#menu")
        await pilot.press("escape")  # the menu closes
        await pilot.pause()
        assert app.focused is board(app)
        steps = game_screen(app).host.session.view(0).steps_taken
        await pilot.press(game_screen(app).host.session.legal_moves()[0]["dir"])
        assert game_screen(app).host.session.view(0).steps_taken == steps + 1


async def test_refused_keys_say_why_and_every_status_fits(tmp_path):
    app = treasure_app(tmp_path, "You,bot", first_player=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        seen = []

        async def press(*keys):
            await pilot.press(*keys)
            text, shown = status_line(app)
            seen.append(text)
            assert shown == text, f"cut: {shown!r} of {text!r}"

        row, col = acting_pawn(screen.host.session.view(0))
        edge = next(direction for direction, at_edge in EDGE.items() if at_edge(row, col))
        await press(edge)
        assert seen[-1] == "The board ends there: step another way"
        await press("enter")
        assert seen[-1] == "Take 3 more steps first: 3 a turn, then Enter"
        for _ in range(3):
            await press(screen.host.session.legal_moves()[0]["dir"])
        await press("up")
        assert seen[-1] == "3 steps taken: Enter ends your turn (u takes a step back)"
        assert "Press Enter to end your turn (or undo a step)" in seen
        events = len(screen.host.session.events)
        await press("u", "u", "u", "u")
        assert len(screen.host.session.events) == events - 3
        assert seen[-1] == "Nothing to undo yet this turn"


async def test_four_players_at_80_columns_keep_each_seat_on_one_line(tmp_path):
    app = treasure_app(tmp_path, "You,bot,bot,bot", seed=8, first_player=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        seats = app.screen.query_one("#treasure-seats", Static)
        rows = [line.strip() for line in str(seats.render()).splitlines()]
        width = seats.content_size.width
        assert len(rows) > 1 and all(len(line) <= width for line in rows)
        names = game_screen(app).host.session.header.seats
        for number, seat in enumerate(names, 1):
            assert any(f"●{number} {seat.name}" in line for line in rows), rows
        assert not any(line.endswith("▶") for line in rows)
        assert rows[0].startswith("▶ ●1 You (") and "You (you" not in rows[0]


async def test_the_guide_tells_a_newcomer_their_colour_and_the_three_steps(tmp_path):
    app = treasure_app(tmp_path, "You,bot", first_player=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        view = game_screen(app).host.session.view(0)
        tips = [text.plain for text in app.screen.query_one(LogPanel).texts if text.plain.startswith("Tip:")]
    assert tips == [
        f"Tip: your secret colour is {view.my_colour}: you win once all 5 {view.my_colour} tiles show the chest side, whoever flips them.",
        "Tip: take exactly 3 steps; each tile you step off flips over.",
    ]


async def test_in_hot_seat_each_player_gets_each_tip_once(tmp_path):
    app = treasure_app(tmp_path, "Ann,Bob", first_player=0)
    async with app.run_test(size=(80, 24)) as pilot:
        tips = []
        for _ in range(3):  # Ann, Bob, Ann again
            await lift_curtain(pilot, "keys")
            await settle(pilot)
            log = app.screen.query_one(LogPanel)
            tips.append([text.plain for text in log.texts if text.plain.startswith("Tip:")])
            for _ in range(3):
                await pilot.press(game_screen(app).host.session.legal_moves()[0]["dir"])
            await pilot.press("enter")
            await settle(pilot)
    assert [len(given) for given in tips] == [2, 2, 1]
    assert tips[2] == ["Tip: your flips can finish a rival's secret colour too: mind which tiles you step off."]


async def test_the_colour_line_fits_at_80_columns_with_a_turn_limit(tmp_path):
    app = treasure_app(tmp_path, "You,bot", first_player=0, turn_limit=30, variant="seek")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        mine = app.screen.query_one("#treasure-mine", Static)
        assert len(str(mine.content)) <= mine.content_size.width
        assert "Round 1" in str(mine.content)
