"""analyse(): decisions, refusals, forced moves, known answers, and no hidden card used."""

from __future__ import annotations

import random

import pytest
from analysis.cheap import cheapen, example
from table import hidden

from kobito_tui.analysis import marks, treasure_judge
from kobito_tui.analysis.analyse import Unanalysable, analyse
from kobito_tui.analysis.decisions import decisions, position
from kobito_tui.analysis.report import MARKS, Report
from kobito_tui.core.record import Record, fold
from kobito_tui.i18n.messages import english
from kobito_tui.table import SeatPerspective


@pytest.fixture(autouse=True)
def cheap(monkeypatch):
    cheapen(monkeypatch)


def test_decisions_cover_every_move_and_end_at_a_turn_or_chance():
    record = example("kobito-2-players")
    found = decisions(record)
    moves = [i for i, e in enumerate(record.events) if "seat" in e]
    assert [i for d in found for i in range(d.start, d.end)] == moves
    for d in found:
        last = record.events[d.end - 1]
        assert record.game.closes_turn(last) or d.end == len(record.events) or "seat" not in record.events[d.end]
        assert {e["seat"] for e in d.events(record)} == {d.seat}


def test_unfinished_game_is_refused_with_a_message():
    record = example("kobito-2-players")
    cut = Record(record.header, record.events[:60])
    with pytest.raises(Unanalysable) as refused:
        analyse(cut)
    assert refused.value.message.id == "analysis.unfinished"
    assert "not finished" in english(refused.value.message)


@pytest.mark.parametrize("seat", [2, -1, "0"])
def test_a_seat_the_game_has_not_is_refused(seat):
    with pytest.raises(Unanalysable) as refused:
        analyse(example("kobito-2-players"), seat=seat)
    assert refused.value.message.id == "analysis.no-seat"


def test_own_seat_of_an_unfinished_game_is_analysed_alone():
    record = example("kobito-2-players")
    cut = Record(record.header, record.events[:60])
    report = analyse(cut, seat=1)
    assert report.turns and {v.seat for v in report.turns} == {1}
    assert [s.seat for s in report.seats] == [1]


def test_report_shape_marks_and_progress(monkeypatch):
    monkeypatch.setattr(marks, "INACCURACY", 0.0001)  # any loss at all is marked: a forced move still is not
    calls = []
    record = example("kobito-2-players")
    report = analyse(record, progress=lambda done, total: calls.append((done, total)))
    assert calls[-1][0] == calls[-1][1] and calls[0][0] == 0
    assert len(report.chances) == len(report.turns) + 1
    assert all(len(row) == 2 and all(0 <= c <= 1 for c in row) for row in report.chances)
    assert sorted(report.chances[-1]) == [0.0, 1.0]  # the result
    for v in report.turns:
        assert 0 <= v.chance_after <= v.chance_before <= 1
        assert v.mark is None or v.mark in MARKS
        if v.forced:
            assert v.mark is None and v.best_events == v.played_events
        if v.chance_after == v.chance_before:
            assert v.mark is None
    assert any(v.forced for v in report.turns)
    assert Report.from_json(report.to_json()) == report


def test_treasure_winning_path_is_best():
    """The decision that finished the game: the winning path is rated best, at chance 1, and
    another path played in its place is marked."""
    for seed in range(40):
        record = hidden.random_record("treasure", 2, seed)
        last = decisions(record)[-1]
        result = record.game.result(fold(record.game, record.header, record.events))
        if result.winners == [last.seat]:
            break
    view, history = position(record, last.start, last.seat)
    played = last.events(record)
    won = treasure_judge.judge(view, history, played, 0)
    assert won.best == won.played == 1.0 and list(won.best_events) == played
    legal = record.game.legal_moves(fold(record.game, record.header, record.events[: last.start]))
    other = next(m for m in legal if m != played[0])
    worse = treasure_judge.judge(view, history, [other], 0)
    assert worse.best == 1.0 > worse.played
    assert marks.mark(worse.best - worse.played) is not None
    assert [m["dir"] for m in worse.best_events if m["type"] == "step"][0] == played[0]["dir"]


@pytest.mark.parametrize("game_id, players", [("kobito", 2), ("kobito", 4), ("treasure", 2), ("treasure", 4)])
def test_a_seat_is_judged_only_on_what_it_could_see(game_id, players):
    """Two games that differ only in what the seat cannot see give its decisions the same chances."""
    checked = 0  # one pair whose first decisions differ is enough
    for seed in range(6):
        record = hidden.random_record(game_id, players, seed, hidden.GAMES[game_id].options[seed % 3])
        seat = seed % players
        found = hidden.pair(record, SeatPerspective(seat), random.Random(seed))
        if found is None:
            continue
        end = next(i for i in range(min(len(found[0].events), 80), 0, -1) if "seat" in found[0].events[i - 1])
        cut, variant = (Record(r.header, r.events[:end]) for r in found)  # a few decisions: both still a pair
        mine = analyse(cut, seat=seat)
        theirs = analyse(variant, seat=seat)
        if not mine.turns:
            continue
        assert [(v.chance_before, v.chance_after, v.mark, v.best_events) for v in mine.turns] == [
            (v.chance_before, v.chance_after, v.mark, v.best_events) for v in theirs.turns
        ]
        checked += 1
        break
    assert checked
