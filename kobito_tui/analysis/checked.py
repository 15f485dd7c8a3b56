"""An analysis from outside (a sidecar beside a save, a report a player's session program hands
the hub to keep) read and checked against its game before anything shows or keeps it.

It must be the analysis of exactly the record's decisions (of one seat, or of every seat),
the turns played being the record's own events, with chances in 0..1, marks that exist, a
summary per seat analysed, and best lines of the seat's own moves, of a move's shape, that the
move words can say; anything else is refused with a reason, never shown.
"""

from __future__ import annotations

import json
from typing import Any

from kobito_tui.core.record import Record, fold
from kobito_tui.i18n.translation import translator

from .decisions import Decision, decisions
from .report import MARKS, Report, TurnVerdict
from .words import moves_said

MAX_BEST_EVENTS = 64  # moves in a best line: a turn is a handful
MAX_NAME_CHARS = 200


def parsed(text: str | bytes) -> Any:
    """``text`` as JSON; raises ValueError (also for nesting too deep to read)."""
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("not an analysis: nested too deep") from None


def checked_report(data: Any, record: Record, seat: int | None) -> Report:
    """``data`` (a report's parsed JSON) as the analysis of ``record``: ``seat``'s own decisions, or
    (None) every seat's; raises ValueError saying why it is not one."""
    if not isinstance(data, dict):
        raise ValueError("not an analysis: not an object")
    report = Report.from_json(data)
    misfit = _misfit(report, record, seat)
    if misfit is not None:
        raise ValueError(f"not an analysis of this game: {misfit}")
    return report


def _whole(value: Any) -> bool:
    return type(value) is int and value >= 0


def _chance(value: Any) -> bool:
    return type(value) in (int, float) and 0.0 <= value <= 1.0  # NaN is neither


def _misfit(report: Report, record: Record, seat: int | None) -> str | None:
    header = record.header
    if report.game != header.game:
        return "another game's"
    if [s.seat for s in report.seats] != (list(range(header.players)) if seat is None else [seat]):
        return "other seats'"
    for summary in report.seats:
        counts = (summary.inaccuracies, summary.mistakes, summary.blunders)
        if not (
            isinstance(summary.name, str) and len(summary.name) <= MAX_NAME_CHARS and _chance(summary.accuracy) and all(map(_whole, counts))
        ):
            return f"seat {summary.seat}'s summary"
    chosen = [d for d in decisions(record) if seat is None or d.seat == seat]
    if len(report.turns) != len(chosen):
        return f"{len(report.turns)} turns, not {len(chosen)}"
    game = record.game
    state, folded = fold(game, header, []), 0  # walked once: a best line is said from a copy of its turn's state
    for turn, decision in zip(report.turns, chosen):
        for event in record.events[folded : decision.start]:
            game.apply(state, event)
        folded = max(folded, decision.start)
        if not _turn_fits(turn, decision, record, state):
            return f"the turn at event {decision.start}"
    rows = report.chances
    if len(rows) != len(report.turns) + 1 or any(len(row) != header.players or not all(map(_chance, row)) for row in rows):
        return "the chances"
    return None


def _turn_fits(turn: TurnVerdict, decision: Decision, record: Record, state: Any) -> bool:
    played = decision.events(record)
    if not (
        all(map(_whole, (turn.index, turn.end, turn.seat)))
        and type(turn.forced) is bool
        and (turn.index, turn.end, turn.seat, turn.forced) == (decision.start, decision.end, decision.seat, decision.forced)
        and list(turn.played_events) == played
    ):
        return False
    if not (_chance(turn.chance_before) and _chance(turn.chance_after)) or turn.mark not in (None, *MARKS):
        return False
    if turn.forced and turn.mark is not None:
        return False
    best = list(turn.best_events)
    return best == played or _best_line_fits(best, decision, record, state)


def _best_line_fits(best: list[Any], decision: Decision, record: Record, state: Any) -> bool:
    """A line of the seat's own moves, each of a move's shape, that the move words say."""
    if not 0 < len(best) <= MAX_BEST_EVENTS:
        return False
    for event in best:
        if not (
            isinstance(event, dict)
            and type(event.get("seat")) is int
            and event["seat"] == decision.seat
            and isinstance(event.get("type"), str)
            and all(isinstance(k, str) and _move_value(v) for k, v in event.items())
        ):
            return False
    try:
        moves_said(translator("en"), record, decision.start, tuple(best), record.game.copy_state(state))
    except Exception:  # noqa: BLE001 - whatever the words cannot say is refused here, not shown later
        return False
    return True


def _move_value(value: Any, depth: int = 0) -> bool:
    """A value of a move's field: a scalar, or a list of them (two deep at most), as a move on the wire is."""
    if value is None or isinstance(value, (bool, int, str)):
        return not isinstance(value, str) or len(value) <= 40
    return isinstance(value, list) and depth < 2 and len(value) <= 64 and all(_move_value(v, depth + 1) for v in value)
