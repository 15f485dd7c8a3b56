"""The web door of a real `kobito serve`: SSH and the web on free loopback ports."""

from __future__ import annotations

import subprocess
from pathlib import Path

from serve.helpers import Server


class WebDoor(Server):
    """``kobito serve --web-port 0``: ``base`` is the page's address (``http://127.0.0.1:PORT``)."""

    def __init__(self, data_dir: Path, *extra: str):
        super().__init__(data_dir, "--web-port", "0", *extra)
        line = self.process.stdout.readline()  # kobito serve: web http://127.0.0.1:PORT/  (...)
        if not line.startswith("kobito serve: web "):
            self.kill()
            raise RuntimeError(f"the web door did not start: {line!r} {self.read_log()}")
        self.base = line.split()[3].rstrip("/")


def key_file(folder: Path) -> Path:
    """A new OpenSSH key without a passphrase, in ``folder``."""
    path = folder / "key"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(path)], check=True)
    return path
