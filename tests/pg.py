"""A throwaway PostgreSQL cluster for the tests: started once per test session (per xdist
worker), a fresh database for each test, gone at the end.

It listens on a Unix socket in its own folder only (no TCP), with ``fsync=off`` (tests only:
a crash of the machine may lose it, which no test cares about).  As root, the cluster runs as
the ``postgres`` user (PostgreSQL refuses to run as root).  Without PostgreSQL (or psycopg)
the tests that need it are skipped, saying why; with ``CI`` set they fail instead.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from missing import missing

PORT = 5432  # only names the socket file in the cluster's own folder: never taken by another cluster


def _bindir() -> Path | None:
    """The newest PostgreSQL's bin folder (Debian's /usr/lib/postgresql/N/bin, else initdb on PATH)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parent.parent.name))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _missing(why: str) -> None:
    missing(f"{why}: apt-get install postgresql (and pip install 'psycopg[binary]') to run it")


class Cluster:
    """One PostgreSQL cluster in ``folder``; ``url(db)`` reaches database ``db`` on it."""

    def __init__(self, bindir: Path, folder: Path):
        self.bindir, self.folder = bindir, folder
        self.data = folder / "data"
        self._as_postgres = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        self.user = "postgres" if os.geteuid() == 0 else pwd.getpwuid(os.geteuid()).pw_name
        self._names = itertools.count()
        self.start_s = 0.0  # how long the last start took
        self.running = False

    def _run(self, tool: str, *args: str) -> None:
        subprocess.run(
            [*self._as_postgres, str(self.bindir / tool), *args],
            check=True,
            capture_output=True,
            text=True,
            cwd=self.folder,
            timeout=60,
        )

    def init(self) -> None:
        if os.geteuid() == 0:
            os.chown(self.folder, pwd.getpwnam("postgres").pw_uid, -1)
        self._run("initdb", "-D", str(self.data), "-U", self.user, "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync")

    def start(self) -> None:
        began = time.perf_counter()
        options = f"-k {self.folder} -p {PORT} -c listen_addresses='' -c fsync=off -c max_connections=200"
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.folder / "log"), "-w", "start")
        self.start_s = time.perf_counter() - began
        self.running = True

    def stop(self, mode: str = "fast") -> None:
        """Stop the cluster (``immediate``: as a crash would, no checkpoint)."""
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")
        self.running = False

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{self.user}@/{database}?host={self.folder}&port={PORT}"

    def create_database(self) -> str:
        """A new, empty database; its name."""
        import psycopg

        name = f"kobito_test_{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
        return name

    def drop_database(self, name: str, settle_s: float = 3.0) -> list[str]:
        """Drop database ``name``; the connections still open to it once ``settle_s`` has passed
        (their application names: a store or a server the test did not close), ended by force."""
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as admin:
            deadline = time.monotonic() + settle_s
            while True:
                left = [row[0] for row in admin.execute("SELECT application_name FROM pg_stat_activity WHERE datname = %s", (name,))]
                if not left or time.monotonic() > deadline:
                    break
                time.sleep(0.05)
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        return left


TMP = Path("/tmp")  # short: a socket's path has at most 107 bytes
PREFIX = "kpg"
OWNER_FILE = "owner.pid"  # the test process a cluster is for


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def sweep(bindir: Path) -> None:
    """Stop and remove the clusters of test runs that were killed before their end (a timeout)."""
    for folder in TMP.glob(f"{PREFIX}*"):
        try:
            pid = int((folder / OWNER_FILE).read_text())
        except (OSError, ValueError):
            continue  # not one of ours, or still being made
        if _alive(pid):
            continue
        if (folder / "data" / "postmaster.pid").exists():
            with contextlib.suppress(subprocess.SubprocessError):  # it died with its run
                Cluster(bindir, folder).stop("immediate")
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """The session's cluster (started on first use)."""
    bindir = _bindir()
    if bindir is None:
        _missing("PostgreSQL is not installed (no initdb in /usr/lib/postgresql/*/bin or on PATH)")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        _missing("psycopg (psycopg 3) is not installed")
    assert bindir is not None
    sweep(bindir)
    folder = Path(tempfile.mkdtemp(prefix=PREFIX, dir=TMP))  # short: the socket's path has at most 107 bytes
    cluster = Cluster(bindir, folder)
    try:
        cluster.init()
        (folder / OWNER_FILE).write_text(f"{os.getpid()}\n")
        cluster.start()
    except (subprocess.SubprocessError, OSError) as error:
        shutil.rmtree(folder, ignore_errors=True)
        detail = getattr(error, "stderr", "") or error
        pytest.fail(f"PostgreSQL is installed but a throwaway cluster would not start: {detail}")
    try:
        yield cluster
    finally:
        if cluster.running:
            cluster.stop("immediate")
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def pg_url(pg_cluster: Cluster) -> Iterator[str]:
    """A URL of an empty database of its own for this test, dropped afterwards."""
    name = pg_cluster.create_database()
    yield pg_cluster.url(name)
    if not pg_cluster.running:  # a test stopped it and did not start it again
        pg_cluster.start()
    left = pg_cluster.drop_database(name)
    assert not left, f"connections left open to the test's database: {left}"
