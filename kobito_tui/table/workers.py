"""One bounded pool for everything that thinks: computers' moves and hints.

A :class:`Question` (a bot and what its seat may know) is asked *for a table*.
Each table has its own queue, and thinks on at most one worker at a time.  A
free worker takes the waiting table that has thought least (fair queueing by
thinking time: a table that comes back starts level with the least, never
with credit), so a table that asks much, or asks hard questions, waits only
for itself, and a quick question is not queued behind every slow one.  Every question has a deadline: unanswered by
then, its future fails with :class:`TimeoutError` (the asker plays a random
legal move); a worker process still thinking past the deadline and a grace is
killed and replaced.

Workers are threads (``processes=False``, the local app: bots stay in this
program) or processes (the server: a bot's thinking never holds the GIL the
hub's event loop needs, and runs niced, so people's requests go first); the
bot travels pickled with its inputs and comes back with its dice rolled on,
so a seeded game plays the same either way.  One :class:`Timers` thread fires
the deadlines and paces the computers.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import multiprocessing
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Hashable
from concurrent.futures import Future, InvalidStateError
from dataclasses import dataclass
from functools import cache
from multiprocessing.connection import Connection
from typing import Any

from kobito_tui.bots import Bot
from kobito_tui.core.game import Event, Header
from kobito_tui.games import get_game

log = logging.getLogger("kobito.workers")

GRACE_S = 1.0  # past its deadline, a worker process gets this long before it is replaced
NICE = 10  # worker processes yield the CPU to the hub and the people's programs


@dataclass(frozen=True)
class Question:
    """What a bot is asked: its seat's picture, nothing more."""

    bot: Bot
    game_id: str
    header: Header
    view: Any
    legal: tuple[Event, ...]
    history: tuple[Event, ...]


@dataclass(frozen=True)
class Answer:
    """The bot's move (or the error it raised, in words) and the bot as it is after thinking."""

    move: Event | None
    bot: Bot | None
    error: str | None = None


def think(question: Question) -> Answer:
    """Ask the bot (on a worker); an error it raises is the answer's ``error``."""
    try:
        game = get_game(question.game_id)
        move = question.bot.choose(game, question.header, question.view, list(question.legal), list(question.history))
    except Exception as error:  # a broken bot is answered by a random move, by the asker
        return Answer(None, question.bot, str(error) or type(error).__name__)
    return Answer(move, question.bot)


def settle(future: Future[Any], result: Any = None, error: BaseException | None = None) -> None:
    """Resolve ``future`` unless the deadline (or the answer) did so first."""
    try:
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)
    except InvalidStateError:
        pass


class Timers:
    """One thread that calls each callback at its time, in order; a callback that raises is logged."""

    def __init__(self) -> None:
        self._heap: list[tuple[float, int, Callable[[], None]]] = []
        self._order = itertools.count()
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None
        self._closed = False

    def at(self, when: float, callback: Callable[[], None]) -> None:
        """Call ``callback`` at ``when`` (``time.monotonic``), or at once if that has passed."""
        with self._wake:
            if self._closed:
                return
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="timers", daemon=True)
                self._thread.start()
            heapq.heappush(self._heap, (when, next(self._order), callback))
            self._wake.notify()

    def close(self) -> None:
        with self._wake:
            self._closed = True
            self._heap.clear()
            self._wake.notify()

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._closed and (not self._heap or self._heap[0][0] > time.monotonic()):
                    self._wake.wait(self._heap[0][0] - time.monotonic() if self._heap else None)
                if self._closed:
                    return
                callback = heapq.heappop(self._heap)[2]
            try:
                callback()
            except Exception:  # one broken callback must not stop the others
                log.exception("a timer's callback failed")


@dataclass
class _Job:
    table: Hashable
    question: Question
    deadline: float
    future: Future[Answer]


