"""``analyse(record)``: a finished game's :class:`~.report.Report`.

Every decision (``decisions``) of every seat is judged from that seat's view and
redacted history only — the inputs a computer in its seat gets — by the game's
judge (``kobito_judge``, ``treasure_judge``): the chance of the best line found
(``chance_before``) and of the line played (``chance_after``), both through the
calibration map (``marks``: the map of the seat's computer level, the pooled one
for a person) unless the game is decided (``chance``), and the mark
for the difference.  A forced or unjudged decision keeps the seat's last
chance.  ``chances`` (the chart's lines) hold each seat's latest estimate after
each decision: the chance before its next decision when that comes next, else
the chance after its last one; the last row is the result.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from kobito_tui.core.game import Event
from kobito_tui.core.message import MessageError
from kobito_tui.core.record import Record, fold

from .decisions import Decision, decisions, position
from .judgement import Judgement
from .kobito_judge import judge as judge_kobito
from .marks import calibration_map, mark, seat_level, through
from .report import Report, SeatSummary, TurnVerdict
from .treasure_judge import judge as judge_treasure

Progress = Callable[[int, int], None]


class Unanalysable(MessageError):
    """A record the analysis refuses: ``message`` says why."""


JUDGES = {"kobito": judge_kobito, "treasure": judge_treasure}
"""Each game's judge of a decision, by game id (a game without one cannot be analysed)."""


def chance(knots: Sequence[Sequence[float]], raw: float) -> float:
    """A judge's ``raw`` chance through the calibration map ``knots``, but a decided game's as it is
    (exactly 0 or 1: a judge says it only for a game it finds decided, see docs/analysis.md)."""
    return raw if raw in (0.0, 1.0) else through(knots, raw)


def _judge(job: tuple[Record, Decision, int]) -> Judgement | None:
    record, decision, seed = job
    view, history = position(record, decision.start, decision.seat)
    played = decision.events(record)
    judge = JUDGES[record.header.game]
    return judge(view, history, played, seed * 1_000_003 + decision.start)


def _judgements(record: Record, chosen: list[Decision], seed: int, jobs: int, progress: Progress | None) -> list[Judgement | None]:
    work = [(record, d, seed) for d in chosen if not d.forced]
    found: dict[int, Judgement | None] = {}
    if progress:
        progress(0, len(work))
    if jobs > 1 and len(work) > 1:
        with ProcessPoolExecutor(min(jobs, len(work))) as pool:
            futures = {pool.submit(_judge, job): job[1].start for job in work}
            for future in as_completed(futures):
                found[futures[future]] = future.result()
                if progress:
                    progress(len(found), len(work))
    else:
        for job in work:
            found[job[1].start] = _judge(job)
            if progress:
                progress(len(found), len(work))
    return [found.get(d.start) for d in chosen]


def analyse(record: Record, *, jobs: int = 1, seed: int = 0, progress: Progress | None = None, seat: int | None = None) -> Report:
    """The analysis of ``record``: of every seat, or of ``seat``'s own decisions only (then
    the game need not be over: a player's own replay).  Raises :class:`Unanalysable`
    for an unfinished game without ``seat``, or a seat the game does not have; ``progress(done,
    total)`` is called as decisions are judged."""
    game, header = record.game, record.header
    players = header.players
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < players):
        raise Unanalysable("analysis.no-seat", seat=seat, count=players)
    final = fold(game, header, record.events)
    if seat is None and not game.is_over(final):
        raise Unanalysable("analysis.unfinished")
    chosen = [d for d in decisions(record) if seat is None or d.seat == seat]
    judged = _judgements(record, chosen, seed, jobs, progress)
    latest = [1 / players] * players
    turns: list[TurnVerdict] = []
    for decision, judgement in zip(chosen, judged):
        played = tuple(decision.events(record))
        if judgement is None:
            before = after = latest[decision.seat]
            best: tuple[Event, ...] = played
            verdict = None
        else:
            knots = calibration_map(header.game, seat_level(header.seats[decision.seat]))
            before = chance(knots, judgement.best)
            after = min(before, chance(knots, judgement.played))
            best = judgement.best_events if before > after else played
            verdict = mark(before - after)
        latest[decision.seat] = after
        turns.append(TurnVerdict(decision.start, decision.end, decision.seat, played, best, before, after, verdict, decision.forced))
    return Report(header.game, _summaries(record, turns, seat), turns, _chances(record, turns, final))


def _summaries(record: Record, turns: list[TurnVerdict], only: int | None) -> list[SeatSummary]:
    found = []
    for s in range(record.header.players) if only is None else [only]:
        mine = [t for t in turns if t.seat == s and not t.forced]
        marks = [t.mark for t in mine]
        clean = sum(1 for m in marks if m is None)
        found.append(
            SeatSummary(
                s,
                record.header.name(s),
                clean / len(mine) if mine else 1.0,
                marks.count("inaccuracy"),
                marks.count("mistake"),
                marks.count("blunder"),
            )
        )
    return found


def _chances(record: Record, turns: list[TurnVerdict], final: Any) -> list[list[float]]:
    players = record.header.players
    row = [1 / players] * players
    rows = []
    for k in range(len(turns) + 1):
        if k < len(turns):
            row[turns[k].seat] = turns[k].chance_before
        rows.append(row[:])
        if k < len(turns):
            row[turns[k].seat] = turns[k].chance_after
    result = record.game.result(final)
    if result is not None:
        share = [(1 / len(result.winners) if s in result.winners else 0.0) if result.winners else 1 / players for s in range(players)]
        rows[-1] = share
    return rows
