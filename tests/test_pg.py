"""The PostgreSQL fixture never passes silently: without PostgreSQL it skips saying why, in CI it fails."""

import pytest
from pg import _missing


def test_without_postgresql_a_test_is_skipped_saying_why_and_fails_in_ci(monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="no initdb: apt-get install postgresql"):
        _missing("no initdb")
    monkeypatch.setenv("CI", "1")
    with pytest.raises(pytest.fail.Exception, match=r"no initdb: apt-get install postgresql.*\(CI is set: .ci/run installs it\)"):
        _missing("no initdb")


def test_a_killed_runs_cluster_folder_is_swept_and_a_living_runs_is_not(tmp_path, monkeypatch):
    import os
    import subprocess

    import pg

    monkeypatch.setattr(pg, "TMP", tmp_path)
    dead = subprocess.Popen(["true"])
    dead.wait()
    for name, pid in (("kpgdead", dead.pid), ("kpgalive", os.getpid()), ("kpgother", None)):
        (tmp_path / name).mkdir()
        if pid is not None:
            (tmp_path / name / pg.OWNER_FILE).write_text(f"{pid}\n")
    pg.sweep(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kpgalive", "kpgother"]
