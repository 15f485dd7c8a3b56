"""The web door: players come in with a browser, each to a program of their own, as through the SSH door.

The page (``webpage.html``) is textual-serve's terminal (xterm.js in its
``textual.js``, served from the installed package, with its font: nothing is
fetched from anywhere else) talking over one websocket.  Behind it runs the
very program the SSH door runs, on a pseudo-terminal, forked by the same
session template with the same environment (:class:`~kobito_tui.serve.door.Child`),
the door copying bytes between the websocket and the terminal.  The caps are
the SSH door's ledger, so one address's sessions count through both doors,
and a total of the web door's own; the idle timeout is the SSH door's.

Who the player is: the session cookie (HttpOnly, SameSite=Strict; Secure over
HTTPS) names a seat the door keeps, a guest made when the page first opens its
websocket (a reload is the same guest, back to the same seats) or the player of
a one-time invite link (:mod:`kobito_tui.serve.invites`).  The websocket is
refused (403) unless its Origin is one of this server's own.  The page's title names the table the
player is at: the hub says when an identity sits down or leaves
(:attr:`~kobito_tui.serve.hub.Hub.on_place`, the same process), and the door
sends that identity's tabs a text frame ``["title", text]`` the page sets as
``document.title`` (the session's bytes stay the app's own; textual.js passes
over a kind it does not know).  A guest that comes back (its cookie) keeps the
name it gave (:meth:`~kobito_tui.serve.hub.Hub.guest_name`), so it is not asked
again.  All that comes from the browser
(headers, cookies, the query, websocket messages) is bounded and checked;
what does not read is refused with the reason.  The connections themselves,
their time and size, the guest sessions and the log are guarded against
floods by :mod:`kobito_tui.serve.webguard`.
"""

from __future__ import annotations

import asyncio
import html
import json
import logging
import os
import secrets
import socket
import ssl
import string
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path
from urllib.parse import urlsplit

from aiohttp import WSCloseCode, WSMsgType, web

from kobito_tui.core.safetext import printable
from kobito_tui.i18n import LANGUAGES, translator
from kobito_tui.i18n.translation import Translator
from kobito_tui.serve.door import Child, Size, session_env
from kobito_tui.serve.invites import Invited, Invites, new_token, well_formed
from kobito_tui.serve.limits import Ledger, Visit
from kobito_tui.serve.lobby import GUEST
from kobito_tui.serve.quietlog import QuietLog
from kobito_tui.serve.template import Template
from kobito_tui.serve.webguard import ACCEPTS, HSTS, QUEUE, Guard, GuardSettings, Guests, quiet_aiohttp, raise_open_files

log = logging.getLogger("kobito.serve")

COOKIE = "kobito_session"
LOCALES = {"en": "en_US.UTF-8", "uk": "uk_UA.UTF-8", "ru": "ru_RU.UTF-8"}
MAX_MESSAGE = 64 * 1024  # one websocket message from the browser (a key, a paste, a size)
MAX_KEYS = 16 * 1024  # characters of one "stdin" message
MAX_WIDTH, MAX_HEIGHT = 1000, 500  # a window's size in cells
MAX_HEADER = 1000  # characters of Accept-Language or Origin read
MAX_TITLE = 120  # characters of the page's title
LOOPBACK = ("127.0.0.1", "::1", "localhost")
# textual-serve's page assets, by the names the page asks for.
ASSETS = {
    "textual.js": ("js/textual.js", "text/javascript"),
    "xterm.css": ("css/xterm.css", "text/css"),
    "RobotoMono.ttf": ("fonts/RobotoMono-VariableFont_wght.ttf", "font/ttf"),
}
CLOSE_REFUSED = 4000  # the door refused the session (its reason in the close frame, and in the terminal)


@dataclass
class WebSettings:
    host: str = "127.0.0.1"
    port: int = 8080
    origins: tuple[str, ...] = ()  # the public origins a reverse proxy serves the door at (https://kobito.example)
    sessions: int = 64  # sessions at once through this door, from everyone
    idle_timeout_s: float = 30 * 60.0
    title: str = "kobito"  # the page's title: the table server's name
    tls_cert: Path | None = None
    tls_key: Path | None = None
    guard: GuardSettings = field(default_factory=GuardSettings)  # connections: how many, how long


@dataclass
class BrowserSeat:
    """Who a browser's cookie signs in as."""

    identity: str
    name: str = ""


