"""Autosave in a writer thread: moves do not wait for the disk, the newest record wins, nothing is lost."""

import errno
import subprocess
import sys
import threading
import time

import pytest

import kobito_tui.core.autosave as autosave
import kobito_tui.core.savefile as savefile
from kobito_tui.core.game import Seat
from kobito_tui.core.record import Record, new_header
from kobito_tui.core.savefile import dumps, load, save
from kobito_tui.core.saves import remove_temp_files
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


def test_a_failed_write_is_raised_by_flush_until_a_write_succeeds(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    saver = autosave.AutoSaver(blocker / "g.jsonl")  # its folder is a file
    record = Record(new_header("toy", SEATS, seed=3))
    saver.save(record)
    for _ in range(2):  # each flush tries again, and says it failed
        with pytest.raises(OSError):
            saver.flush()
    assert saver.unsaved is not None and saver.error is not None
    blocker.unlink()  # the disk recovers
    saver.flush()
    assert load(saver.path).events == [] and saver.unsaved is None and saver.error is None


def test_the_process_exits_only_after_the_last_record_is_written(tmp_path):
    path = tmp_path / "g.jsonl"
    script = f"""
import time
import kobito_tui.games
import kobito_tui.core.autosave as autosave
from kobito_tui.core.record import Record, new_header, parse_players
real = autosave.save
autosave.save = lambda path, record: (time.sleep(0.3), real(path, record))
header = new_header("treasure", parse_players("Ann,Bob"), seed=1)
autosave.AutoSaver({str(path)!r}).save(Record(header))
"""  # ends right after handing the record over, without flush
    subprocess.run([sys.executable, "-c", script], check=True, timeout=30)
    assert load(path).events == []


def test_moves_made_while_the_disk_is_full_reach_the_file_once_it_has_room(tmp_path, full_disk):
    path = tmp_path / "g.jsonl"
    session = Session(Record(new_header("toy", SEATS, seed=3)), path=path, background=True)
    reports = []
    session.on_save_report = lambda s: reports.append(s.save_error)
    add(session)
    session.flush()
    full_disk.set()
    for _ in range(3):
        add(session)
    with pytest.raises(OSError) as raised:
        session.flush()
    assert raised.value.errno == errno.ENOSPC
    assert session.unsaved and session.unsaved_moves == 3 and session.save_error.errno == errno.ENOSPC
    assert len(load(path).events) == len(session.events) - 3
    full_disk.clear()
    session.flush()  # tries again: the newest record was kept
    assert load(path).events == session.events
    assert not session.unsaved and session.unsaved_moves == 0 and session.save_error is None
    assert reports[0].errno == errno.ENOSPC and reports[-1] is None  # failing, then saving again


def test_the_next_change_retries_a_failed_write(tmp_path, full_disk):
    path = tmp_path / "g.jsonl"
    session = Session(Record(new_header("toy", SEATS, seed=3)), path=path, background=True)
    full_disk.set()
    add(session)
    with pytest.raises(OSError):
        session.flush()
    full_disk.clear()
    add(session)  # no flush: the writer thread writes both moves
    for _ in range(500):
        if not session.unsaved:
            break
        time.sleep(0.01)
    assert load(path).events == session.events and session.save_error is None


def test_a_read_only_disk_in_the_foreground_refuses_to_save_but_keeps_the_move(tmp_path, monkeypatch):
    path = tmp_path / "g.jsonl"
    session = Session(Record(new_header("toy", SEATS, seed=3)), path=path)
    save(path, session.record)

    def read_only(src, dst):
        raise OSError(errno.EROFS, "Read-only file system", str(dst))

    with monkeypatch.context() as patch:
        patch.setattr(savefile.os, "replace", read_only)
        with pytest.raises(OSError):
            add(session)
        assert session.unsaved_moves == 1 and len(session.events) == 2
    assert [p.name for p in tmp_path.iterdir()] == ["g.jsonl"]  # no temp file left behind
    add(session)
    assert load(path).events == session.events and session.unsaved_moves == 0


def test_an_undo_that_could_not_be_saved_is_unsaved_but_loses_no_move(tmp_path, full_disk):
    path = tmp_path / "g.jsonl"
    session = Session(Record(new_header("toy", SEATS, seed=3)), path=path, background=True)
    add(session)
    session.flush()
    full_disk.set()
    session.undo()
    with pytest.raises(OSError):
        session.flush()
    assert session.unsaved and session.unsaved_moves == 0


def test_a_save_through_a_symlink_replaces_its_target_and_keeps_the_link(tmp_path):
    elsewhere, saves = tmp_path / "elsewhere", tmp_path / "saves"
    elsewhere.mkdir()
    saves.mkdir()
    target, link = elsewhere / "real.jsonl", saves / "g.jsonl"
    record = Record(new_header("toy", SEATS, seed=3))
    save(target, record)
    link.symlink_to(target)
    session = Session(record, path=link)  # writes the first deal through the link
    add(session)
    assert link.is_symlink() and link.resolve() == target
    assert load(target).events == session.events
    assert sorted(p.name for p in [*elsewhere.iterdir(), *saves.iterdir()]) == ["g.jsonl", "real.jsonl"]


def test_a_symlink_loop_is_refused_not_replaced(tmp_path):
    link = tmp_path / "g.jsonl"
    link.symlink_to(tmp_path / "g.jsonl")
    with pytest.raises(OSError) as raised:
        save(link, Record(new_header("toy", SEATS, seed=3)))
    assert raised.value.errno == errno.ELOOP and link.is_symlink()


def test_temp_files_of_an_interrupted_save_are_removed_and_nothing_else(tmp_path):
    (tmp_path / "replays").mkdir()
    ours = [tmp_path / ".g.jsonl.k2j3_x.tmp", tmp_path / "replays" / ".r.jsonl.abc.tmp"]
    others = [tmp_path / "g.jsonl", tmp_path / ".notes.tmp", tmp_path / "x.jsonl.tmp", tmp_path / "crash.log"]
    for path in ours + others:
        path.write_text("")
    assert sorted(remove_temp_files(tmp_path)) == sorted(ours)
    assert not any(p.exists() for p in ours) and all(p.exists() for p in others)
    assert remove_temp_files(tmp_path / "missing") == []
