"""One session per save file: the lock beside it."""

from __future__ import annotations

import subprocess
import sys

import pytest

from kobito_tui.core.savelock import SaveLock, SaveLocked, lock_path, remove_stale_locks


def test_a_second_session_is_refused_until_the_first_lets_go(tmp_path):
    save = tmp_path / "kobito-1.jsonl"
    first = SaveLock.take(save)
    assert first.held and lock_path(save).exists()
    with pytest.raises(SaveLocked):
        SaveLock.take(save)
    first.release()
    first.release()  # again: harmless
    assert not lock_path(save).exists()
    SaveLock.take(save).release()


def test_another_process_is_refused_and_a_dead_holder_holds_nothing(tmp_path):
    save = tmp_path / "kobito-1.jsonl"
    hold = "import sys,time; from kobito_tui.core.savelock import SaveLock; l = SaveLock.take(sys.argv[1]); print(1, flush=True); time.sleep(30)"
    holder = subprocess.Popen([sys.executable, "-c", hold, str(save)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline() == "1\n"
        with pytest.raises(SaveLocked):
            SaveLock.take(save)
    finally:
        holder.kill()
        holder.wait(10)
    assert lock_path(save).exists()  # killed: the system dropped its lock, its file stays
    held = SaveLock.take(tmp_path / "held.jsonl")
    remove_stale_locks(tmp_path)
    assert not lock_path(save).exists() and lock_path(tmp_path / "held.jsonl").exists()
    held.release()


def test_a_new_folder_is_made_and_an_unwritable_one_leaves_the_game_unlocked(tmp_path):
    lock = SaveLock.take(tmp_path / "new-folder" / "kobito-1.jsonl")
    assert lock.held
    lock.release()
    (tmp_path / "file").write_text("")
    lock = SaveLock.take(tmp_path / "file" / "kobito-1.jsonl")
    assert not lock.held
    lock.release()
