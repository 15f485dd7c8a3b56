"""The web door's guards against a hostile stranger, as nginx has them.

- Connections: at most so many at once in all and from one address (a trusted
  proxy's are counted in all only), and none while fewer than ``RESERVE`` file
  descriptors are left, so the SSH door always has room.  A refused one reads
  503 and is closed.
- Time: a request's head (its line and headers) must be in within the header
  timeout of the connection's start, or of its first byte after the previous
  answer; once it is in, the body, the answer and the wait for the next request
  each end when nothing moves for the request timeout.  An open websocket has
  its own heartbeat and the session's idle timeout.
- Size: the request line is bounded (414 beyond), each header line and their
  number too (431).
- The log: what strangers cause is said once per address an interval, then how
  many more; never with a traceback (aiohttp's own lines included).
- Guests: a guest session (the cookie's entry) is made when a page opens its
  websocket, capped in all and per address; a new one lets only an unused one
  go (no open tab, at no table), and is refused when all are in use.
- A trusted proxy (``--trusted-proxy``) may say the browser came over HTTPS
  (``X-Forwarded-Proto``, ``Forwarded: proto=``); no one else may.
"""

from __future__ import annotations

import asyncio
import logging
import os
import resource
import secrets
import traceback
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from http import HTTPStatus
from ipaddress import IPv4Network, IPv6Address, IPv6Network, ip_address, ip_network
from pathlib import Path
from typing import Any

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError, LineTooLong
from aiohttp.typedefs import Handler

from kobito_tui.core.safetext import printable
from kobito_tui.serve.lobby import GUEST
from kobito_tui.serve.quietlog import LOG_ADDRESSES, LOG_INTERVAL_S, QuietLog

MAX_LINE = 8190  # bytes of the request line's target (414 beyond)
MAX_FIELD = 8192  # bytes of one header line (431 beyond); not MAX_LINE, so the parser's LineTooLong says which
MAX_HEADERS = 64  # header lines in one request (431 beyond)
RESERVE = 64  # file descriptors no web connection may take: the SSH door's, the sessions', the store's
ACCEPTS = 16  # connections asyncio accepts at once before any is looked at: a few bursts fit in RESERVE
QUEUE = 1024  # connections the kernel queues for us meanwhile (a burst waits there, not for a SYN resent)
MAX_GUESTS = 4096  # guest sessions kept (the oldest unused goes first)
MAX_GUESTS_PER_ADDRESS = 64  # ... made from one address
IDLE_S = 1.0  # a connection silent this long may be closed to make room (a new one's request may be on its way)
HSTS = "max-age=31536000"  # a year of HTTPS only, once a browser has come over HTTPS
FD_DIR = Path("/proc/self/fd") if Path("/proc/self/fd").is_dir() else Path("/dev/fd")


@dataclass(frozen=True)
class GuardSettings:
    connections: int = 256  # connections at once, from everyone
    per_address: int = 16  # ... from one address (a trusted proxy's only in all)
    header_timeout_s: float = 10.0  # a request's head, from the connection's start or its first byte
    request_timeout_s: float = 30.0  # a body, an answer or a kept-alive wait with nothing moving
    trusted_proxies: tuple[str, ...] = ()  # addresses (or networks) whose X-Forwarded-Proto is believed


# -- the process's file descriptors --------------------------------------------
def raise_open_files() -> None:
    """Raise the soft limit of open files to the hard limit (where the system lets us)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        except (ValueError, OSError):
            pass  # macOS: an unlimited hard limit is no soft one; keep what we have


def spare_descriptors() -> int | None:
    """How many more files this process may open (None: no limit, or no way to count)."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return None
    try:
        return soft - len(os.listdir(FD_DIR))
    except OSError:
        return None


# -- the log ---------------------------------------------------------------------
class _NoTracebacks(logging.Filter):
    """aiohttp's own lines: without a traceback, and each kind at most once an interval."""

    def __init__(self) -> None:
        super().__init__()
        self._said: dict[tuple[str, str], float] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        record.exc_info, record.exc_text, record.stack_info = None, None, None
        key, now = (record.name, str(record.msg)[:200]), record.created
        if now - self._said.get(key, -LOG_INTERVAL_S) < LOG_INTERVAL_S:
            return False
        if len(self._said) >= LOG_ADDRESSES:
            self._said.clear()
        self._said[key] = now
        return True


