"""Save files: round trip, refusal with FILE:LINE, atomic writes, `kobito check`."""

import json
import os

import pytest

from kobito_tui.cli import main
from kobito_tui.core.game import Seat
from kobito_tui.core.record import Record, new_header
from kobito_tui.core.savefile import SaveError, dumps, load, loads, save
from kobito_tui.core.session import Session
from kobito_tui.i18n.messages import english


@pytest.fixture
def record():
    session = Session(Record(new_header("toy", (Seat("Ann"), Seat("Bob", "bot", "greedy")), seed=5)))
    for _ in range(3):
        session.play({"type": "add", "seat": session.to_act, "n": 1})
        session.play({"type": "end", "seat": session.to_act})
    return session.record


def lines_of(record):
    return dumps(record).splitlines()


def refused(text):
    with pytest.raises(SaveError) as caught:
        loads(text, "game.jsonl")
    return caught.value


def test_save_load_same_record_and_same_bytes(tmp_path, record):
    path = tmp_path / "g.jsonl"
    save(path, record)
    loaded = load(path)
    assert loaded.header == record.header and loaded.events == record.events
    assert dumps(loaded) == path.read_text(encoding="utf-8")


def test_header_is_line_one_and_events_one_per_line(record):
    lines = lines_of(record)
    header = json.loads(lines[0])
    assert header["format"] == "kobito-tui" and header["version"] == 1 and header["game"] == "toy"
    assert header["seats"] == [{"name": "Ann"}, {"name": "Bob", "kind": "bot", "level": "greedy"}]
    assert len(lines) == 1 + len(record.events)


def test_truncated_file_is_refused_at_its_last_line(record):
    text = dumps(record)
    error = refused(text[:-5])
    assert error.line == len(record.events) + 1 and "truncated" in english(error.message)


def test_bad_json_is_refused_with_its_line(record):
    lines = lines_of(record)
    lines[3] = lines[3][:-1] + ",}"
    assert refused("\n".join(lines) + "\n").line == 4


def test_wrong_version_is_refused_on_line_one(record):
    lines = lines_of(record)
    lines[0] = lines[0].replace('"version":1', '"version":2')
    error = refused("\n".join(lines) + "\n")
    assert error.line == 1 and "version 2" in english(error.message)


def test_not_a_save_file_is_refused(record):
    assert refused('{"hello": 1}\n').line == 1
    assert english(refused("").message) == "empty file"


def test_illegal_event_is_refused_with_its_line(record):
    lines = lines_of(record)
    lines[4] = json.dumps({"type": "add", "seat": 0, "n": 7})
    error = refused("\n".join(lines) + "\n")
    assert error.line == 5
    assert str(error).startswith("game.jsonl:5: ")


def test_malformed_event_is_refused_not_crashed(record):
    lines = lines_of(record)
    lines[2] = json.dumps({"type": "add"})
    assert refused("\n".join(lines) + "\n").line == 3
    lines[2] = "[1, 2]"
    assert refused("\n".join(lines) + "\n").line == 3


def test_failed_write_leaves_the_old_file_whole(tmp_path, record, monkeypatch):
    path = tmp_path / "g.jsonl"
    save(path, record)
    before = path.read_bytes()

    def crash(fd):
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", crash)
    with pytest.raises(OSError):
        save(path, Record(record.header, record.events[:2]))
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["g.jsonl"]


def test_check_command_exit_codes_and_one_line_per_problem(tmp_path, record, capsys):
    good, bad = tmp_path / "good.jsonl", tmp_path / "bad.jsonl"
    save(good, record)
    bad.write_text(dumps(record)[:-3])
    assert main(["check", str(good)]) == 0
    assert capsys.readouterr().out == ""
    assert main(["check", str(good), str(bad)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1 and out[0].startswith(f"{bad}:")
