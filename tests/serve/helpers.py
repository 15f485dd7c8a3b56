"""A real `kobito serve` process on loopback, and clients that play through it."""

from __future__ import annotations

import asyncio
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import asyncssh

from kobito_tui.serve.client import HubConnection, RemoteTable
from kobito_tui.serve.hub import Hub

SSH = ["ssh", "-F", "/dev/null", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR"]


class Terminal:
    """An OpenSSH client (or any command) in a tmux window of its own."""

    def __init__(self, name: str, command: list[str], width: int = 100, height: int = 30):
        self.name = name
        subprocess.run(["tmux", "new-session", "-d", "-s", name, "-x", str(width), "-y", str(height), " ".join(command)], check=True)

    def screen(self) -> str:
        done = subprocess.run(
            ["tmux", "capture-pane", "-p", "-J", "-S", "-1000", "-t", self.name], check=False, capture_output=True, text=True
        )
        return done.stdout

    def wait(self, pattern: str, timeout: float = 20.0) -> re.Match[str]:  # an app starting under load takes seconds
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            match = re.search(pattern, self.screen())
            if match:
                return match
            time.sleep(0.05)
        raise AssertionError(f"{pattern!r} never showed on {self.name}:\n{self.screen()}")

    def type(self, *keys: str) -> None:
        subprocess.run(["tmux", "send-keys", "-t", self.name, *keys], check=True)

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.name], check=False, capture_output=True)


MOVED = r"(?:played|opened|added|took|ended the turn)"  # what the log says of a Kobito move


def play_the_hint(terminal: Terminal) -> str:
    """Ask the hub for a hint and follow it: a play (Enter), or ending the turn (e) when nothing in the
    dealt hand fits. Returns the key it pressed."""
    terminal.type("?")
    key = "Enter" if terminal.wait(r"Enter plays it|press e").group() == "Enter plays it" else "e"
    terminal.type(key)
    return key


KEY_ANN = "key:SHA256:" + "A" * 43
KEY_BOB = "key:SHA256:" + "B" * 43


def short_dir() -> Path:
    """A folder with a short path: a Unix socket's path has at most 107 bytes."""
    return Path(tempfile.mkdtemp(prefix="kbs", dir="/tmp"))


class Server:
    """``kobito serve`` with its data in ``data_dir``, SSH on a free loopback port; the test may speak
    the protocol on its socket itself (:meth:`connect`) unless ``vouched``: then only the doors' programs may."""

    def __init__(self, data_dir: Path, *extra: str, vouched: bool = False):
        self.data_dir = data_dir
        data_dir.parent.mkdir(parents=True, exist_ok=True)
        self.log = open(data_dir.parent / "server.log", "a")  # noqa: SIM115 - a pipe nobody reads would stop the server
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "kobito_tui.cli",
                "serve",
                "--data-dir",
                str(data_dir),
                "--ssh-port",
                "0",
                "--bot-delay",
                "0",
                *([] if vouched else ["--open-socket"]),
                *extra,
            ],
            stdout=subprocess.PIPE,
            stderr=self.log,
            text=True,
        )
        self.lines = [self.process.stdout.readline() for _ in range(2)]
        if not self.lines[-1].startswith("host key fingerprint"):
            self.process.kill()
            raise RuntimeError(f"kobito serve did not start: {self.lines} {self.read_log()}")
        self.port = int(self.lines[0].split()[4])
        self.fingerprint = self.lines[1].split()[-1]
        self.socket = data_dir / "hub.sock"

    def connect(self, identity: str = "guest", name: str = "Guest", address: str = "") -> HubConnection:
        return HubConnection(self.socket, identity, name, timeout=10, address=address)

    def read_log(self) -> str:
        return (self.data_dir.parent / "server.log").read_text()

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> int:
        if self.process.stdout.closed:  # stopped already
            return self.process.returncode
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            code = self.process.wait(10)
            self.output = self.process.stdout.read()
            return code
        finally:
            self.process.stdout.close()
            self.log.close()


