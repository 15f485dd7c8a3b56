"""The analysis of a turn in words: whose, its chance before and after, its mark and the best
turn the analysis found (as the log says moves, in the reader's language).  UI-free: the app's
replay and final screens and the line door's replay say the same."""

from __future__ import annotations

from bisect import bisect_left
from typing import Any

from kobito_tui.core.record import Record
from kobito_tui.i18n import Translator
from kobito_tui.i18n.seats import Seats

from .report import Report, TurnVerdict
from .words import moves_said


class Verdicts:
    """``report``'s verdicts by the record's position (where each turn ends listed once)."""

    def __init__(self, report: Report) -> None:
        self.turns = report.turns
        self.ends = [turn.end for turn in report.turns]

    def at(self, position: int) -> TurnVerdict | None:
        """The turn under way at ``position``, or the one that has just ended there."""
        index = bisect_left(self.ends, position)
        if index < len(self.turns) and self.turns[index].index < position:
            return self.turns[index]
        return None


def mark_words(t: Translator, mark: str) -> str:
    return {"inaccuracy": t("inaccuracy"), "mistake": t("mistake"), "blunder": t("blunder")}[mark]


def percent(chance: float) -> str:
    return f"{round(chance * 100)}%"


def verdict_words(t: Translator, record: Record, who: Seats, verdict: TurnVerdict, state: Any = None) -> str:
    """Two short lines, for the narrow column under the log; the best turn is told from the
    ``state`` the turn began in (a copy, or None: the record replayed to it)."""
    # Translators: a turn's winning chance for the player who took it, before → after.
    lines = [
        t("{name}: {before} → {after}", name=who(verdict.seat), before=percent(verdict.chance_before), after=percent(verdict.chance_after))
    ]
    if verdict.forced:
        lines.append(t("the only move"))
    elif verdict.mark is not None:
        lines.append(
            mark_words(t, verdict.mark).capitalize()
            + ". "
            + t("Best: {moves}", moves=moves_said(t, record, verdict.index, verdict.best_events, state))
        )
    else:
        lines.append(t("a good turn"))
    return "\n".join(lines)
