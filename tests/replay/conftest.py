"""Replay tests: the shipped examples, and an app whose saves folder is a temp dir."""

from __future__ import annotations

from pathlib import Path

import pytest

from kobito_tui.app.browser.entries import example_paths
from kobito_tui.app.main import KobitoApp, files_app
from kobito_tui.core.savefile import load

EXAMPLES = {path.name: path for path in example_paths()}


def example(name: str):
    return load(EXAMPLES[name])


@pytest.fixture
def saves(tmp_path) -> Path:
    folder = tmp_path / "saves"
    folder.mkdir()
    return folder


def make_app(saves: Path) -> KobitoApp:
    return files_app(saves, bot_delay=0)


def hand_report(record, marks: dict[int, str] | None = None):
    """A made-up analysis of ``record`` (its real decisions, chances on a fixed walk):
    ``marks`` gives the mark of the decisions at those ordinals (0-based)."""
    from kobito_tui.analysis.decisions import decisions
    from kobito_tui.analysis.report import Report, SeatSummary, TurnVerdict

    marks = marks or {}
    players = record.header.players
    row = [1 / players] * players
    chances, turns = [row[:]], []
    for number, decision in enumerate(decisions(record)):
        before = row[decision.seat]
        drop = {"inaccuracy": 0.07, "mistake": 0.15, "blunder": 0.3}.get(marks.get(number, ""), 0.0)
        after = max(0.0, min(1.0, before - drop + (0.03 if number % 3 == 0 else -0.01)))
        row[decision.seat] = after
        chances.append(row[:])
        events = tuple(decision.events(record))
        turns.append(
            TurnVerdict(decision.start, decision.end, decision.seat, events, events, before, after, marks.get(number), decision.forced)
        )
    seats = [
        SeatSummary(
            s,
            record.header.name(s),
            1 - sum(1 for k, t in enumerate(turns) if t.seat == s and k in marks) / max(1, sum(t.seat == s for t in turns)),
            mistakes=sum(1 for k, t in enumerate(turns) if t.seat == s and marks.get(k) == "mistake"),
        )
        for s in range(players)
    ]
    return Report(record.header.game, seats, turns, chances)


def kept(app, record, report):
    """``report`` as the session's finished analysis of ``record`` (no child process)."""
    from kobito_tui.app.replay.analysing import keep

    return keep(app, record, report)