NO_TRACEBACKS = _NoTracebacks()


def quiet_aiohttp() -> None:
    """Put aiohttp's loggers on the short leash (once: a filter is added only once)."""
    for name in ("aiohttp.access", "aiohttp.server", "aiohttp.web", "aiohttp.websocket", "aiohttp.internal"):
        logging.getLogger(name).addFilter(NO_TRACEBACKS)


def _where(error: BaseException | None) -> str:
    """The exception's type and the place it was raised (file:line): one line, for the log."""
    if error is None:
        return ""
    frames = traceback.extract_tb(error.__traceback__)
    place = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else ""
    return f": {type(error).__name__}{place}"


def _problem(status: int, error: BaseException | None) -> tuple[int, str]:
    """The status to answer a request aiohttp could not handle with, and what to call it in the log."""
    if isinstance(error, LineTooLong):
        return (414, "a request line too long") if error.args[1:2] == (MAX_LINE,) else (431, "a header too long")
    if isinstance(error, HttpProcessingError):
        if "Too many headers" in error.message:
            return 431, "too many headers"
        return 400, "a malformed request"
    if status == 504:
        return 504, "a request that took too long"
    return status, f"a request that failed{_where(error)}"


# -- connections -------------------------------------------------------------------
HEAD, MOVING, BETWEEN = "head", "moving", "between"  # what a connection's deadline waits for


class Guard:
    """Who may hold a connection to the web door, and for how long."""

    def __init__(self, settings: GuardSettings, quiet: QuietLog):
        self.settings, self.quiet = settings, quiet
        self.proxies: list[IPv4Network | IPv6Network] = [ip_network(proxy, strict=False) for proxy in settings.trusted_proxies]
        self.open: dict[str, set[GuardedHandler]] = {}  # connections by address
        self.total = 0

    def trusted(self, address: str) -> bool:
        """Whether ``address`` is one of the trusted proxies'."""
        try:
            ip = ip_address(address)
        except ValueError:
            return False
        if isinstance(ip, IPv6Address) and ip.ipv4_mapped is not None:
            ip = ip.ipv4_mapped
        return any(ip in proxy for proxy in self.proxies)

    def https(self, request: web.BaseRequest) -> bool:
        """Whether the browser came over HTTPS: to us, or to a trusted proxy that says so."""
        if request.secure:
            return True
        if not self.trusted(request.remote or ""):
            return False
        said = ",".join(request.headers.getall("X-Forwarded-Proto", []))[-100:]
        forwarded = request.forwarded[-1:] if "Forwarded" in request.headers else ()
        return said.split(",")[-1].strip().lower() == "https" or any(f.get("proto", "").lower() == "https" for f in forwarded)

    def admit(self, connection: GuardedHandler) -> str | None:
        """Count ``connection`` in, closing an idle one to make room if need be (as nginx does); or why not."""
        settings, address = self.settings, connection.address
        if len(self.open.get(address, ())) >= settings.per_address and not self.trusted(address) and not _close_idle(self.open[address]):
            return f"too many connections from this address (at most {settings.per_address})"
        if self.total >= settings.connections and not _close_idle(self._everyone()):
            return f"the web door has as many connections as it takes ({settings.connections})"
        spare = spare_descriptors()
        if spare is not None and spare < RESERVE and not _close_idle(self._everyone()):
            return "too few file descriptors left (kept for the SSH door)"
        self.open.setdefault(address, set()).add(connection)
        self.total += 1
        return None

    def _everyone(self) -> Iterator[GuardedHandler]:
        return (connection for group in self.open.values() for connection in group)

    def left(self, connection: GuardedHandler) -> None:
        """``connection`` is closed, or closing: it is counted no more."""
        group = self.open.get(connection.address)
        if group is not None and connection in group:
            group.discard(connection)
            self.total -= 1
            if not group:
                del self.open[connection.address]

    def connection(self, manager: web.Server) -> Callable[[], GuardedHandler]:
        """The protocol factory for the door's listening socket."""
        loop = asyncio.get_running_loop()
        return lambda: GuardedHandler(self, manager, loop)

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """A request's head is in: its connection waits on progress now, and after its answer on the next."""
        connection = request.protocol
        if not isinstance(connection, GuardedHandler):
            return await handler(request)
        connection.expect(MOVING)
        try:
            return await handler(request)
        finally:
            connection.expect(BETWEEN)

    @staticmethod
    def upgraded(request: web.BaseRequest) -> None:
        """The request's connection is a websocket now: its heartbeat and its session time it."""
        if isinstance(request.protocol, GuardedHandler):
            request.protocol.expect(None)


