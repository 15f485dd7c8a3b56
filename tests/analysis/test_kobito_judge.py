"""The Kobito estimator: known answers, its noise gate, the share it scores positions by, and
the same judgement whatever the search seed where the answer is plain."""

from __future__ import annotations

import random

import pytest
from analysis.cheap import example
from table import hidden

from kobito_tui.analysis import kobito_judge, marks
from kobito_tui.analysis.decisions import decisions, position
from kobito_tui.bots.kobito_world import World
from kobito_tui.core.record import fold


def _winning_last_decisions(count: int):
    """Random 2-player games whose last decision won the game for its mover, with an end of turn
    (no penalty) open at that decision's start: a line that does not win."""
    found = []
    for seed in range(300):
        record = hidden.random_record("kobito", 2, seed)
        last = decisions(record)[-1]
        final = fold(record.game, record.header, record.events)
        if record.game.result(final).winners != [last.seat]:
            continue
        before = fold(record.game, record.header, record.events[: last.start])
        ends = [m for m in record.game.legal_moves(before) if m["type"] == "end-turn" and not m.get("penalty")]
        if ends and last.events(record)[-1]["type"] != "end-turn":
            found.append((record, last, ends[0]))
            if len(found) == count:
                break
    return found


def test_the_move_that_wins_the_game_is_best_and_ending_the_turn_instead_is_marked():
    """The line that wins the game is rated best at chance 1; ending the turn instead is never
    rated above it, and in some of the games it is marked."""
    cases = _winning_last_decisions(6)
    assert cases
    lost = 0
    for record, last, end in cases:
        view, history = position(record, last.start, last.seat)
        played = last.events(record)
        won = kobito_judge.judge(view, history, played, 0)
        assert won.best == won.played == 1.0 and list(won.best_events) == played
        worse = kobito_judge.judge(view, history, [end], 0)
        assert worse.played <= worse.best <= 1.0
        if worse.best > worse.played:  # the best line found wins the game too
            state = fold(record.game, record.header, record.events[: last.start])
            for move in worse.best_events:
                record.game.apply(state, move)
            assert record.game.is_over(state) and record.game.result(state).winners == [last.seat]
        lost += marks.mark(marks.calibrated("kobito", worse.best) - marks.calibrated("kobito", worse.played)) is not None
    assert lost


def test_a_loss_within_the_estimators_noise_is_no_loss():
    rng = random.Random(0)
    played = [rng.random() for _ in range(32)]
    assert kobito_judge.loss(played, played) == 0.0
    noisy = [p + rng.gauss(0.01, 0.1) for p in played]  # a mean gain far below two standard errors
    assert kobito_judge.loss(noisy, played) == 0.0
    clear = [p + 0.3 + rng.gauss(0, 0.02) for p in played]
    assert 0.25 < kobito_judge.loss(clear, played) < 0.3  # the mean less two standard errors
    assert kobito_judge.loss(played, clear) == 0.0  # a better played line lost nothing


@pytest.mark.parametrize("name", ["kobito-2-players", "kobito-4-players"])
def test_shares_of_a_dealt_world_sum_to_one(name):
    record = example(name)
    chosen = [d for d in decisions(record) if not d.forced][::10]
    for decision in chosen:
        view, history = position(record, decision.start, decision.seat)
        state = World(view, history).deal(random.Random(decision.start))
        shares = [kobito_judge.share(state, s) for s in range(state.players)]
        assert abs(sum(shares) - 1) < 1e-9 and all(0 < s < 1 for s in shares)


def test_the_played_line_is_a_candidate_and_lines_are_distinct():
    record = example("kobito-2-players")
    for decision in [d for d in decisions(record) if not d.forced][:6]:
        view, history = position(record, decision.start, decision.seat)
        lines = kobito_judge.candidates(World(view, history), decision.seat, decision.events(record), 0)
        assert lines[0] == tuple(decision.events(record))
        assert len(lines) == len({repr(line) for line in lines}) >= 1


def test_the_kobito_map_is_fitted_and_monotone():
    knots = marks.calibration_map("kobito")
    assert len(knots) > 2  # not the identity
    assert all(a[0] <= b[0] and a[1] <= b[1] for a, b in zip(knots, knots[1:]))
    assert all(0 <= y <= 1 for _, y in knots)
