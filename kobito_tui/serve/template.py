"""The session template: one process that has imported the remote app, forking a session program per player.

Starting Python and importing Textual and the app is most of the way from
``ssh`` to the lobby; done once here, each player's program is a fork that
only builds its app, and shares the imported code's memory with the others.
The door (:class:`Template`) sends each request over a socket pair: the
session's pseudo-terminal (as a passed descriptor) and its environment; the
template answers with the new program's pid, and later with how it ended
(an exit code, or minus the signal that ended it).  The template does
nothing but fork and reap, single-threaded, so every fork is clean.
"""

from __future__ import annotations

import array
import asyncio
import fcntl
import gc
import json
import logging
import os
import resource
import selectors
import signal
import socket
import subprocess
import sys
import termios
import traceback
from collections.abc import Callable, Mapping
from pathlib import Path

log = logging.getLogger("kobito.serve")

# The template is the program's own command (``kobito session-template``): the app's side
# (kobito_tui.app.sessions) imports what every program needs once and hands its ``run_remote`` here.
COMMAND = ("-m", "kobito_tui.cli", "session-template")
MAX_REQUEST = 64 * 1024
CRASHED = 70  # a program's exit code when something it did not catch ended it (EX_SOFTWARE)
REPLY = 256


# -- the template process -------------------------------------------------------
SessionProgram = Callable[[Path, Mapping[str, str]], int]  # the session program: (hub socket, environment) -> exit code


def _program(terminal: int, env: dict[str, str], hub_socket: str, memory_mb: int, program: SessionProgram) -> None:
    """In the fork: ``terminal`` becomes the controlling terminal and stdio, ``env`` the environment, its
    data (heap and thread stacks) at most ``memory_mb``; the app runs. Anything it did not catch (a
    MemoryError at the ceiling too) goes to the server's log, never to the player's screen (the door says one line)."""
    code, server_log = CRASHED, os.dup(2)
    try:
        resource.setrlimit(resource.RLIMIT_DATA, (memory_mb * 2**20,) * 2)
        os.setsid()
        fcntl.ioctl(terminal, termios.TIOCSCTTY, 0)
        for fd in (0, 1, 2):
            os.dup2(terminal, fd)
        os.close(terminal)
        os.environ.clear()
        os.environ.update(env)
        code = program(Path(hub_socket), os.environ)
    except BaseException as error:  # noqa: BLE001 - the program ends here either way
        try:
            said = f"session program {os.getpid()}: {traceback.format_exc()}".encode()
        except BaseException:  # noqa: BLE001 - at its memory ceiling the traceback may not be made: its kind is said
            said = b"session program: " + type(error).__name__.encode() + b"\n"
        os.write(server_log, said)
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)


def serve(channel: socket.socket, program: SessionProgram) -> None:
    """Fork a ``program`` for each request on ``channel`` and say how each ends, until the door goes.
    What the caller imported before is shared by every fork."""
    gc.freeze()  # what is here now is shared: no collection in a fork touches it
    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_write, False)
    signal.set_wakeup_fd(wake_write)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    selector = selectors.DefaultSelector()
    selector.register(channel, selectors.EVENT_READ)
    selector.register(wake_read, selectors.EVENT_READ)
    while True:
        for key, _ in selector.select():
            if key.fileobj is wake_read:
                os.read(wake_read, 4096)
                _reap(channel)
                continue
            fds = array.array("i")
            data, ancillary, _, _ = channel.recvmsg(MAX_REQUEST, socket.CMSG_SPACE(fds.itemsize))
            if not data:
                return  # the door is gone
            for level, kind, payload in ancillary:
                if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
                    fds.frombytes(payload[: len(payload) - len(payload) % fds.itemsize])
            request = json.loads(data)
            try:
                pid = os.fork() if fds else None
            except OSError as error:  # no memory or processes left: this player is told, the others go on
                print(f"session template: cannot fork ({error})", file=sys.stderr, flush=True)
                pid = None
            if pid is None:
                for fd in fds:
                    os.close(fd)
                channel.send(json.dumps({"id": request["id"], "pid": None}).encode())
                continue
            if pid == 0:
                signal.set_wakeup_fd(-1)
                signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                selector.close()
                channel.close()
                for fd in (wake_read, wake_write):
                    os.close(fd)
                _program(fds[0], request["env"], request["socket"], request["memory_mb"], program)
            os.close(fds[0])
            channel.send(json.dumps({"id": request["id"], "pid": pid}).encode())


