"""The replay viewer driven by keys and mouse, checked against the engine's fold."""

from __future__ import annotations

import pytest
from textual import events

from kobito_tui.app.replay import ReplayScreen
from kobito_tui.app.replay.log import ReplayLog
from kobito_tui.app.replay.timeline import Timeline
from kobito_tui.app.screens.message import MessageScreen
from kobito_tui.core.record import fold
from kobito_tui.core.savefile import load
from kobito_tui.i18n.messages import english

from .conftest import EXAMPLES, example, make_app


def spy_board(screen: ReplayScreen) -> list:
    """Record every view the board is asked to show (and that it is never interactive)."""
    shown = []
    original = screen.board.show

    def show(view, legal, interactive):
        assert legal == [] and interactive is False
        shown.append(view)
        original(view, legal, interactive)

    screen.board.show = show
    return shown


async def open_replay(app, pilot, record, path=None) -> ReplayScreen:
    screen = ReplayScreen(record, path)
    results = []
    await app.push_screen(screen, results.append)
    await pilot.pause()
    screen.results = results
    return screen


async def press_many(pilot, key: str, times: int) -> None:
    """Press ``key`` many times, in order, waiting once (pilot.press waits after each key)."""
    for _ in range(times):
        pilot.app.post_message(events.Key(key, None))
    await pilot.pause()


def fold_view(record, k, seat):
    return record.game.view(fold(record.game, record.header, record.events[:k]), seat)


@pytest.mark.parametrize("name", ["treasure-seek.jsonl", "kobito-2-players.jsonl"])
async def test_step_to_the_end_and_back_by_keys(saves, name):
    record = example(name)
    app = make_app(saves)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_replay(app, pilot, record)
        shown = spy_board(screen)
        n, start = len(record.events), screen.cursor.start
        await press_many(pilot, "right", n - start)
        await pilot.press("right")  # already at the end: stays
        assert screen.cursor.position == n
        await press_many(pilot, "left", n - start)
        assert screen.cursor.position == start
        positions = list(range(start + 1, n + 1)) + [n] + list(range(n - 1, start - 1, -1))
        assert len(shown) == len(positions)
        for view, k in zip(shown[::7], positions[::7]):  # every 7th: the fold is slow to repeat
            assert view == fold_view(record, k, None)
        assert str(screen.query_one("#replay-position").render()).startswith(f"Event {start}/{n}")


async def test_turns_start_end_and_position_line(saves):
    record = example("kobito-4-players.jsonl")
    app = make_app(saves)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_replay(app, pilot, record)
        cursor = screen.cursor
        await pilot.press("pagedown", "pagedown")
        assert cursor.turn == 3 and cursor.to_act is not None
        line = str(screen.query_one("#replay-position").render())
        assert f"turn 3/{cursor.turns}" in line
        assert f"{record.header.name(cursor.to_act)} to act" in line
        await pilot.press("pageup")
        assert cursor.turn == 2
        await pilot.press("end")
        assert cursor.position == cursor.length
        assert str(screen.query_one("#replay-position").render()).startswith("Game over: ")
        await pilot.press("home")
        assert cursor.position == cursor.start


