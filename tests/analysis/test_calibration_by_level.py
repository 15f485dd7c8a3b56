"""A computer's seat is judged through its level's calibration map, a person's through the pooled one."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from analysis.cheap import example

from kobito_tui.analysis import analyse as analyse_module
from kobito_tui.analysis import marks, quality
from kobito_tui.analysis.analyse import analyse
from kobito_tui.analysis.judgement import Judgement
from kobito_tui.core.game import Seat
from kobito_tui.core.record import Record

FLAT = {None: 0.5, "easy": 0.2, "medium": 0.4, "hard": 0.8}
"""A made-up map per level: every raw chance to one value, so the map used shows in the chance."""


def _with_seats(name: str, *seats: Seat) -> Record:
    record = example(name)
    return Record(replace(record.header, seats=seats), record.events)


@pytest.fixture
def flat_maps(monkeypatch):
    def calibration_map(game: str, level: str | None = None) -> tuple[tuple[float, float], ...]:
        value = FLAT.get(level, FLAT[None])
        return ((0.0, value), (1.0, value))

    monkeypatch.setattr(analyse_module, "calibration_map", calibration_map)
    monkeypatch.setattr(analyse_module, "_judge", lambda job: Judgement(0.6, 0.6, ()))


@pytest.mark.parametrize("game", ["kobito-2-players", "treasure-standard"])
def test_a_computer_seat_uses_its_levels_map_and_a_person_the_pooled_one(flat_maps, game):
    record = _with_seats(game, Seat("Ann"), Seat("", "bot", "hard"))
    report = analyse(record)
    judged = {t.seat: t.chance_before for t in report.turns if not t.forced}
    assert judged == {0: FLAT[None], 1: FLAT["hard"]}


def test_every_level_its_own_map_and_an_old_name_its_levels(flat_maps):
    record = _with_seats("kobito-2-players", Seat("", "bot", "easy"), Seat("", "bot", "medium"))
    judged = {t.seat: t.chance_before for t in analyse(record).turns if not t.forced}
    assert judged == {0: FLAT["easy"], 1: FLAT["medium"]}
    assert marks.seat_level(Seat("", "bot", "strong")) == "strong"
    assert marks.calibration_map("kobito", "strong") == marks.calibration_map("kobito", "hard")


def test_a_level_without_a_map_and_a_person_get_the_pooled_map():
    pooled = marks.calibration_map("treasure")
    assert marks.seat_level(Seat("Ann")) is None
    assert marks.calibration_map("treasure", None) == pooled
    assert marks.calibration_map("treasure", "random") == pooled


@pytest.mark.parametrize("game", ["kobito", "treasure"])
def test_the_shipped_file_has_a_monotone_map_per_level(game):
    data = json.loads(marks._calibration_text())
    maps = [data["maps"][game], *(data["levels"][game][level] for level in ("easy", "medium", "hard"))]
    for knots in maps:
        xs, ys = [x for x, _ in knots], [y for _, y in knots]
        assert xs == sorted(xs) and ys == sorted(ys) and all(0.0 <= v <= 1.0 for v in xs + ys)
    assert marks.calibration_map(game, "hard") != marks.calibration_map(game, "medium")
    assert marks.calibration_map(game, "hard") == tuple((x, y) for x, y in data["levels"][game]["hard"])


def _rows(n: int) -> list[dict]:
    """Hard wins more often than its raw chance says, Medium less, Easy still less."""
    luck = random.Random(3)
    rows = []
    for game in range(n):
        for level, (run, lift) in {"hard": ("calibration", 0.3), "medium": ("calibration", -0.2), "easy": ("discrimination", -0.3)}.items():
            raw = luck.random()
            won = float(luck.random() < min(1.0, max(0.0, raw + lift)))
            rows.append({"run": run, "game": game, "level": level, "best": raw, "played": raw, "won": won, "best_b": raw, "played_b": raw})
    return rows


def test_each_level_is_fitted_and_graded_on_its_own_turns():
    crossed = quality.summarise("kobito", 3000, _rows(3000))
    assert set(crossed["levels"]) == set(crossed["level_maps"]) == {"easy", "medium", "hard"}
    for level, bins in crossed["levels"].items():
        assert all(b["within_6"] is not False for b in bins), level
    hard, medium = (quality.chance(crossed["level_maps"][level], 0.5) for level in ("hard", "medium"))
    assert hard > 0.7 and medium < 0.4
    text = quality.report(crossed)
    assert "Turns of the easy computer only (3000, Easy v Hard games)" in text
    held = quality.summarise("kobito", 3000, _rows(3000), held_out=True)
    assert held["level_maps"]["hard"] == [list(k) for k in marks.calibration_map("kobito", "hard")]
