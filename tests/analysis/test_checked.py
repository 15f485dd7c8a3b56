"""An analysis from outside is checked against its game before it is shown or kept: every way
a document can fail to be this record's analysis is refused with a reason, and a real one passes."""

from __future__ import annotations

import copy
import functools
import json

import pytest

from kobito_tui.analysis.checked import checked_report, parsed
from kobito_tui.analysis.decisions import decisions
from tests.replay.conftest import example, hand_report

RECORD = example("kobito-2-players.jsonl")
SEAT_0 = next(k for k, d in enumerate(decisions(RECORD)) if d.seat == 0 and not d.forced)


@functools.cache
def _whole() -> dict:
    return hand_report(RECORD, {SEAT_0: "mistake"}).to_json()


def whole() -> dict:
    """A real report of RECORD, as JSON, the caller's to change (built once: every worker collects this module)."""
    return copy.deepcopy(_whole())


def test_a_real_report_passes_for_every_seat_and_for_one_seat_its_own_turns_only():
    assert checked_report(json.loads(json.dumps(whole())), RECORD, None) == hand_report(RECORD, {SEAT_0: "mistake"})
    other = whole()
    mine = [t for t in other["turns"] if t["seat"] == 0 and not t["forced"]]
    mine[0]["best_events"] = mine[1]["played_events"]  # a line of the seat's own moves, other than the one played
    assert checked_report(other, RECORD, None).turns[other["turns"].index(mine[0])].best_events == tuple(mine[1]["played_events"])
    one = whole()
    one["seats"] = one["seats"][:1]
    one["turns"] = [t for t in one["turns"] if t["seat"] == 0]
    one["chances"] = one["chances"][: len(one["turns"]) + 1]
    assert checked_report(one, RECORD, 0).seats[0].seat == 0
    with pytest.raises(ValueError, match="other seats"):
        checked_report(one, RECORD, None)  # a seat's analysis is not the whole table's
    with pytest.raises(ValueError, match="other seats"):
        checked_report(whole(), RECORD, 1)


def broken(change) -> dict:
    data = whole()
    change(data)
    return data


BEST = next(k for k, d in enumerate(decisions(RECORD)) if not d.forced)


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        "report",
        3,
        broken(lambda d: d.update(game="treasure")),
        broken(lambda d: d["seats"].append(dict(d["seats"][0], seat=2))),
        broken(lambda d: d["seats"][0].update(accuracy="all")),
        broken(lambda d: d["seats"][0].update(mistakes=-1)),
        broken(lambda d: d["seats"][0].update(name="x" * 1000)),
        broken(lambda d: d["turns"].pop()),
        broken(lambda d: d["turns"][0].update(index=True)),
        broken(lambda d: d["turns"][0].update(seat=1 - d["turns"][0]["seat"])),
        broken(lambda d: d["turns"][0].update(played_events=[{"type": "pass", "seat": 0}])),
        broken(lambda d: d["turns"][0].update(chance_before=1.5)),
        broken(lambda d: d["turns"][0].update(chance_after=float("nan"))),
        broken(lambda d: d["turns"][0].update(mark="genius")),
        broken(lambda d: d["turns"][BEST].update(best_events=[{"type": "play", "seat": 5}])),
        broken(lambda d: d["turns"][BEST].update(best_events=[{"type": "play", "seat": d["turns"][BEST]["seat"], "card": {"x": 1}}])),
        broken(lambda d: d["turns"][BEST].update(best_events=[{"seat": d["turns"][BEST]["seat"]}])),
        broken(lambda d: d["turns"][BEST].update(best_events=[])),
        broken(lambda d: d["turns"][BEST].update(best_events=["\x1b[2J"])),
        broken(lambda d: d["chances"].pop()),
        broken(lambda d: d["chances"][1].append(0.5)),
        broken(lambda d: d["chances"][1].__setitem__(0, -0.1)),
        broken(lambda d: d["turns"].__setitem__(0, [1, 2])),
        broken(lambda d: d["turns"][0].update(secret=1)),
    ],
)
def test_what_is_not_this_records_analysis_is_refused_with_a_reason(data):
    with pytest.raises(ValueError, match="not an analysis"):
        checked_report(data, RECORD, None)


def test_json_nested_too_deep_to_read_is_refused_not_a_crash():
    with pytest.raises(ValueError, match="nested too deep"):
        parsed("[" * 100_000 + "]" * 100_000)