def language(accept: str | None) -> str:
    """The first language of ours in an Accept-Language header (by its q order), else English."""
    chosen: list[tuple[float, int, str]] = []
    for index, part in enumerate((accept or "")[:MAX_HEADER].split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                continue
        code = tag.strip().split("-")[0].lower()
        if code in LANGUAGES and 0 < q <= 1:
            chosen.append((-q, index, code))
    return min(chosen)[2] if chosen else "en"


def _size(query: object, name: str, default: int, most: int) -> int:
    text = query.get(name, "") if hasattr(query, "get") else ""
    return int(text) if isinstance(text, str) and text.isdigit() and 1 <= len(text) <= 4 and 1 <= int(text) <= most else default


class Unreadable(Exception):
    """A websocket message the door does not read: why, said in the close frame."""


def read_message(text: str) -> tuple[str, object] | None:
    """One message from the page: ("stdin", keys), ("resize", size) or ("ping", tag); None for
    what it may say and needs nothing (focus, blur).  Raises Unreadable for anything else."""
    try:
        message = json.loads(text)
    except ValueError:
        raise Unreadable("not JSON") from None
    if not (isinstance(message, list) and message and isinstance(message[0], str)):
        raise Unreadable("a message is a list that starts with its kind")
    kind, body = message[0], message[1] if len(message) > 1 else None
    if kind == "stdin" and isinstance(body, str) and len(body) <= MAX_KEYS:
        return kind, body
    if kind == "resize" and isinstance(body, dict):
        width, height = body.get("width"), body.get("height")
        if type(width) is int and type(height) is int and 1 <= width <= MAX_WIDTH and 1 <= height <= MAX_HEIGHT:
            return kind, (width, height, 0, 0)
    if kind == "ping" and isinstance(body, str) and len(body) <= 32:
        return kind, body
    if kind in ("focus", "blur"):
        return None
    raise Unreadable(f"not a message this door reads ({kind[:20]!r})")


class _WebTerminal:
    """A websocket as the player's terminal."""

    def __init__(self, ws: web.WebSocketResponse, size: Size, quiet: QuietLog, address: str):
        self.ws, self._size, self.quiet, self.address = ws, size, quiet, address

    def size(self) -> Size:
        return self._size

    async def write(self, data: bytes) -> None:
        if self.ws.closed:
            raise ConnectionResetError("the page is gone")
        await self.ws.send_bytes(data)

    async def read(self) -> bytes | Size:
        while True:
            message = await self.ws.receive()
            if message.type != WSMsgType.TEXT:  # a close, an error, or bytes the page never sends
                if message.type == WSMsgType.BINARY:
                    await self.ws.close(code=WSCloseCode.UNSUPPORTED_DATA, message=b"the page sends text")
                return b""
            try:
                read = read_message(message.data)
            except Unreadable as why:
                self.quiet.say(self.address, f"web: a session from {self.address} closed: {why}")
                await self.ws.close(code=WSCloseCode.POLICY_VIOLATION, message=str(why).encode()[:120])
                return b""
            if read is None:
                continue
            kind, body = read
            if kind == "ping":
                await self.ws.send_str(json.dumps(["pong", body]))
            elif kind == "resize":
                assert isinstance(body, tuple)
                self._size = body
                return body
            else:
                assert isinstance(body, str)
                if body:
                    return body.encode("utf-8", "replace")

    async def end(self, code: int, last: bytes) -> None:
        try:
            if last and not self.ws.closed:
                await self.ws.send_bytes(last)
            await self.ws.close()
        except (OSError, RuntimeError):
            pass  # the page is gone


class WebDoor:
    """The web server in front of the hub at ``socket_path``, sharing the SSH door's ledger and template."""

    def __init__(self, socket_path: Path, settings: WebSettings, ledger: Ledger, template: Template, invites: Invites):
        self.socket_path, self.settings, self.ledger = socket_path, settings, ledger
        self.template, self.invites = template, invites
        self.sessions: dict[asyncio.Task[None], Child] = {}
        self.origins: set[str] = set()
        self.tabs: dict[str, dict[web.WebSocketResponse, Translator]] = {}  # each identity's open pages, in their words
        self.guests = Guests(lambda identity: identity in self.tabs)  # by the cookie's token
        self.quiet = QuietLog(log)
        self.guard = Guard(settings.guard, self.quiet)
        self.guest_name: Callable[[str], str] = lambda identity: ""  # the hub's, once the server joins them
        self.waiting: Callable[[str], int] = lambda identity: 0  # the hub's: how many tables wait for an identity's move
        self.where: dict[str, str | None] = {}  # the table each identity with a page open is at (None: the lobby)
        self._titles: set[asyncio.Task[None]] = set()
        self._runner: web.AppRunner | None = None
        self._server: asyncio.Server | None = None
        self._asset_bytes: dict[str, bytes] = {}
        self._port = settings.port
        self._page = string.Template(files("kobito_tui.serve").joinpath("webpage.html").read_text(encoding="utf-8"))
        self._assets = files("textual_serve").joinpath("static")

    @property
    def port(self) -> int:
        return self._port

    @property
    def scheme(self) -> str:
        return "https" if self.settings.tls_cert else "http"

    @property
    def url(self) -> str:
        host = self.settings.host
        return f"{self.scheme}://{f'[{host}]' if ':' in host else host}:{self.port}/"

    def app(self) -> web.Application:
        app = web.Application(client_max_size=4096, middlewares=[self.guard.middleware])  # the door takes no uploads
        app.on_response_prepare.append(self._https_only)
        app.add_routes([
            web.get("/", self._index),
            web.get("/ws", self._websocket),
            web.get("/static/{name}", self._asset),
            web.get("/favicon.ico", self._no_icon),
            web.get("/invite/{token}", self._invite),
            web.post("/invite/{token}", self._accept),
        ])  # fmt: skip  # aligned by hand with its opening bracket
        return app

    async def start(self) -> None:
        """Listen: each connection through the guard (:class:`~kobito_tui.serve.webguard.GuardedHandler`)."""
        raise_open_files()
        quiet_aiohttp()
        context = None
        if self.settings.tls_cert:
            context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
            context.load_cert_chain(self.settings.tls_cert, self.settings.tls_key)
        self._runner = web.AppRunner(self.app(), access_log=None, handle_signals=False, shutdown_timeout=1.0)
        await self._runner.setup()
        assert self._runner.server is not None
        handshake = self.settings.guard.header_timeout_s if context else None  # a TLS handshake has the header timeout
        self._server = await asyncio.get_running_loop().create_server(
            self.guard.connection(self._runner.server), self.settings.host, self.settings.port,
            ssl=context, backlog=ACCEPTS, ssl_handshake_timeout=handshake,
        )  # fmt: skip  # arguments grouped a few a line by meaning
        for listening in self._server.sockets:  # asyncio's backlog is also how many it accepts at once: the kernel's is longer
            with socket.socket(fileno=os.dup(listening.fileno())) as same:
                same.listen(QUEUE)
        self._port = self._server.sockets[0].getsockname()[1]
        hosts = {self.settings.host, *(LOOPBACK if self.settings.host in LOOPBACK else ())}
        netlocs = {f"[{h}]:{self.port}" if ":" in h else f"{h}:{self.port}" for h in hosts}
        self.origins = {f"{self.scheme}://{netloc}" for netloc in netlocs} | {o.rstrip("/") for o in self.settings.origins}

    async def close(self, wait_s: float = 3.0) -> None:
        """Give each program ``wait_s`` to end on its own (the hub told it why), then end it, saying why."""
        if self.sessions:
            await asyncio.wait(list(self.sessions), timeout=wait_s)
        for task, child in list(self.sessions.items()):
            child.reason = child.t("the server is stopping")  # one not signed in yet did not hear it from the hub
            task.cancel()
        await asyncio.gather(*self.sessions, return_exceptions=True)
        if self._server is not None:
            self._server.close()
        if self._runner is not None:
            await self._runner.cleanup()
        self.quiet.flush()

    # -- who ----------------------------------------------------------------
    async def _seat(self, token: str) -> BrowserSeat | None:
        """Who the cookie's ``token`` (well formed) signs in as: a guest's, an invite's; None if neither yet."""
        guest = self.guests.get(token)
        if guest is not None:
            return BrowserSeat(guest.identity)
        invited = await asyncio.get_running_loop().run_in_executor(None, self.invites.session, token)
        return None if invited is None else BrowserSeat(invited.identity, invited.name)

    def _set_cookie(self, response: web.StreamResponse, token: str, request: web.Request) -> None:
        secure = self.guard.https(request)
        response.set_cookie(COOKIE, token, max_age=90 * 24 * 3600, path="/", httponly=True, samesite="Strict", secure=secure)

    async def _https_only(self, request: web.Request, response: web.StreamResponse) -> None:
        """A browser that came over HTTPS is told to keep to it."""
        if self.guard.https(request):
            response.headers["Strict-Transport-Security"] = HSTS

    def _origin_problem(self, request: web.Request) -> str | None:
        origin = request.headers.get("Origin", "")[:MAX_HEADER]
        if not origin:
            return "no Origin"
        try:
            parts = urlsplit(origin)
        except ValueError:  # "http://[x": no URL at all (it used to answer 500, with a traceback)
            return "this page's Origin is not this server's"
        if f"{parts.scheme}://{parts.netloc}" not in self.origins or parts.path not in ("", "/"):
            return "this page's Origin is not this server's"
        return None

    # -- pages --------------------------------------------------------------
    def _headers(self, nonce: str = "") -> dict[str, str]:
        script = f"'self' 'nonce-{nonce}'" if nonce else "'self'"
        return {
            "Content-Security-Policy": f"default-src 'none'; script-src {script}; style-src 'self' 'unsafe-inline'; "
            "font-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "same-origin",  # no-referrer would make a form's Origin "null"
            "Cache-Control": "no-store",
        }

    async def _index(self, request: web.Request) -> web.Response:
        lang = language(request.headers.get("Accept-Language"))
        t = translator(lang)
        nonce = secrets.token_urlsafe(16)
        page = self._page.substitute(
            lang=lang,
            title=html.escape(self.settings.title),
            nonce=nonce,
            ended=html.escape(t("The session has ended.")),
            again=html.escape(t("Play again")),
            noscript=html.escape(t("The game runs in the page: it needs JavaScript.")),
        )
        response = web.Response(text=page, content_type="text/html", headers=self._headers(nonce))
        if not well_formed(request.cookies.get(COOKIE, "")):
            self._set_cookie(response, new_token(), request)  # the guest is made when the page opens its websocket
        return response

    @staticmethod
    async def _no_icon(request: web.Request) -> web.Response:
        return web.Response(status=204)

    async def _asset(self, request: web.Request) -> web.Response:
        found = ASSETS.get(request.match_info["name"])
        if found is None:
            raise web.HTTPNotFound(text="no such file")
        path, kind = found
        if path not in self._asset_bytes:
            self._asset_bytes[path] = self._assets.joinpath(path).read_bytes()
        return web.Response(
            body=self._asset_bytes[path], content_type=kind,
            headers={"Cache-Control": "public, max-age=86400", "X-Content-Type-Options": "nosniff"},
        )  # fmt: skip  # arguments grouped a few a line by meaning

    def _small_page(self, status: int, lang: str, title: str, body: str) -> web.Response:
        page = (
            f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{html.escape(title)}</title></head><body>{body}</body></html>"
        )
        return web.Response(status=status, text=page, content_type="text/html", headers=self._headers())

    def _link_gone(self, lang: str) -> web.Response:
        t = translator(lang)
        text = t("This invite link has been used or has expired: ask for a new one.")
        return self._small_page(410, lang, self.settings.title, f"<p>{html.escape(text)}</p>")

    async def _invite(self, request: web.Request) -> web.Response:
        """What a link shows: whom it signs in as, and a button (a link's preview must not spend it)."""
        lang = language(request.headers.get("Accept-Language"))
        t = translator(lang)
        token = request.match_info["token"]
        invited = await asyncio.get_running_loop().run_in_executor(None, self.invites.peek, token)
        if invited is None:
            return self._link_gone(lang)
        question = html.escape(t("Come in as {name}?", name=invited.name))
        button = html.escape(t("Come in"))
        body = f'<form method="post"><p>{question}</p><button type="submit">{button}</button></form>'
        return self._small_page(200, lang, self.settings.title, body)

    async def _accept(self, request: web.Request) -> web.Response:
        lang = language(request.headers.get("Accept-Language"))
        problem = self._origin_problem(request)
        if problem is not None:
            raise web.HTTPForbidden(text=f"kobito: {problem}")
        session = new_token()
        redeem = self.invites.redeem
        invited: Invited | None = await asyncio.get_running_loop().run_in_executor(None, redeem, request.match_info["token"], session)
        if invited is None:
            return self._link_gone(lang)
        log.info("invite link used for %s from %s", invited.name, request.remote)
        response = web.Response(status=303, headers={"Location": "/", **self._headers()})
        self._set_cookie(response, session, request)
        return response

    # -- the page's title ----------------------------------------------------
    def title(self, t: Translator, table: str | None, waiting: int = 0) -> str:
        """The page's title: how many tables wait for the player's move, where the player is, then the
        server's name (plain text, bounded)."""
        # Translators: the browser tab's title while the player is at a table; {table} is its number.
        where = t("Kobito · table {table}", table=printable(table, 40)) if table else t("Kobito · lobby")
        said = f"{where} — {printable(self.settings.title)}"
        if waiting:
            # Translators: before the browser tab's title when tables wait for the player's move; {count} is how many.
            said = t("({count}) Your move", count=waiting) + " — " + said
        return said if len(said) <= MAX_TITLE else said[: MAX_TITLE - 1] + "…"

    def moved(self, identity: str, table: str | None) -> None:
        """The hub's word that ``identity`` sat down at ``table`` (or left it): its pages' titles say so."""
        self.guests.moved(identity, table)
        if identity in self.tabs:
            self.where[identity] = table
        self.turned(identity)

    def turned(self, identity: str) -> None:
        """The hub's word that a table's turn passed to or from ``identity``: its pages' titles count the tables waiting."""
        table, waiting = self.where.get(identity), self.waiting(identity)
        for ws, t in list(self.tabs.get(identity, {}).items()):
            task = asyncio.ensure_future(self._send_title(ws, self.title(t, table, waiting)))
            self._titles.add(task)
            task.add_done_callback(self._titles.discard)

    @staticmethod
    async def _send_title(ws: web.WebSocketResponse, title: str) -> None:
        try:
            if not ws.closed:
                await ws.send_str(json.dumps(["title", title]))
        except (OSError, RuntimeError):
            pass  # the page is gone

    # -- a session ----------------------------------------------------------
    def _place(self, address: str, token: str, seat: BrowserSeat | None, t: Translator) -> tuple[Visit, BrowserSeat] | str:
        """The session's share of the caps and its seat (a new guest's, at the page's first websocket);
        or why not, in the player's words."""
        full = t("the server has as many players as it can take; try again later")
        if len(self.sessions) >= self.settings.sessions:
            return self._refused(address, "the door is full", full)
        visit = self.ledger.arrive(address)
        if isinstance(visit, str):
            return self._refused(address, visit, t("too many sessions from your address, or the server is busy; try again later"))
        if seat is None:
            guest = self.guests.add(token, address, capped=not self.guard.trusted(address))
            if guest is None:
                visit.leave()
                return self._refused(address, "every guest session is in use", full)
            seat = BrowserSeat(guest.identity)
        return visit, seat

    def _refused(self, address: str, said: str, why: str) -> str:
        self.quiet.say(address, f"web: refused a session from {address}: {said}")
        return why

    async def _websocket(self, request: web.Request) -> web.StreamResponse:
        address = str(request.remote or "?")
        token = request.cookies.get(COOKIE, "")
        problem = self._origin_problem(request) or (None if well_formed(token) else "no session: reload the page")
        if problem is not None:
            self.quiet.say(address, f"web: refused a session from {address}: {problem}")
            raise web.HTTPForbidden(text=f"kobito: {problem}")
        known = await self._seat(token)
        lang = language(request.headers.get("Accept-Language"))
        t = translator(lang)
        size = (_size(request.query, "width", 80, MAX_WIDTH), _size(request.query, "height", 24, MAX_HEIGHT), 0, 0)
        ws = web.WebSocketResponse(heartbeat=30.0, max_msg_size=MAX_MESSAGE)
        await ws.prepare(request)
        self.guard.upgraded(request)
        placed = self._place(address, token, known, t)
        if isinstance(placed, str):
            await ws.send_bytes(("\r\n" + t("kobito: {reason}.", reason=placed) + "\r\n").encode())
            await ws.close(code=CLOSE_REFUSED, message=placed.encode()[:120])
            return ws
        visit, seat = placed
        visit.signed_in()
        task = asyncio.current_task()
        assert task is not None
        name = seat.name or (self.guest_name(seat.identity) if seat.identity.startswith(GUEST) else "")
        env = session_env("xterm-256color", LOCALES[lang], seat.identity, name, address, door="web")
        env["COLORTERM"] = "truecolor"  # xterm.js draws every colour
        child = self.sessions[task] = Child(_WebTerminal(ws, size, self.quiet, address), env, self.socket_path)
        tabs = self.tabs.setdefault(seat.identity, {})
        tabs[ws] = t
        try:
            self.where[seat.identity] = None
            await self._send_title(ws, self.title(t, None, self.waiting(seat.identity)))  # the app opens in the lobby
            await child.run(self.settings.idle_timeout_s, self.template)
        finally:
            del self.sessions[task]
            del tabs[ws]
            if not tabs:
                self.tabs.pop(seat.identity, None)
                self.where.pop(seat.identity, None)
            visit.leave()
        return ws
