"""A host reads the server's own lines and nothing else: started with both doors (asyncssh,
aiohttp and the session template's app imported) and stopped, ``kobito serve`` writes its
address lines and "stopped" to stdout and only its own log lines to stderr, whatever its
dependencies warn about themselves (``bash requirements/newest`` runs this under their newest versions)."""

from __future__ import annotations

import re
import signal
import subprocess
import sys

LOGGED = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} [a-z]")  # the server's own log line (logging's asctime, then its words)


def test_the_server_says_its_own_lines_and_nothing_else(data_dir):
    server = subprocess.Popen(
        [sys.executable, "-m", "kobito_tui.cli", "serve", "--data-dir", str(data_dir / "data"), "--ssh-port", "0", "--web-port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        started = [server.stdout.readline() for _ in range(3)]
    finally:
        server.send_signal(signal.SIGTERM)
        rest, errors = server.communicate(timeout=30)
    lines = (started[0] + started[1] + started[2] + rest).splitlines()
    assert [line.split(":")[0] for line in lines] == ["kobito serve", "host key fingerprint", "kobito serve", "kobito serve"], lines
    assert lines[0].startswith("kobito serve: ssh -p ") and " web http://" in lines[2] and lines[3] == "kobito serve: stopped"
    assert [line for line in errors.splitlines() if not LOGGED.match(line)] == []
    assert "hub listening on" in errors
    assert server.returncode == 0


def test_serve_check_says_its_one_line_and_nothing_else(data_dir):
    done = subprocess.run(
        [sys.executable, "-m", "kobito_tui.cli", "serve", "check", "--data-dir", str(data_dir / "data")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert len((done.stdout + done.stderr).splitlines()) == 1, done
