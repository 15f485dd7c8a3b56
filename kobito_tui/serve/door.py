"""The SSH door: players come in with ``ssh -p PORT host``, each to a program of their own.

A player is known by their public key's fingerprint (any key, unless an
authorized-keys file limits who may enter); a client with no key may come in
as a guest where guests are allowed.  Each session with a PTY runs
the Textual app in remote mode (:mod:`kobito_tui.app.remote`, what
``kobito remote`` runs) as a program of its own on a real pseudo-terminal,
forked by the session template (:mod:`kobito_tui.serve.template`), with TERM,
LANG and the window size (and its changes) passed on, and who the player is
in its environment (never in argv, where a name could read as an option);
the door only copies bytes.  A session without a PTY is refused with one line.  No line editor,
no agent, X11 or port forwarding; the caps of :mod:`kobito_tui.serve.limits`,
each refused with a reason the client shows; an idle timeout (no keys and
nothing drawn); and the player's terminal put back however the program ends.
"""

from __future__ import annotations

import asyncio
import fcntl
import logging
import os
import pty
import signal
import struct
import termios
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

import asyncssh
from asyncssh.channel import SSHChannel

from kobito_tui.core.safetext import name_fault
from kobito_tui.i18n import resolve_language, translator
from kobito_tui.serve.client import ENV_ADDRESS, ENV_DOOR, ENV_IDENTITY, ENV_NAME
from kobito_tui.serve.gate import Gate
from kobito_tui.serve.keys import KeyQueue
from kobito_tui.serve.limits import TOO_MANY_TRIES, Caps, Ledger, Visit
from kobito_tui.serve.ssh_algorithms import follow_rfc_kex_guess, server_options
from kobito_tui.serve.template import Template

log = logging.getLogger("kobito.serve")

HOST_KEY_NAME = "ssh_host_ed25519_key"
NO_PTY = "kobito needs a terminal: connect with `ssh -t`.\r\n"
# The main screen back, the cursor shown, mouse reports and bracketed paste off: what a full-screen program undoes on exit.
RESTORE = b"\x1b[?1049l\x1b[?25h\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?2004l\x1b[0m"
ALT_SCREEN_ON, ALT_SCREEN_OFF = b"\x1b[?1049h", b"\x1b[?1049l"
ENDED_ITSELF = (0, 1)  # the app's exit codes: it quit, or said why it had to


@dataclass
class DoorSettings:
    host: str = "127.0.0.1"
    port: int = 2222
    guests: bool | None = None  # None: only when listening on loopback
    authorized_keys: Path | None = None
    idle_timeout_s: float = 30 * 60.0  # no keys and nothing drawn for this long
    caps: Caps = field(default_factory=Caps)

    @property
    def guests_allowed(self) -> bool:
        if self.guests is not None:
            return self.guests
        return self.host in ("127.0.0.1", "::1", "localhost") and self.authorized_keys is None


def host_key(data_dir: Path) -> asyncssh.SSHKey:
    """The server's host key, made on first start and kept (0600) in ``data_dir``."""
    path = data_dir / HOST_KEY_NAME
    if not path.exists():
        key = asyncssh.generate_private_key("ssh-ed25519")
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as file:
            file.write(key.export_private_key())
    return asyncssh.read_private_key(path)


