"""The sidecar cache, the JSON document and ``kobito analyse`` on good and hostile input."""

from __future__ import annotations

import json
import shutil

import pytest
from analysis.cheap import cheapen, example

from kobito_tui.analysis import marks, sidecar
from kobito_tui.analysis.report import Report
from kobito_tui.cli import main
from kobito_tui.core.record import Record
from kobito_tui.core.savefile import save


@pytest.fixture(autouse=True)
def cheap(monkeypatch):
    cheapen(monkeypatch)


@pytest.fixture(scope="module")
def analysed(tmp_path_factory):
    """The example game with its sidecar, analysed once for the module."""
    path = tmp_path_factory.mktemp("analysed") / "game.jsonl"
    shutil.copy("saves/kobito-2-players.jsonl", path)
    with pytest.MonkeyPatch.context() as patch:
        cheapen(patch)
        sidecar.analyse_cached(path, example("kobito-2-players"))
    return path


@pytest.fixture
def game(tmp_path, analysed):
    path = tmp_path / "game.jsonl"
    shutil.copy(analysed, path)
    shutil.copy(sidecar.sidecar_path(analysed), sidecar.sidecar_path(path))
    return path


def test_sidecar_round_trip_and_a_changed_save(game):
    record = example("kobito-2-players")
    sidecar.sidecar_path(game).unlink()
    assert sidecar.load_cached(game, record) is None
    report = sidecar.analyse_cached(game, record)
    assert sidecar.sidecar_path(game).name == "game.jsonl.analysis.json"
    assert sidecar.load_cached(game, record) == report
    assert sidecar.load_cached(game, record, seed=1) is None  # another seed is another analysis
    changed = Record(record.header, record.events[:-1])
    assert sidecar.load_cached(game, changed) is None


@pytest.fixture
def estimator(monkeypatch):
    """Change the estimator's version or its calibration map for one test (the version is cached)."""

    def change(**changed):
        for name, value in changed.items():
            monkeypatch.setattr(marks, name, value)
        marks.estimator_version.cache_clear()

    yield change
    marks.estimator_version.cache_clear()


def test_a_changed_estimator_analyses_anew_instead_of_showing_a_stale_report(game, estimator):
    record = example("kobito-2-players")
    kept = sidecar.load_cached(game, record)
    assert kept is not None
    estimator(ANALYSIS_VERSION=marks.ANALYSIS_VERSION + 1)
    assert sidecar.load_cached(game, record) is None
    estimator(ANALYSIS_VERSION=marks.ANALYSIS_VERSION - 1)
    assert sidecar.load_cached(game, record) == kept  # the same estimator: the report stands
    moved = json.loads(marks._calibration_text())
    moved["maps"]["kobito"][1][1] += 0.0001  # one knot of the map moved
    estimator(_calibration_text=lambda: json.dumps(moved))
    assert sidecar.load_cached(game, record) is None
    sidecar.store(game, record, kept)  # kept by this estimator: the other estimator's entries go
    keys = list(json.loads(sidecar.sidecar_path(game).read_text())["reports"])
    assert keys == [f"{sidecar.digest(record)}:all:{sidecar.estimate_key()}"] and keys[0].endswith(marks.estimator_version())


def test_a_corrupt_sidecar_is_ignored_and_replaced(game):
    record = example("kobito-2-players")
    report = sidecar.load_cached(game, record)
    path = sidecar.sidecar_path(game)
    key = next(iter(json.loads(path.read_text())["reports"]))
    for text in ["", "{", "[]", '{"reports": 3}', json.dumps({"reports": {key: 1}}), json.dumps({"reports": {key: {}}})]:
        path.write_text(text)
        assert sidecar.load_cached(game, record) is None
    path.write_bytes(b"\x00\xff")
    assert sidecar.load_cached(game, record) is None
    assert sidecar.analyse_cached(game, record) == report
    assert sidecar.load_cached(game, record) == report


def test_json_document_shape(game, capsys):
    assert main(["analyse", str(game), "--json", "--lang", "uk"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert set(doc) == {"game", "file", "seats", "turns"} and doc["game"] == "kobito"
    assert set(doc["seats"][0]) == {"seat", "name", "accuracy", "inaccuracies", "mistakes", "blunders"}
    turn = doc["turns"][0]
    assert {"index", "seat", "played", "best", "chance_before", "chance_after", "mark", "played_events", "best_events"} <= set(turn)
    assert all(t["played"] for t in doc["turns"])
    assert any(ch in doc["turns"][0]["played"] for ch in "абвгдеєжиіїклмнопрстуфхцчшщьюя")  # words in Ukrainian
    report = Report.from_json(json.loads(sidecar.sidecar_path(game).read_text())["reports"].popitem()[1])
    assert [t.played_events for t in report.turns] == [tuple(t["played_events"]) for t in doc["turns"]]


def test_plain_text_tables(game, capsys):
    assert main(["analyse", str(game), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Accuracy" in out and "Ann" in out and "Bob" in out


def _refused(capsys, argv) -> str:
    assert main(argv) == 1
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in captured.err and not captured.out
    return lines[0]


def test_hostile_input_is_one_line_and_exit_1(tmp_path, capsys):
    assert "cannot read" in _refused(capsys, ["analyse", str(tmp_path / "missing.jsonl"), "--lang", "en"])
    assert "not a regular file" in _refused(capsys, ["analyse", str(tmp_path), "--lang", "en"])
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(b'{"format": "kobito-tui"\x1b[2J\n')
    assert "\x1b" not in _refused(capsys, ["analyse", str(bad), "--lang", "en"])
    record = example("kobito-2-players")
    unfinished = tmp_path / "unfinished.jsonl"
    save(unfinished, Record(record.header, record.events[:50]))
    assert "not finished" in _refused(capsys, ["analyse", str(unfinished), "--lang", "en"])
    _refused(capsys, ["analyse", "--lang", "en"])
