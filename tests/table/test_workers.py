"""The workers: bounded, fair between tables, within budget, and the same moves in processes as in threads."""

from __future__ import annotations

import threading
import time

import pytest

from kobito_tui.core.game import Seat
from kobito_tui.core.record import Record, new_header
from kobito_tui.table import PUBLIC, ComputerSeat, SeatPerspective, Table
from kobito_tui.table.workers import Question, Workers

from .helpers import Client, new_table


class Sleeper:
    """A bot (it travels to a process) that thinks ``pause`` seconds, then plays the first legal move."""

    def __init__(self, pause: float):
        self.pause, self.asked = pause, 0

    def choose(self, game, header, view, legal, history):
        self.asked += 1
        time.sleep(self.pause)
        return legal[0]


def question(table: Table, bot) -> Question:
    update = Client(table, SeatPerspective(table.to_act)).last
    return Question(bot, table.game.id, update.header, update.view, update.legal, update.history)


def wait_for(condition, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.005)


@pytest.mark.parametrize("processes", [False, True])
def test_two_hundred_questions_never_take_more_than_the_cap(processes):
    workers = Workers(2, processes=processes)
    table = new_table(seed=4)
    asked = question(table, Sleeper(0.002))
    before = threading.active_count()
    futures = [workers.ask(n, asked, 20) for n in range(200)]  # 200 tables, one question each
    peak_threads = peak_children = 0
    while not all(f.done() for f in futures):
        peak_threads = max(peak_threads, threading.active_count() - before)
        peak_children = max(peak_children, workers.children)
        time.sleep(0.002)
    assert all(f.result().move == asked.legal[0] for f in futures)
    assert peak_threads <= 2 + 1  # its slots and the timers
    assert peak_children <= (2 if processes else 0)
    workers.close()


def test_a_table_that_asks_much_waits_for_itself_not_the_others():
    workers = Workers(1)
    table = new_table(seed=4)
    flood = [workers.ask("flood", question(table, Sleeper(0.05)), 30) for _ in range(20)]
    time.sleep(0.01)
    started = time.monotonic()
    probe = workers.ask("probe", question(table, Sleeper(0)), 30)
    probe.result(5)
    assert time.monotonic() - started < 0.2  # after the flood's one question being thought out, not its 20
    assert sum(f.done() for f in flood) <= 2
    workers.close()


def test_a_table_thinks_on_one_worker_at_a_time():
    workers = Workers(2)
    table = new_table(seed=4)
    started = time.monotonic()
    for future in [workers.ask("one", question(table, Sleeper(0.1)), 30) for _ in range(3)]:
        future.result(5)
    assert time.monotonic() - started >= 0.3
    workers.close()


def test_a_worker_process_past_its_deadline_is_replaced_and_the_next_question_answered():
    workers = Workers(1, processes=True, grace_s=0.2)
    table = new_table(seed=4)
    slow = workers.ask("t", question(table, Sleeper(30)), 1.0)
    with pytest.raises(TimeoutError):
        slow.result(5)
    started = time.monotonic()
    asked = question(table, Sleeper(0))
    assert workers.ask("t", asked, 20).result(20).move == asked.legal[0]  # a fresh process, once the old one is killed
    assert time.monotonic() - started < 10 and workers.children == 1
    workers.close()


def test_a_bot_thinking_in_a_process_comes_back_with_what_it_learned():
    workers = Workers(1, processes=True)
    table = new_table(seed=4)
    answer = workers.ask("t", question(table, Sleeper(0)), 20).result(20)
    assert answer.bot.asked == 1 and answer.error is None
    workers.close()


def seeded_game(workers: Workers) -> list:
    seats = (Seat("Ann", "bot", "easy"), Seat("Bob", "bot", "medium"), Seat("Cy", "bot", "easy"))
    table = Table(Record(new_header("kobito", seats, seed=11)), bot_delay=0, workers=workers)
    computers = [ComputerSeat.of_level(table, seat, seats[seat].level) for seat in range(3)]
    watcher = Client(table, PUBLIC)
    wait_for(lambda: table.over or table.revision >= 40, timeout=60)
    for computer in computers:
        computer.close()
    return watcher.history[:40]


def test_a_seeded_game_of_computers_plays_the_same_in_processes_as_in_threads():
    threads, processes = Workers(2), Workers(2, processes=True)
    assert seeded_game(threads) == seeded_game(processes) == seeded_game(Workers(1))
    threads.close()
    processes.close()


def test_closed_workers_answer_every_waiting_question():
    workers = Workers(1)
    table = new_table(seed=4)
    futures = [workers.ask("t", question(table, Sleeper(0.05)), 30) for _ in range(3)]
    time.sleep(0.01)
    workers.close()
    assert all(f.done() for f in futures)
    with pytest.raises(RuntimeError):
        workers.ask("t", question(table, Sleeper(0)), 30).result(1)


def test_a_computer_whose_process_overruns_plays_a_random_legal_move_and_closing_is_prompt():
    workers = Workers(1, processes=True, grace_s=0.2)
    table = new_table(seed=5, workers=workers)
    seat = table.to_act
    legal, before = Client(table, SeatPerspective(seat)).last.legal, len(table._session.events)
    computer = ComputerSeat(table, seat, Sleeper(30), budget_s=0.5)
    wait_for(lambda: table.revision >= 1, timeout=15)  # a process to start, then the budget
    assert computer.thinker.overruns == 1 and table._session.events[before] in legal
    computer.close()
    workers.ask("t", question(table, Sleeper(30)), 30)
    wait_for(lambda: workers.children == 1, timeout=15)
    started = time.monotonic()
    workers.close()
    assert time.monotonic() - started < 2 and workers.children == 0