class _Server(asyncssh.SSHServer):
    """One SSH connection: who it is (key fingerprint or guest), where from, and its share of the caps."""

    def __init__(self, door: Door):
        self.door = door
        self.address = ""
        self.fingerprint: str | None = None
        self._offered: str | None = None
        self.visit: Visit | None = None
        self._login_timer: asyncio.TimerHandle | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        self.address = str((conn.get_extra_info("peername") or ("?",))[0])
        self.visit = self.door.gate.take(conn.get_extra_info("peername"))
        timeout = self.door.settings.caps.login_timeout_s
        self._login_timer = asyncio.get_running_loop().call_later(
            timeout, self._refuse, asyncssh.DISC_BY_APPLICATION, f"not signed in within {timeout:g} s"
        )

    def _refuse(self, code: int, reason: str) -> None:
        self.conn.disconnect(code, reason)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._login_timer is not None:
            self._login_timer.cancel()
        if self.visit is not None:
            self.visit.leave()

    def begin_auth(self, username: str) -> bool:
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        allowed = self.door.allowed_keys
        if allowed is not None and allowed.validate(key, "", self.address) is None:
            if self.visit is None or self.visit.refused_key():
                self.door.gate.said.say(self.address, f"refusing {self.address}: {TOO_MANY_TRIES.lower()}")
                self._refuse(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, TOO_MANY_TRIES)
            return False
        self._offered = key.get_fingerprint("sha256")  # the last key checked is the one that signs in
        return True

    def kbdint_auth_supported(self) -> bool:
        return self.door.settings.guests_allowed

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        self._offered = None
        return True  # a guest: no questions

    def auth_completed(self) -> None:
        self.fingerprint = self._offered
        if self._login_timer is not None:
            self._login_timer.cancel()
        if self.visit is not None:
            self.visit.signed_in()

    def session_requested(self) -> asyncssh.SSHServerProcess[bytes]:
        why = "closed" if self.visit is None else self.visit.open_session()
        if why is not None:
            self.door.gate.said.say(self.address, f"refusing a session from {self.address}: {why}")
            raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, why)
        return _SshProcess(self.door, self.visit)


class _SshProcess(asyncssh.SSHServerProcess[bytes]):
    """A session: its place given back to the connection's visit when it closes, and closed
    if it asks for no program (a shell or a command) in the time allowed to sign in."""

    def __init__(self, door: Door, visit: Visit | None):
        super().__init__(door._session, None, 0, False)
        self.visit, self.timeout_s = visit, door.settings.caps.login_timeout_s
        self._unstarted: asyncio.TimerHandle | None = None

    def connection_made(self, chan: SSHChannel[bytes]) -> None:
        super().connection_made(chan)
        self._unstarted = asyncio.get_running_loop().call_later(self.timeout_s, chan.close)

    def started(self) -> None:
        if self._unstarted is not None:
            self._unstarted.cancel()

    def connection_lost(self, exc: Exception | None) -> None:
        self.started()
        super().connection_lost(exc)
        if self.visit is not None:
            self.visit.close_session()


class Door:
    """The SSH server in front of the hub at ``socket_path``."""

    def __init__(self, data_dir: Path, socket_path: Path, settings: DoorSettings):
        self.data_dir, self.socket_path, self.settings = data_dir, socket_path, settings
        self.key = host_key(data_dir)
        self.gate = Gate(Ledger(settings.caps))
        self.allowed_keys: asyncssh.SSHAuthorizedKeys | None = None
        if settings.authorized_keys is not None:
            self.allowed_keys = asyncssh.read_authorized_keys(str(settings.authorized_keys))
        self.template = Template(settings.caps.program_memory_mb)
        self._server: asyncssh.SSHAcceptor | None = None
        self._sessions: set[asyncio.Task[None]] = set()

    @property
    def fingerprint(self) -> str:
        return self.key.get_fingerprint("sha256")

    @property
    def port(self) -> int:
        assert self._server is not None
        return self._server.get_port()

    async def start(self, legacy_algorithms: bool = False) -> None:
        """Listen; ``legacy_algorithms``: offer asyncssh's wider defaults, not OpenSSH's modern set (ssh_algorithms)."""
        self.template.start()  # warm before the first player comes
        follow_rfc_kex_guess()  # dbclient's guessed key exchange packet
        self._server = await asyncssh.create_server(
            lambda: _Server(self),
            self.settings.host,
            self.settings.port,
            tunnel=self.gate,  # where the caps refuse a connection before any SSH is spoken
            server_host_keys=[self.key],
            encoding=None,
            line_editor=False,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            login_timeout=None,  # the connection's own timer says why (_Server)
            keepalive_interval=60,
            **server_options(legacy_algorithms),
        )

    async def close(self, wait_s: float = 3.0) -> None:
        """Stop letting players in; give each program ``wait_s`` to end on its own, then end it."""
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        if self._sessions:
            await asyncio.wait(list(self._sessions), timeout=wait_s)
        for task in list(self._sessions):
            task.cancel()
        await asyncio.gather(*self._sessions, return_exceptions=True)
        self.template.close()

    async def _session(self, process: asyncssh.SSHServerProcess[bytes]) -> None:
        if isinstance(process, _SshProcess):
            process.started()
        task = asyncio.current_task()
        assert task is not None
        self._sessions.add(task)
        try:
            await self._run(process)
        finally:
            self._sessions.discard(task)

    async def _run(self, process: asyncssh.SSHServerProcess[bytes]) -> None:
        term = process.get_terminal_type()
        if term is None:
            process.stderr.write(NO_PTY.encode())
            process.exit(1)
            return
        server: _Server = process.get_extra_info("connection").get_owner()
        username = process.get_extra_info("username") or ""
        name = username if name_fault(username) is None else ""  # the app asks
        identity = f"key:{server.fingerprint}" if server.fingerprint else "guest"
        env = session_env(term, _lang(process.env.get("LANG")), identity, name, server.address)
        await Child(_SshTerminal(process), env, self.socket_path).run(self.settings.idle_timeout_s, self.template)