class Workers:
    """``count`` workers (threads or processes, started on the first question) for every table."""

    def __init__(self, count: int | None = None, *, processes: bool = False, grace_s: float = GRACE_S):
        self.count = max(1, count or os.cpu_count() or 1)
        self.processes, self.grace_s = processes, grace_s
        self.timers = Timers()
        self._wake = threading.Condition()
        self._queues: dict[Hashable, deque[_Job]] = {}
        self._turns: list[Hashable] = []  # tables with questions waiting and none being thought out
        self._thinking: set[Hashable] = set()
        self._spent: dict[Hashable, float] = {}  # each table's thinking time, on the scale of ``_level``
        self._level = 0.0  # the thinking time of the table taken last: where a table that comes back starts
        self._slots: list[threading.Thread] = []
        self._children: dict[threading.Thread, _Child] = {}  # each slot's process, while it has one
        self._closed = False

    def ask(self, table: Hashable, question: Question, budget_s: float) -> Future[Answer]:
        """``question`` for ``table``, answered within ``budget_s`` seconds or failed with TimeoutError."""
        future: Future[Answer] = Future()
        deadline = time.monotonic() + budget_s
        with self._wake:
            if self._closed:
                settle(future, error=RuntimeError("the workers are closed"))
                return future
            if not self._slots:
                self._slots = [threading.Thread(target=self._serve, name=f"thinker {n}", daemon=True) for n in range(self.count)]
                for slot in self._slots:
                    slot.start()
            queue = self._queues.setdefault(table, deque())
            queue.append(_Job(table, question, deadline, future))
            if len(queue) == 1 and table not in self._thinking:
                self._wait_turn(table)
        self.timers.at(deadline, lambda: settle(future, error=TimeoutError("the computer ran out of time")))
        return future

    @property
    def children(self) -> int:
        """Worker processes alive now (for tests: they never outnumber ``count``)."""
        return sum(child.process.is_alive() for child in list(self._children.values()))

    def close(self) -> None:
        """Stop every worker; questions not answered yet fail."""
        with self._wake:
            self._closed = True
            jobs = [job for queue in self._queues.values() for job in queue]
            self._queues.clear()
            self._turns.clear()
            self._wake.notify_all()
        for job in jobs:
            settle(job.future, error=RuntimeError("the workers are closed"))
        self.timers.close()
        for child in list(self._children.values()):
            child.process.kill()  # a slot waiting for its answer hears at once, and closes its own pipe
        for slot in self._slots:
            slot.join(2 * self.grace_s)

    # -- scheduling ----------------------------------------------------------
    def _take(self) -> _Job | None:
        """The first question still awaited of the waiting table that has thought least (None once closed)."""
        with self._wake:
            while not self._closed:
                if not self._turns:
                    self._wake.wait()
                    continue
                table = min(self._turns, key=self._spent.__getitem__)
                self._turns.remove(table)
                queue = self._queues[table]
                while queue and queue[0].future.done():  # given up on: its deadline passed in the queue
                    queue.popleft()
                if not queue:
                    self._idle(table)
                    continue
                self._thinking.add(table)
                self._level = self._spent[table]
                return queue.popleft()
            return None

    def _wait_turn(self, table: Hashable) -> None:
        self._spent[table] = max(self._spent.get(table, 0.0), self._level)
        self._turns.append(table)
        self._wake.notify()

    def _done(self, job: _Job, seconds: float) -> None:
        table = job.table
        with self._wake:
            self._thinking.discard(table)
            self._spent[table] += seconds
            if self._queues.get(table):
                self._wait_turn(table)
            else:
                self._idle(table)

    def _idle(self, table: Hashable) -> None:
        """``table`` asks nothing now: forget it, unless it owes thinking time."""
        self._queues.pop(table, None)
        if self._spent[table] <= self._level:  # it would come back level anyway
            del self._spent[table]

    def _serve(self) -> None:
        """One slot: take questions in turn and have them thought out, here or in its process."""
        me = threading.current_thread()
        while (job := self._take()) is not None:
            started = time.monotonic()
            try:
                if self.processes:
                    child = self._children.get(me)
                    if child is None:
                        child = self._children[me] = _Child()
                    answer = child.ask(job.question, job.deadline + self.grace_s)
                    if answer is None:  # overran or died: a fresh process for the next one
                        del self._children[me]
                        child.stop()
                        raise TimeoutError("the computer ran out of time")
                else:
                    answer = think(job.question)
            except Exception as error:  # a question that does not pickle, a process that cannot start
                settle(job.future, error=error)
            else:
                settle(job.future, answer)
            finally:
                self._done(job, time.monotonic() - started)
        if me in self._children:
            self._children.pop(me).stop()


class _Child:
    """One worker process, asked over a pipe."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")  # a fork of a threaded program is unsafe
        self.conn, theirs = context.Pipe()
        self.process = context.Process(target=_child_main, args=(theirs,), name="kobito thinker", daemon=True)
        self.process.start()
        theirs.close()

    def ask(self, question: Question, until: float) -> Answer | None:
        """The answer, or None when it is not there by ``until`` or the process died."""
        self.conn.send(question)
        try:
            if self.conn.poll(max(0.0, until - time.monotonic())):
                answer: Answer = self.conn.recv()
                return answer
        except (EOFError, OSError):
            pass
        return None

    def stop(self) -> None:
        """Only its slot's thread stops it: two threads closing one pipe could close a descriptor reused since."""
        self.process.kill()  # its end wakes a slot waiting for the answer
        self.process.join(5)
        self.conn.close()


def _child_main(conn: Connection) -> None:
    """A worker process: answer questions until the pipe closes."""
    os.nice(NICE)
    while True:
        try:
            question = conn.recv()
        except (EOFError, OSError):
            return
        answer = think(question)
        try:
            try:
                conn.send(answer)
            except OSError:
                raise
            except Exception:  # a bot that no longer pickles: its move still counts, the asker keeps its own copy
                conn.send(Answer(answer.move, None, answer.error))
        except OSError:  # the server is gone (even killed): so is its thinker
            return


@cache
def local_workers() -> Workers:
    """The threads that think for the tables of this program that were given no workers."""
    return Workers()