def _close_idle(connections: Iterable[GuardedHandler]) -> bool:
    """Close one of ``connections`` that is idle (a browser's spare, or kept alive between requests): whether there was one."""
    idle = next((connection for connection in connections if connection.idle), None)
    if idle is not None:
        idle.guard.left(idle)
        idle.force_close()
    return idle is not None


REFUSED = b"HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: %d\r\n\r\n%s"
# aiohttp's own keyword arguments for each connection (access_log None: no line per request)
HANDLER_ARGS: dict[str, Any] = {
    "access_log": None, "max_line_size": MAX_LINE, "max_field_size": MAX_FIELD, "max_headers": MAX_HEADERS,
}  # fmt: skip  # a table: one row a line


class GuardedHandler(web.RequestHandler):
    """aiohttp's HTTP connection, counted by the guard and closed when its deadline passes."""

    __slots__ = ("guard", "address", "admitted", "waiting", "heard", "since", "deadline", "_timer")

    def __init__(self, guard: Guard, manager: web.Server, loop: asyncio.AbstractEventLoop):
        super().__init__(manager, loop=loop, **HANDLER_ARGS)
        self.guard = guard
        self.address = "?"
        self.admitted = False
        self.waiting: str | None = HEAD  # None: nothing (a websocket)
        self.heard = False  # whether the head waited for has begun (a browser's spare connection says nothing)
        self.since = loop.time()  # when it began to wait for what it waits for
        self.deadline = 0.0
        self._timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if isinstance(peer, (tuple, list)) and peer else "?"
        refusal = self.guard.admit(self)
        if refusal is not None:
            self.guard.quiet.say(self.address, f"web: refused a connection from {self.address}: {refusal}")
            body = f"kobito: {refusal}; try again later\n".encode()
            assert isinstance(transport, asyncio.Transport)
            transport.write(REFUSED % (len(body), body))
            transport.close()
            return
        self.admitted = True
        super().connection_made(transport)
        self.expect(HEAD)

    def connection_lost(self, exc: BaseException | None) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.guard.left(self)
        if self.admitted:
            self.admitted = False
            super().connection_lost(exc)

    @property
    def idle(self) -> bool:
        """Nothing asked for a while and nothing owed: a browser's spare connection, or one kept alive between requests."""
        transport, quiet = self.transport, self._loop.time() - self.since >= IDLE_S
        return (
            self.waiting in (HEAD, BETWEEN) and not self.heard and quiet and transport is not None and not transport.get_write_buffer_size()
        )

    def data_received(self, data: bytes) -> None:
        if data and self.waiting == BETWEEN:  # (aiohttp calls it with b"" itself, to read what it has kept)
            self.expect(HEAD)  # the next request's first bytes: its head has the header timeout
        if data and self.waiting == HEAD:
            self.heard = True
        elif data and self.waiting == MOVING:
            self._push(self.guard.settings.request_timeout_s)
        super().data_received(data)

    def resume_writing(self) -> None:
        super().resume_writing()
        if self.waiting in (MOVING, BETWEEN):
            self._push(self.guard.settings.request_timeout_s)  # the browser read some of the answer

    def expect(self, waiting: str | None) -> None:
        """What the connection waits for now: a request's head, progress, the next request, or nothing."""
        if self.waiting is None and waiting is not None:
            return  # a websocket stays one
        self.waiting, self.heard, self.since = waiting, False, self._loop.time()
        if waiting is not None:
            settings = self.guard.settings
            self._push(settings.header_timeout_s if waiting == HEAD else settings.request_timeout_s)

    def _push(self, seconds: float) -> None:
        self.deadline = self._loop.time() + seconds
        if self._timer is not None:
            if self._timer.when() <= self.deadline:
                return  # it goes off first, and looks again
            self._timer.cancel()
        self._timer = self._loop.call_at(self.deadline, self._due)

    def _due(self) -> None:
        self._timer = None
        if self.waiting is None or self.transport is None:
            return
        if self._loop.time() < self.deadline:
            self._timer = self._loop.call_at(self.deadline, self._due)
            return
        settings = self.guard.settings
        if self.waiting == MOVING or self.writing_paused:
            why = f"nothing moved for {settings.request_timeout_s:g} s"
        elif self.heard:
            why = f"its request's head took over {settings.header_timeout_s:g} s"
        else:
            why = ""  # a browser's spare connection, or one kept alive: nothing to say
        if why:
            self.guard.quiet.say(self.address, f"web: closed a connection from {self.address}: {why}")
        self.transport.abort()

    def handle_error(
        self, request: web.BaseRequest, status: int = 500, exc: BaseException | None = None, message: str | None = None
    ) -> web.StreamResponse:
        """A request aiohttp could not read, or one that failed: one line (at most), a short answer, and closed."""
        status, what = _problem(status, exc)
        self.guard.quiet.say(self.address, f"web: {what} from {self.address} ({status})", logging.ERROR if status >= 500 else logging.INFO)
        if request.writer.output_size > 0:
            raise ConnectionError("the answer was under way")
        response = web.Response(status=status, text=f"{status} {HTTPStatus(status).phrase}\n")
        response.force_close()
        return response

    def log_exception(self, *args: Any, **kw: Any) -> None:
        """aiohttp's word of an error on this connection: one line, no traceback."""
        said = printable(str(args[0]) if args else "an error", 100)
        error = kw.get("exc_info")
        self.guard.quiet.say(
            self.address, f"web: {said} on a connection from {self.address}{_where(error if isinstance(error, BaseException) else None)}",
            logging.ERROR,
        )  # fmt: skip  # arguments grouped a few a line by meaning