async def test_mouse_buttons_timeline_and_log(saves):
    record = example("treasure-standard.jsonl")
    app = make_app(saves)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_replay(app, pilot, record)
        cursor = screen.cursor
        await pilot.click("#replay-step")
        await pilot.pause(0.3)  # a button ignores clicks while it shows the last one
        await pilot.click("#replay-step")
        assert cursor.position == cursor.start + 2
        await pilot.click("#replay-back")
        assert cursor.position == cursor.start + 1
        await pilot.click("#replay-turn-forward")
        assert cursor.turn == 2
        await pilot.click("#replay-end")
        assert cursor.position == cursor.length
        await pilot.click("#replay-start")
        assert cursor.position == cursor.start
        timeline = screen.query_one(Timeline)
        await pilot.click(Timeline, offset=(timeline.size.width // 2, 0))
        assert abs(cursor.position - cursor.length / 2) <= cursor.length / timeline.size.width + 1
        await pilot.click("#replay-turn-forward")
        await pilot.click("#replay-turn-forward")
        log = screen.query_one(ReplayLog)
        was, (position, _) = cursor.position, log.rows[0]
        await pilot.click(ReplayLog, offset=(3, 0))  # the top line shown: back to just after its event
        assert cursor.position == position and cursor.start < position < was


async def test_play_pause_and_speeds(saves):
    record = example("treasure-seek.jsonl")
    app = make_app(saves)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_replay(app, pilot, record)
        await pilot.press("plus", "plus", "plus", "plus", "plus")
        assert screen.speed == 8
        await pilot.press("space")
        await pilot.pause(0.4)
        await pilot.press("space")
        moved = screen.cursor.position - screen.cursor.start
        assert moved >= 2
        await pilot.pause(0.2)
        assert screen.cursor.position - screen.cursor.start == moved  # paused
        await pilot.click("#replay-speed")  # the button cycles round
        assert screen.speed == 0.5


async def test_perspective_shows_exactly_what_a_seat_saw(saves):
    record = example("kobito-4-players.jsonl")
    app = make_app(saves)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_replay(app, pilot, record)
        shown = spy_board(screen)
        await pilot.press("2")  # Bob
        assert screen.seat == 1
        for _ in range(12):
            await pilot.press("pagedown")
            k = screen.cursor.position
            view = shown[-1]
            assert view == fold_view(record, k, 1)
            assert view.hands is None and view.seat == 1  # no one else's hand in the view
        texts = [
            english(line, [s.name for s in screen.cursor.header.seats])
            for _, line in screen.cursor.lines_before(screen.cursor.position, 1, 10_000)
        ]
        others_draws = [t for t in texts if " drew " in t and not t.startswith("Bob ")]
        assert others_draws and all(t.endswith(" cards.") or t.endswith(" card.") for t in others_draws)
        await pilot.click("#replay-view")
        assert screen.seat == 2
        await pilot.press("0")
        assert screen.seat is None and shown[-1] == fold_view(record, screen.cursor.position, None)


async def test_treasure_perspective_never_names_another_colour_before_the_end(saves):
    record = example("treasure-standard.jsonl")
    app = make_app(saves)
    async with app.run_test(size=(100, 32)) as pilot:
        await open_replay(app, pilot, record)
        colours = record.game.view(fold(record.game, record.header, record.events), None).colours
        await pilot.press("1")  # Ann
        await pilot.press("pagedown", "pagedown", "pagedown")
        text = app.export_screenshot()
        assert f"Bob ({colours[1]})" not in text and colours[0] in text


async def test_play_from_here_writes_a_new_game_and_leaves_the_original(saves, tmp_path):
    path = tmp_path / "original.jsonl"
    path.write_text(EXAMPLES["treasure-standard.jsonl"].read_text())
    before = path.read_bytes()
    record = load(path)
    app = make_app(saves)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_replay(app, pilot, record, path)
        await pilot.press("pagedown", "pagedown", "right")
        k = screen.cursor.position
        await pilot.press("b")
        await pilot.pause()
        app.screen.query_one("#branch-name-0").value = "Zoe"
        app.screen.query_one("#branch-kind-1").value = "bot:easy"
        await pilot.click("#branch-play")
        await pilot.pause()
        [branched] = screen.results
        new = load(branched)
        assert branched.parent == saves and branched != path
        assert new.events == record.events[:k]
        assert [s.name for s in new.header.seats] == ["Zoe", "Bob"] and new.header.seats[1].level == "easy"
        assert path.read_bytes() == before


async def test_play_from_here_can_be_cancelled(saves):
    record = example("kobito-2-players.jsonl")
    app = make_app(saves)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_replay(app, pilot, record)
        await pilot.press("b")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and not list(saves.iterdir())
        await pilot.press("escape")
        assert screen.results == [None]


async def test_play_from_here_where_nothing_can_be_written_says_so_and_stays(saves, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")  # a file where the saves folder's parent should be: every write fails
    record = example("treasure-standard.jsonl")
    app = make_app(saves)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = ReplayScreen(record, None, blocker / "saves")
        await app.push_screen(screen)
        await pilot.press("pagedown", "b")
        await pilot.pause()
        await pilot.click("#branch-play")
        await pilot.pause()
        assert app._exception is None
        assert isinstance(app.screen, MessageScreen) and "could not be saved" in app.screen.title_text
        await pilot.press("enter")
        assert app.screen is screen and screen.cursor.position > screen.cursor.start


async def test_a_replay_as_a_seat_calls_nobody_you(saves):
    """As Computer 2 saw it, the board does not say "Computer 2 (you)" or "Your workshop"."""
    import random

    from kobito_tui.app.replay import ReplayScreen
    from kobito_tui.core.game import Seat
    from kobito_tui.core.randomplay import random_game
    from kobito_tui.core.record import new_header
    from kobito_tui.games import get_game

    from .conftest import make_app

    for game_id in ("kobito", "treasure"):
        header = new_header(game_id, (Seat("You"), Seat("Computer 2", "bot", "greedy")), seed=3)
        record, _ = random_game(get_game(game_id), header, random.Random(3))
        app = make_app(saves)
        async with app.run_test(size=(120, 40)) as pilot:
            await app.push_screen(ReplayScreen(record))
            await pilot.press("home", "right", "right", "2")
            await pilot.pause()
            text = app.export_screenshot().replace("&#160;", " ")
            assert "as Computer 2 saw it" in text
            assert "(you" not in text and "Your workshop" not in text and "Your colour" not in text
