"""Autosave in a writer thread: moves do not wait for the disk, the newest record wins, nothing is lost."""

import subprocess
import sys
import threading
import time

import pytest

import kobito_tui.core.autosave as autosave
from kobito_tui.core.game import Seat
from kobito_tui.core.record import Record, new_header
from kobito_tui.core.savefile import dumps, load, save
from kobito_tui.core.session import Session

SEATS = (Seat("Ann"), Seat("Bob"))


def add(session, n=1):
    session.play({"type": "add", "seat": session.to_act, "n": n})


@pytest.fixture
def held_writes(monkeypatch):
    """The writer blocks until ``release`` is set; ``written`` lists each record it wrote."""
    release, written = threading.Event(), []

    def slow_save(path, record):
        release.wait(5)
        save(path, record)
        written.append(len(record.events))

    monkeypatch.setattr(autosave, "save", slow_save)
    return release, written


def test_moves_do_not_wait_for_the_disk_and_only_the_newest_record_is_written(tmp_path, held_writes):
    release, written = held_writes
    path = tmp_path / "g.jsonl"
    session = Session(Record(new_header("toy", SEATS, seed=3)), path=path, background=True)
    for n in range(4):
        add(session, 1 + n % 2)  # returns although the first write is still held
    assert written == [] and not path.exists()
    release.set()
    session.flush()
    assert written[-1] == len(session.events) and len(written) <= 2  # at most one stale write, then the newest
    assert path.read_text() == dumps(session.record)
    assert load(path).events == session.events


def test_a_record_changed_after_handing_it_over_is_saved_as_it_was(tmp_path, held_writes):
    release, _ = held_writes
    saver = autosave.AutoSaver(tmp_path / "g.jsonl")
    record = Record(new_header("toy", SEATS, seed=3))
    saver.save(record)
    record.events.append({"type": "junk"})  # the session's list keeps changing
    release.set()
    saver.flush()
    assert load(saver.path).events == []


def test_a_failed_write_is_raised_once_by_flush_or_the_next_save(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    saver = autosave.AutoSaver(blocker / "g.jsonl")  # its folder is a file
    record = Record(new_header("toy", SEATS, seed=3))
    saver.save(record)
    with pytest.raises(OSError):
        saver.flush()
    saver.flush()  # reported once
    saver.save(record)
    with pytest.raises(OSError):  # once that write has failed, the next save says so
        for _ in range(500):
            saver.save(record)
            time.sleep(0.01)


def test_the_process_exits_only_after_the_last_record_is_written(tmp_path):
    path = tmp_path / "g.jsonl"
    script = f"""
import time
import kobito_tui.core.autosave as autosave
from kobito_tui.core.record import Record, new_header, parse_players
real = autosave.save
autosave.save = lambda path, record: (time.sleep(0.3), real(path, record))
header = new_header("treasure", parse_players("Ann,Bob"), seed=1)
autosave.AutoSaver({str(path)!r}).save(Record(header))
"""  # ends right after handing the record over, without flush
    subprocess.run([sys.executable, "-c", script], check=True, timeout=30)
    assert load(path).events == []