def session_env(term: str, lang: str, identity: str, name: str, address: str, door: str = "ssh") -> dict[str, str]:
    """A session program's whole environment, the same through either door: who the player is, and their terminal."""
    return {
        ENV_DOOR: door,
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": os.environ.get("HOME", "/"),
        "TERM": _term(term),
        "LANG": lang,
        ENV_IDENTITY: identity,
        ENV_NAME: name,
        ENV_ADDRESS: address,
    }


def _term(value: str) -> str:
    """The client's terminal type if it reads as one (a NUL in it ended the program), else plain xterm."""
    return value if 0 < len(value) <= 64 and value.isascii() and all(c.isalnum() or c in "._+-" for c in value) else "xterm"


def _lang(value: object) -> str:
    text = value.decode("ascii", "replace") if isinstance(value, bytes) else str(value or "")
    return text if text and len(text) < 40 and all(c.isalnum() or c in "._-@" for c in text) else "C.UTF-8"


def _signal(pid: int, sig: int) -> None:
    """``sig`` to the program's process group (its own, once it has one), else to the program."""
    for send in (os.killpg, os.kill):
        try:
            send(pid, sig)
            return
        except ProcessLookupError:
            pass


def _set_size(fd: int, size: Size) -> None:
    width, height, pixel_width, pixel_height = size
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height or 24, width or 80, pixel_width, pixel_height))


Size = tuple[int, int, int, int]  # columns, rows, pixel width, pixel height


class Terminal(Protocol):
    """The player's end of a session, whichever door: what the program draws goes there; keys and sizes come from there."""

    def size(self) -> Size: ...

    async def write(self, data: bytes) -> None:
        """Raises OSError (or asyncssh.Error) once the player is gone."""

    async def read(self) -> bytes | Size:
        """Keys, or the window's new size; b"" once the player is gone."""

    async def end(self, code: int, last: bytes) -> None:
        """The program is over: ``last`` shown if the player is still there (it may not be), the session closed."""


class _SshTerminal:
    """An SSH channel as the player's terminal."""

    def __init__(self, process: asyncssh.SSHServerProcess[bytes]):
        self.process = process

    def size(self) -> Size:
        return self.process.get_terminal_size()

    async def write(self, data: bytes) -> None:
        self.process.stdout.write(data)
        await self.process.stdout.drain()

    async def read(self) -> bytes | Size:
        try:
            return await self.process.stdin.read(4096)
        except asyncssh.TerminalSizeChanged as change:
            return change.width, change.height, change.pixwidth, change.pixheight
        except (asyncssh.BreakReceived, asyncssh.SignalReceived):
            return b"\x03"  # a break or signal is this client's Ctrl+C, for its own program only

    async def end(self, code: int, last: bytes) -> None:
        try:
            self.process.stdout.write(last)
        except (OSError, asyncssh.Error):
            pass  # the client is gone
        self.process.exit(code)