def play_until(remotes: list[RemoteTable], rng: random.Random, stop, timeout: float = 30.0) -> int:
    """Play random legal moves for whichever of ``remotes`` is to act until ``stop(update)``; moves made."""
    moves, deadline = 0, time.monotonic() + timeout
    while time.monotonic() < deadline:
        newest = max(r.revision for r in remotes)
        updates = [r.wait_for(lambda u, n=newest: u.revision >= n) for r in remotes]
        if stop(updates[0]):
            return moves
        acting = next((r for r, u in zip(remotes, updates) if u.legal), None)
        if acting is None:
            time.sleep(0.005)  # a computer's move is on its way
            continue
        update = acting.last
        assert acting.submit(acting.seat, rng.choice(update.legal), update.revision) is None
        acting.wait_for(lambda u, r=update.revision: u.revision > r)
        moves += 1
    raise TimeoutError("the game did not get there in time")


def remove(folder: Path) -> None:
    shutil.rmtree(folder, ignore_errors=True)


def eventually(test, timeout: float = 5.0) -> None:
    """Wait until ``test()`` holds (pushes from the hub arrive on their own time)."""
    deadline = time.monotonic() + timeout
    while not test():
        if time.monotonic() > deadline:
            raise AssertionError("it never came true")
        time.sleep(0.01)


@contextmanager
def served() -> Iterator[Server]:
    """A `kobito serve` in a short folder of its own, stopped and the folder removed after."""
    folder = short_dir()
    server = Server(folder / "data")
    try:
        yield server
    finally:
        server.stop()
        remove(folder)


@contextmanager
def running_hub(data_dir: Path, **kwargs) -> Iterator[Hub]:
    """A hub in this process (its store or socket in the test's hands), its loop in a thread of its own."""
    hub = Hub(data_dir, bot_delay=0, **kwargs)
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, name="test hub loop", daemon=True)
    thread.start()
    try:
        asyncio.run_coroutine_threadsafe(hub.start(), loop).result(10)
        yield hub
    finally:
        asyncio.run_coroutine_threadsafe(hub.close(), loop).result(10)
        asyncio.run_coroutine_threadsafe(_settle(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        loop.close()


async def _settle() -> None:
    """End what a closed hub leaves running on its loop (connections on their way out)."""
    rest = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
    for task in rest:
        task.cancel()
    await asyncio.gather(*rest, return_exceptions=True)


async def ssh_guest(port: int, term: str = "xterm-256color") -> tuple[asyncssh.SSHClientConnection, asyncssh.SSHClientProcess[bytes]]:
    """A guest's SSH session (asyncssh, no key) on an 80×24 terminal of type ``term``, reading bytes."""
    conn = await asyncssh.connect(
        "127.0.0.1", port, username="ann", known_hosts=None, client_keys=[], agent_path=None, kbdint_auth=True, password=""
    )
    return conn, await conn.create_process(term_type=term, term_size=(80, 24), encoding=None)


async def read_until(process: asyncssh.SSHClientProcess[bytes], wanted: bytes, shown: bytes = b"", timeout: float = 20) -> bytes:
    """What ``process`` drew (after ``shown``) until ``wanted`` is in it."""
    while wanted not in shown:
        shown += await asyncio.wait_for(process.stdout.read(65536), timeout)
    return shown


def new_key(folder: Path, name: str) -> tuple[Path, str]:
    """A key of ``name``'s and the identity the server knows it by."""
    key = folder / f"{name}-key"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True)
    shown = subprocess.run(["ssh-keygen", "-l", "-E", "sha256", "-f", f"{key}.pub"], capture_output=True, text=True, check=True)
    return key, "key:" + shown.stdout.split()[1]


def signed_in(server: Server, key: Path, name: str, tag: str) -> Terminal:
    command = [*SSH, "-tt", "-p", str(server.port), "-i", str(key), "-o", "PreferredAuthentications=publickey", f"{name}@127.0.0.1"]
    terminal = Terminal(f"{tag}-{name}", [*command, ";", "sleep", "30"], 100, 30)
    terminal.wait(rf"Kobito tables · you are {name}")
    return terminal


def click(terminal: Terminal, text: str) -> None:
    """A mouse click on the middle of ``text`` where the screen shows it."""
    shown = subprocess.run(["tmux", "capture-pane", "-p", "-t", terminal.name], capture_output=True, text=True, check=True).stdout
    row, line = next((number, line) for number, line in enumerate(shown.splitlines(), 1) if text in line)
    column = line.index(text) + len(text) // 2 + 1
    for end in ("M", "m"):
        subprocess.run(["tmux", "send-keys", "-t", terminal.name, "-l", f"\x1b[<0;{column};{row}{end}"], check=True)
