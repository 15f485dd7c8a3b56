"""Computers at the table: clients of their seat, off the caller's thread, within budget, paced."""

from __future__ import annotations

import threading
import time

from kobito_tui.i18n.messages import english
from kobito_tui.table import PUBLIC, ComputerSeat, SeatPerspective
from kobito_tui.table.thinker import Thinker
from kobito_tui.table.workers import Workers

from .helpers import Client, new_table


class Recorder:
    """A bot that plays the first legal move, keeping what it was given; optionally slow."""

    def __init__(self, pause: float = 0.0, fail: bool = False):
        self.pause, self.fail = pause, fail
        self.asked: list[tuple] = []
        self.thinking = threading.Event()

    def choose(self, game, header, view, legal, history):
        self.asked.append((header, view, legal, history))
        self.thinking.set()
        time.sleep(self.pause)
        if self.fail:
            raise RuntimeError("the bot broke")
        return legal[0]


def wait_for(condition, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.005)


def test_computers_play_a_whole_game_by_themselves():
    for game_id in ("kobito", "treasure"):
        table = new_table(game_id, players=3, seed=2)
        watcher = Client(table, PUBLIC)
        seats = [ComputerSeat.of_level(table, seat, "greedy") for seat in range(3)]
        wait_for(lambda table=table: table.over)
        assert watcher.last.result is not None
        assert [u.revision for u in watcher.updates] == list(range(table.revision + 1))
        for seat in seats:
            seat.close()


def test_a_computer_sees_its_seat_only_and_the_public_header():
    table = new_table(seed=77)
    seat = table.to_act
    bot = Recorder()
    me = Client(table, SeatPerspective(seat))
    ComputerSeat(table, seat, bot)
    wait_for(lambda: table.revision >= 1)
    header, view, legal, history = bot.asked[0]
    assert header.seed is None and header == table.header
    assert view == me.updates[0].view and view.seat == seat
    assert legal == list(me.updates[0].legal) and history == list(me.updates[0].history)


def test_a_computer_that_overruns_its_budget_plays_a_random_legal_move():
    table = new_table(seed=5)
    seat = table.to_act
    legal, before = Client(table, SeatPerspective(seat)).last.legal, len(table._session.events)
    computer = ComputerSeat(table, seat, Recorder(pause=2.0), budget_s=0.05)
    started = time.monotonic()
    wait_for(lambda: table.revision >= 1, timeout=1.5)
    assert time.monotonic() - started < 1.0
    assert computer.thinker.overruns == 1 and table._session.events[before] in legal


def test_a_computer_that_fails_plays_a_random_legal_move():
    table = new_table("treasure", seed=5)
    seat = table.to_act
    legal, before = Client(table, SeatPerspective(seat)).last.legal, len(table._session.events)
    computer = ComputerSeat(table, seat, Recorder(fail=True))
    wait_for(lambda: table.revision >= 1)
    computer.close()
    assert computer.thinker.failures >= 1 and table._session.events[before] in legal


def test_a_thinking_computer_never_blocks_a_person():
    table = new_table(seed=9)
    seat = table.to_act
    bot = Recorder(pause=0.6)
    ComputerSeat(table, seat, bot)
    bot.thinking.wait(5)
    started = time.monotonic()
    assert table.submit(1 - seat, {"type": "end-turn", "seat": 1 - seat}, 0).id == "not-your-turn"
    Client(table, PUBLIC)
    assert time.monotonic() - started < 0.1
    assert table.revision == 0  # still thinking


def test_the_table_paces_computer_moves():
    table = new_table(seed=9)
    table.bot_delay = 0.2
    watcher = Client(table, PUBLIC)
    seats = [ComputerSeat(table, seat, Recorder()) for seat in (0, 1)]
    started = time.monotonic()
    wait_for(lambda: table.revision >= 3)
    assert time.monotonic() - started >= 3 * 0.2
    for seat in seats:
        seat.close()
    revision = table.revision
    time.sleep(0.3)
    assert table.revision == revision and watcher.last.revision == revision  # closed computers stop


def test_a_question_asked_while_the_tables_last_one_overruns_is_answered_at_random_without_asking_the_bot():
    table = new_table(seed=1, workers=Workers(1))
    update = Client(table, SeatPerspective(table.to_act)).last
    bot = Recorder(pause=0.5)
    thinker = Thinker(bot, table.game, 0.02, 1, table.workers, table)
    moves: list = []
    thinker.ask(update, list(update.history), moves.append)
    thinker.ask(update, list(update.history), moves.append)  # waits behind the first: the table thinks on one worker
    wait_for(lambda: len(moves) == 2, timeout=1)
    assert all(move in update.legal for move in moves) and thinker.overruns == 2
    time.sleep(0.6)
    assert len(bot.asked) == 1  # the second was given up in the queue, never asked
    table.workers.close()


def test_a_level_that_fails_to_load_is_played_by_a_random_computer(monkeypatch):
    import kobito_tui.table.computer as computer

    def broken(*args, **kwargs):
        raise ImportError("no such module")

    monkeypatch.setattr(computer, "make_bot", broken)
    table = new_table(seed=2)
    seat = ComputerSeat.of_level(table, table.to_act, "strong")
    wait_for(lambda: table.revision >= 1)
    seat.close()
    assert seat.unavailable.id == "computer.unavailable"
    assert english(seat.unavailable) == "The Hard computer is unavailable (no such module); a random one plays."


def test_a_computer_whose_bot_fails_is_replaced_by_a_random_one_with_a_warning():
    from kobito_tui.bots import RandomBot

    table = new_table("treasure", seed=5)
    seat = table.to_act
    broken = Recorder(fail=True)
    warnings: list = []
    computer = ComputerSeat(table, seat, broken, on_failure=warnings.append)
    wait_for(lambda: table.revision >= 1)
    wait_for(lambda: warnings)
    computer.close()
    assert isinstance(computer.thinker.bot, RandomBot) and len(broken.asked) == 1  # never asked again
    assert [english(warning, table.header.seats) for warning in warnings] == [
        f"The computer failed (the bot broke); a random one plays for {table.header.name(seat)}."
    ]
