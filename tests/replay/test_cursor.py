"""ReplayCursor: every position equals the engine's fold of that prefix, however reached."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kobito_tui.core.game import Seat
from kobito_tui.core.record import Record, fold
from kobito_tui.core.replay import HiddenView, ReplayCursor, refusal
from kobito_tui.core.savefile import dumps, loads
from kobito_tui.i18n.messages import english

from .conftest import EXAMPLES, example


def folded_view(record, k, seat):
    game = record.game
    return game.view(fold(game, record.header, record.events[:k]), seat)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_step_to_the_end_and_back_matches_the_fold(name):
    record = example(name)
    cursor = ReplayCursor(record, every=16)  # small stretches: many checkpoint crossings
    game, state = record.game, record.game.new_state(record.header)
    states = []  # the view after each prefix, folded one event at a time
    for k, event in enumerate(record.events, start=1):
        game.apply(state, event)
        states.append(game.view(state, None) if k >= cursor.start else None)
    assert cursor.position == cursor.start
    while cursor.position < cursor.length:
        cursor.step(1)
        assert cursor.view(None) == states[cursor.position - 1]
    while cursor.position > cursor.start:
        cursor.step(-1)
        assert cursor.view(None) == states[cursor.position - 1]
    cursor.step(-1)
    assert cursor.position == cursor.start  # never before the table is set up


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(sorted(EXAMPLES)), targets=st.lists(st.integers(-5, 500), min_size=1, max_size=6))
def test_any_jump_sequence_matches_the_fold(name, targets):
    record = example(name)
    cursor = ReplayCursor(record, every=32)
    for target in targets:
        cursor.jump(target)
        k = max(cursor.start, min(target, cursor.length))
        assert cursor.position == k
        assert cursor.view(0) == folded_view(record, k, 0)


@pytest.mark.parametrize("name", ["kobito-4-players.jsonl", "treasure-seek.jsonl"])
def test_turns_begin_after_a_closing_move_with_a_seat_to_act(name):
    record = example(name)
    cursor = ReplayCursor(record)
    game, starts = record.game, []
    while cursor.position < cursor.length:
        cursor.next_turn()
        starts.append(cursor.position)
    assert starts[-1] == cursor.length and len(starts) == cursor.turns
    for number, k in enumerate(starts[:-1], start=2):
        cursor.jump(k)
        assert cursor.turn == number and cursor.to_act is not None
        closing = [e for e in record.events[:k] if "seat" in e][-1]
        assert game.closes_turn(closing)
    cursor.jump(starts[3] + 1)  # inside a turn: back to its start, then to the one before
    cursor.previous_turn()
    assert cursor.position == starts[3]
    cursor.previous_turn()
    assert cursor.position == starts[2]


def test_moves_and_actors_are_counted_from_the_record():
    record = example("kobito-2-players.jsonl")
    cursor = ReplayCursor(record)
    assert cursor.moves == sum("seat" in e for e in record.events)
    cursor.jump(50)
    assert cursor.moves_done == sum("seat" in e for e in record.events[:50])
    assert cursor.to_act == record.game.to_act(fold(record.game, record.header, record.events[:50]))


def test_branch_keeps_the_prefix_and_reassigns_seats():
    record = example("kobito-4-players.jsonl")
    original = dumps(record)
    cursor = ReplayCursor(record)
    seats = (Seat("Zoe"), Seat("", "bot", "strong"), Seat("Cy"), Seat("", "bot", "random"))
    branch = cursor.branch(77, seats)
    assert branch.events == record.events[:77]
    assert branch.header.seats == seats
    assert branch.header.options == record.header.options
    assert branch.header.seed is None  # a new game: the replayed file's seed would foretell its deals
    assert loads(dumps(branch)).events == branch.events  # a valid save file
    assert dumps(record) == original  # the original record is untouched
    branch.events.append({"type": "x"})
    assert len(record.events) > 77 and record.events[77] != {"type": "x"}
    with pytest.raises(ValueError):
        cursor.branch(10, seats[:2])


def test_log_lines_hide_other_seats_draws():
    record = example("kobito-2-players.jsonl")
    cursor = ReplayCursor(record)
    n = cursor.length
    names = [s.name for s in record.header.seats]
    mine = {k: english(line, names) for k, line in cursor.lines_before(n, 0, n)}
    everything = {k: english(line, names) for k, line in cursor.lines_before(n, None, n)}
    bob_draws = [i + 1 for i, e in enumerate(record.events) if e["type"] == "draw" and e["player"] == 1]
    assert bob_draws
    for k in bob_draws:
        assert mine[k].startswith("Bob drew ") and mine[k].endswith(" cards.") or mine[k] == "Bob drew 1 card."
        assert mine[k] != everything[k]


@pytest.mark.parametrize("name", ["treasure-seek.jsonl", "kobito-2-players.jsonl"])
def test_lines_are_described_by_stretch_as_the_whole_log_would_be(name):
    record = example(name)
    cursor = ReplayCursor(record, every=16)
    game, state, whole = record.game, record.game.new_state(record.header), []
    for k, event in enumerate(record.events, start=1):
        line = game.describe(state, event, 1)
        game.apply(state, event)
        whole += [(k, line)] if line else []
    for k in range(0, cursor.length + 1, 3):
        assert cursor.lines_before(k, 1, 5) == [item for item in whole if item[0] <= k][-5:]
        later = [position for position, _ in whole if position > k]
        assert cursor.next_line(k, 1) == (later[0] if later else None)


def test_what_a_replay_may_show():
    record = example("kobito-2-players.jsonl")  # Ann and Bob, both human
    unfinished = Record(record.header, record.events[:60])
    solo = Record(replace(record.header, seats=(Seat("Ann"), Seat("Computer 2", "bot", "random"))), record.events[:60])
    computers = Record(replace(solo.header, seats=(solo.header.seats[1],) * 2), record.events[:60])
    assert ReplayCursor(record).perspectives == (None, 0, 1)
    assert ReplayCursor(solo).perspectives == (0,)
    for hidden in (unfinished, computers):
        cursor = ReplayCursor(hidden)
        assert cursor.perspectives == () and refusal(hidden.header, cursor.over).startswith("Continue it to the end")
    cursor = ReplayCursor(solo)
    for seat in (None, 1):
        with pytest.raises(HiddenView):
            cursor.view(seat)
        with pytest.raises(HiddenView):
            cursor.lines_before(cursor.length, seat, 3)
    assert cursor.view(0).seat == 0