class Child:
    """The session program on a pseudo-terminal, its bytes copied to and from the player's terminal."""

    def __init__(self, terminal: Terminal | None, env: dict[str, str], socket_path: Path):
        self.terminal, self.env, self.socket_path = terminal, env, socket_path
        self.last_activity = time.monotonic()  # a key in, or something drawn
        self.alt_screen = False  # whether the program's screen is up (what it last said of the alternate screen)
        self._tail = b""  # the end of the last output, where an escape sequence may have been cut
        self.t = translator(resolve_language(None, env))  # the player's, as the program's own is
        self.reason = self.t("this session was closed")  # said if the program has to be ended

    async def run(self, idle_timeout_s: float, template: Template) -> None:
        terminal = self.terminal
        assert terminal is not None
        master, slave = pty.openpty()
        _set_size(slave, terminal.size())
        try:
            child = await template.spawn(slave, self.env, self.socket_path)
        except OSError as error:
            log.warning("no session program: %s", error)
            os.close(master)
            await terminal.end(1, self.farewell())
            return
        finally:
            os.close(slave)
        tasks = [
            asyncio.create_task(self._output(master)),
            asyncio.create_task(self._input(master)),
            asyncio.create_task(self._idle(idle_timeout_s)),
        ]
        waiter = asyncio.create_task(child.wait())
        try:
            await asyncio.wait([waiter, *tasks[1:]], return_when=asyncio.FIRST_COMPLETED)
        finally:
            ended = child.returncode is not None
            if not ended:
                _signal(child.pid, signal.SIGHUP)
                try:
                    await asyncio.wait_for(child.wait(), 3)
                except TimeoutError:
                    _signal(child.pid, signal.SIGKILL)
                    await child.wait()
            await asyncio.wait([tasks[0]], timeout=1)  # the screen's last bytes
            for task in tasks:
                task.cancel()
            await asyncio.wait(tasks)  # each lets go of the terminal before it is closed
            code = child.returncode or 0
            last = b""
            if not ended or code not in ENDED_ITSELF or self.alt_screen:  # the program could not put the terminal back
                if ended:
                    log.info("a session program ended with %s, its screen up", code)
                    self.reason = self.t("the game program stopped unexpectedly")
                last = RESTORE + self.farewell()
            os.close(master)
            await terminal.end(max(code, 0), last)

    def farewell(self) -> bytes:
        """The door's last line when it had to end the program: why, in the player's language."""
        return ("\r\n" + self.t("kobito: {reason}.", reason=self.reason) + "\r\n").encode()

    def shown(self, data: bytes) -> None:
        """``data`` reached the player's screen: the session is not idle; note whether the program's screen is up."""
        self.last_activity = time.monotonic()
        seen = self._tail + data
        up, down = seen.rfind(ALT_SCREEN_ON), seen.rfind(ALT_SCREEN_OFF)
        if up != down:
            self.alt_screen = up > down
        self._tail = seen[-len(ALT_SCREEN_ON) + 1 :]

    async def _output(self, master: int) -> None:
        assert self.terminal is not None
        loop = asyncio.get_running_loop()
        reader = asyncio.StreamReader()
        transport, _ = await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), os.fdopen(os.dup(master), "rb", 0))
        try:
            while data := await reader.read(65536):
                self.shown(data)
                await self.terminal.write(data)
        except (OSError, asyncssh.Error):
            pass  # EIO: the child is gone
        finally:
            transport.close()

    async def _input(self, master: int) -> None:
        """Keys and sizes from the player to the program, until the player is gone (seen at once,
        however far behind the program is: its keys wait in a bounded queue)."""
        assert self.terminal is not None
        keys = KeyQueue(master)
        try:
            while True:
                data = await self.terminal.read()
                if isinstance(data, tuple):
                    _set_size(master, data)
                    continue
                if not data:
                    return
                self.last_activity = time.monotonic()
                keys.put(data)
        finally:
            keys.close()
            if keys.dropped:
                log.info("a session's program fell behind its keys: %d bytes dropped", keys.dropped)

    async def _idle(self, timeout_s: float) -> None:
        """Until no key has come and nothing has been drawn for ``timeout_s``."""
        while (left := self.last_activity + timeout_s - time.monotonic()) > 0:
            await asyncio.sleep(left)
        self.reason = self.t("closed after being idle")