# -- guest sessions ----------------------------------------------------------------
@dataclass
class Guest:
    """A guest session: who the cookie signs in as, where it was made, and the table the hub last said it is at."""

    identity: str
    address: str
    table: str | None = None


class Guests:
    """Guest sessions by their cookie's token, at most ``most`` in all and ``per_address`` from one address.

    A new one lets the oldest unused one go (``busy`` says whether an identity has a
    page open; one the hub last saw at a table keeps its seat for its return); when
    every one it could take the place of is in use, the new one is refused."""

    def __init__(self, busy: Callable[[str], bool], most: int = MAX_GUESTS, per_address: int = MAX_GUESTS_PER_ADDRESS):
        self.busy, self.most, self.per_address = busy, most, per_address
        self.by_token: OrderedDict[str, Guest] = OrderedDict()  # the least recently used first
        self._tokens: dict[str, str] = {}  # identity -> token
        self._from: Counter[str] = Counter()  # guests by the address they were made from

    def __len__(self) -> int:
        return len(self.by_token)

    def get(self, token: str) -> Guest | None:
        guest = self.by_token.get(token)
        if guest is not None:
            self.by_token.move_to_end(token)
        return guest

    def add(self, token: str, address: str, capped: bool = True) -> Guest | None:
        """A new guest for ``token`` (a page's first websocket) from ``address`` (``capped``: per address too); None if full."""
        if token in self.by_token:
            return self.get(token)  # made for another of its pages meanwhile
        if capped and self._from[address] >= self.per_address and not self._let_go(address):
            return None
        if len(self.by_token) >= self.most and not self._let_go(None):
            return None
        guest = self.by_token[token] = Guest(f"{GUEST}{secrets.token_hex(8)}", address)
        self._tokens[guest.identity] = token
        self._from[address] += 1
        return guest

    def moved(self, identity: str, table: str | None) -> None:
        """The hub's word that guest ``identity`` is at ``table`` now (None: at none)."""
        token = self._tokens.get(identity)
        if token is not None:
            self.by_token[token].table = table

    def in_use(self, guest: Guest) -> bool:
        return guest.table is not None or self.busy(guest.identity)

    def _let_go(self, address: str | None) -> bool:
        """Let the oldest unused guest go (one made from ``address``, if given): whether there was one."""
        for token, guest in self.by_token.items():
            if (address is None or guest.address == address) and not self.in_use(guest):
                del self.by_token[token], self._tokens[guest.identity]
                self._from[guest.address] -= 1
                if self._from[guest.address] <= 0:
                    del self._from[guest.address]
                return True
        return False
