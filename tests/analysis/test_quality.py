"""The calibration table of ``kobito analyse --calibrate``, on made-up rows (no self-play)."""

import random

import pytest
from analysis.cheap import cheapen

from kobito_tui.analysis import quality
from kobito_tui.analysis.marks import calibration_map, through
from kobito_tui.bots import treasure_bots


def _rows(n: int, seed: int = 0) -> list[dict]:
    luck = random.Random(seed)
    rows = []
    for game in range(n):
        raw = luck.random()
        rows.append({"run": "calibration", "game": game, "level": "hard", "best": raw, "played": raw, "won": float(luck.random() < raw)})
    for game in range(20):
        for level in ("easy", "hard"):
            rows.append(
                {
                    "run": "discrimination",
                    "game": game,
                    "level": level,
                    "best": 0.6,
                    "played": 0.3,
                    "best_b": 0.6,
                    "played_b": 0.3,
                    "won": 0.0,
                }
            )
    return rows


def test_the_isotonic_map_never_falls():
    points = [(random.random(), float(random.random() < 0.5)) for _ in range(500)]
    knots = quality.isotonic(points, pool=20)
    assert [y for _, y in knots] == sorted(y for _, y in knots)


def test_a_held_out_table_grades_the_shipped_map_and_a_cross_fitted_one_does_not():
    rows = _rows(2000)
    shipped = calibration_map("kobito")
    held = quality.summarise("kobito", 2000, rows, held_out=True)
    assert held["held_out"] and held["map"] == [list(k) for k in shipped]
    played = [r["played"] for r in rows if r["run"] == "calibration"]
    mapped = [through(shipped, p) for p in played]
    busiest = max(held["bins"], key=lambda b: b["turns"])
    lo = float(busiest["bin"].split("%")[0]) / 100
    inside = [m for m in mapped if min(9, int(m * 10)) == round(lo * 10)]
    assert busiest["turns"] == len(inside)
    assert busiest["estimated"] == pytest.approx(sum(inside) / len(inside))
    crossed = quality.summarise("kobito", 2000, rows)
    assert not crossed["held_out"] and crossed["map"] != held["map"]
    assert "held out" in quality.report(held) and "cross-fitted" in quality.report(crossed)


def test_outcomes_drawn_at_the_raw_chance_are_calibrated_when_cross_fitted():
    crossed = quality.summarise("kobito", 4000, _rows(4000, seed=1))
    assert all(b["within_6"] is not False for b in crossed["bins"])


def test_a_held_out_check_writes_no_map():
    with pytest.raises(ValueError):
        quality.summarise("kobito", 10, _rows(10), write=True, held_out=True)


class _Clock:
    """A clock a whole second on at every reading: a budget by the clock runs out at once."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 1.0
        return self.now


def test_treasure_hard_does_fixed_work_so_a_seed_gives_the_same_rows(monkeypatch):
    cheapen(monkeypatch)
    job = ("treasure", ["hard", "medium"], 5, 2, False)
    first = quality._game(job)
    monkeypatch.setattr(treasure_bots, "time", _Clock())  # a machine too busy for any search by the clock
    assert quality._game(job) == first and first