def _reap(channel: socket.socket) -> None:
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        channel.send(json.dumps({"ended": pid, "code": os.waitstatus_to_exitcode(status)}).encode())


# -- the door's side -----------------------------------------------------------
class Program:
    """A session program forked by the template: its pid, the environment it was given, and how it ended once it has."""

    def __init__(self, pid: int, env: dict[str, str]):
        self.pid, self.env = pid, env
        self.returncode: int | None = None
        self._ended = asyncio.get_running_loop().create_future()

    def end(self, code: int) -> None:
        if self.returncode is None:
            self.returncode = code
            self._ended.set_result(code)

    async def wait(self) -> int:
        return await asyncio.shield(self._ended)


class Template:
    """The door's session template process, started when first needed and again if it went."""

    def __init__(self, program_memory_mb: int) -> None:
        self.program_memory_mb = program_memory_mb  # each program's data ceiling
        self._channel: socket.socket | None = None
        self._process: subprocess.Popen[bytes] | None = None
        self._asked: dict[int, tuple[asyncio.Future[Program | None], dict[str, str]]] = {}
        self._programs: dict[int, Program] = {}
        self._ids = 0
        self._lock = asyncio.Lock()

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    def start(self) -> socket.socket:
        """The template process, started now if it is not running (it takes a moment to import)."""
        if self._channel is not None:
            return self._channel
        if self._process is not None:
            self._process.poll()  # the one that went: reaped
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        command = [sys.executable, "-P", *COMMAND, str(theirs.fileno())]
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/"), "PYTHONUTF8": "1"}
        self._process = subprocess.Popen(  # a session of its own: the server's Ctrl+C is the server's to handle
            command, pass_fds=[theirs.fileno()], stdin=subprocess.DEVNULL, env=env, start_new_session=True
        )
        theirs.close()
        ours.setblocking(False)
        asyncio.get_running_loop().add_reader(ours, self._read, ours)
        self._channel = ours
        return ours

    def _read(self, channel: socket.socket) -> None:
        try:
            data = channel.recv(REPLY)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self._lost(channel)
            return
        message = json.loads(data)
        if "ended" in message:
            program = self._programs.pop(message["ended"], None)
            if program is not None:
                program.end(message["code"])
        else:
            asked, env = self._asked.pop(message["id"], (None, {}))
            program = None if message["pid"] is None else Program(message["pid"], env)
            if program is not None:
                self._programs[program.pid] = program  # before its end can be told, or the hub asks who it is
            if asked is not None and not asked.done():
                asked.set_result(program)

    def _lost(self, channel: socket.socket) -> None:
        """The template went: its programs cannot be reaped by it any more, so they end here."""
        if self._programs:
            log.warning("the session template went: ending its %d programs", len(self._programs))
        asyncio.get_running_loop().remove_reader(channel)
        channel.close()
        if self._channel is channel:
            self._channel = None
        for asked, _env in self._asked.values():
            if not asked.done():
                asked.set_result(None)
        self._asked.clear()
        for pid, program in list(self._programs.items()):
            try:
                os.killpg(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            program.end(-signal.SIGKILL)
        self._programs.clear()

    async def spawn(self, terminal: int, env: dict[str, str], hub_socket: Path) -> Program:
        """A session program on the pseudo-terminal ``terminal`` (the caller keeps and closes its descriptor)."""
        async with self._lock:
            channel = self.start()
            self._ids += 1
            ident = self._ids
            asked: asyncio.Future[Program | None] = asyncio.get_running_loop().create_future()
            self._asked[ident] = asked, env
            request = json.dumps({"id": ident, "env": env, "socket": str(hub_socket), "memory_mb": self.program_memory_mb}).encode()
            try:
                channel.sendmsg([request], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", [terminal]))])
            except OSError as error:
                self._lost(channel)
                raise OSError(f"the session template is gone ({error})") from error
        program = await asked
        if program is None:
            raise OSError("the session template could not start a program")
        return program

    def started(self, pid: int) -> dict[str, str] | None:
        """The environment the running program ``pid`` was started with, or None if this template started no such program."""
        program = self._programs.get(pid)
        return None if program is None else program.env

    def close(self) -> None:
        if self._channel is not None:
            self._lost(self._channel)
        if self._process is not None:
            try:
                self._process.wait(5)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
