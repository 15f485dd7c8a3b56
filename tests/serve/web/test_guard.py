"""The web door against a hostile stranger, as nginx holds: real `kobito serve` processes on loopback.

The stranger's floods come from 127.0.0.2 (loopback too), so that the players
timed beside them (127.0.0.1) are someone else, as they would be."""

from __future__ import annotations

import asyncio
import logging
import os
import resource
import secrets
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request

import aiohttp
import pytest

from kobito_tui.serve.quietlog import QuietLog
from kobito_tui.serve.webguard import ACCEPTS, RESERVE, Guests, quiet_aiohttp

from ..helpers import SSH
from .helpers import Page, WebServer

STRANGER = "127.0.0.2"
HALF_SENT = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"  # and the headers' end never comes


def started(data_dir, *extra: str) -> WebServer:
    return WebServer(data_dir / "data", *extra)


def connect(port: int, source: str = STRANGER) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))


def half_sent(port: int, count: int, source: str = STRANGER) -> list[socket.socket]:
    """``count`` connections that send a request's first lines and then nothing."""
    held = []
    for _ in range(count):
        sock = connect(port, source)
        sock.sendall(HALF_SENT)
        sock.setblocking(False)
        held.append(sock)
    return held


def open_ones(sockets: list[socket.socket]) -> list[socket.socket]:
    """Those the server has not closed (a refused one reads its 503, then the end)."""
    still = []
    for sock in sockets:
        try:
            while sock.recv(4096):
                pass
        except BlockingIOError:
            still.append(sock)
        except OSError:
            pass
    return still


def settled(sockets: list[socket.socket], most: int, within: float = 3.0) -> list[socket.socket]:
    """Those still open once the server has had time to refuse the rest (down to ``most``)."""
    deadline = time.monotonic() + within
    while len(still := open_ones(sockets)) > most and time.monotonic() < deadline:
        time.sleep(0.05)
    return still


def close_all(sockets: list[socket.socket]) -> None:
    for sock in sockets:
        sock.close()


def page_load(url: str) -> tuple[int, float]:
    """A browser's first request: its status (0: the connection was reset) and how long it took."""
    began = time.monotonic()
    try:
        with urllib.request.urlopen(url + "/", timeout=10) as response:
            response.read()
            status = response.status
    except urllib.error.HTTPError as error:
        status = error.code
    except (urllib.error.URLError, ConnectionError):
        status = 0  # a refusal's 503 can be overtaken by the reset of a socket closed unread
    return status, time.monotonic() - began


def room_for(count: int) -> None:
    """This process may open ``count`` sockets (raise its soft limit, or skip)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < count + 200:
        if hard < count + 200:
            pytest.skip(f"needs {count + 200} open files (hard limit {hard})")
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def ssh_login(port: int) -> tuple[bool, float]:
    """An OpenSSH guest signing in (no PTY: the door says so once in): whether it got in, and how long it took."""
    began = time.monotonic()
    done = subprocess.run(
        [*SSH, "-T", "-p", str(port), "ann@127.0.0.1", "true"], capture_output=True, text=True, timeout=20, stdin=subprocess.DEVNULL,
        check=False,
    )  # fmt: skip  # arguments grouped a few a line by meaning
    return "kobito needs a terminal" in done.stderr, time.monotonic() - began


def descriptors(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def web_lines(log: str) -> list[str]:
    return [line for line in log.splitlines() if " web: " in line]


needs_ssh = pytest.mark.skipif(not shutil.which("ssh"), reason="needs OpenSSH")


@pytest.mark.slow  # more than 2 s
@needs_ssh
def test_slow_headers_from_one_address_are_capped_and_cut_off_while_ssh_and_the_page_go_on(data_dir):
    room_for(600)
    server = started(data_dir, "--web-header-timeout", "2")
    resource.prlimit(server.process.pid, resource.RLIMIT_NOFILE, (1024, 1024))
    flood: list[socket.socket] = []
    try:
        began = time.monotonic()
        flood = half_sent(server.web_port, 600)
        assert len(settled(flood, 16)) == 16  # --web-connections-per-address 16: the rest were refused
        flood.append(connect(server.web_port))
        assert flood[-1].recv(100).startswith(b"HTTP/1.1 503 ")
        assert ssh_login(server.port)[0]
        status, took = page_load(server.url)
        assert status == 200 and took < 2
        trickle = connect(server.web_port, "127.0.0.3")  # its head comes a byte at a time: bytes do not push its deadline
        flood.append(trickle)
        for byte in HALF_SENT * 3:
            try:
                trickle.send(bytes([byte]))
            except OSError:
                break  # closed: the header timeout
            time.sleep(0.1)
        else:
            raise AssertionError("a head sent a byte at a time was never cut off")
        while open_ones(flood):
            assert time.monotonic() - began < 2 + 5, "the header timeout never closed them"
            time.sleep(0.1)
        lines = web_lines(server.read_log())
        assert len(lines) == 2, lines  # a line for each stranger in this minute (the rest counted), none for the players
        assert "Traceback" not in server.read_log()
    finally:
        close_all(flood)
        server.stop()


@pytest.mark.slow  # more than 2 s
@needs_ssh
def test_a_connection_flood_never_takes_the_descriptors_ssh_needs(data_dir):
    room_for(1100)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, hard))  # the server inherits a low soft limit...
    try:
        server = started(data_dir, "--web-header-timeout", "3", "--web-connections", "5000", "--web-connections-per-address", "5000")
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    pid = server.process.pid
    flood: list[socket.socket] = []
    try:
        assert resource.prlimit(pid, resource.RLIMIT_NOFILE)[0] == hard  # ... and raises it to the hard one at start
        resource.prlimit(pid, resource.RLIMIT_NOFILE, (1024, 1024))  # a host whose hard limit is 1024
        flood = half_sent(server.web_port, 1100)  # caps raised past the limit: the reserve is what holds
        peak, deadline = 0, time.monotonic() + 5
        while len(open_ones(flood)) > 1024 - RESERVE or not peak:  # until the server has refused the rest
            peak = max(peak, descriptors(pid))
            assert time.monotonic() < deadline, "the reserve never held"
        peak = max([peak] + [descriptors(pid) for _ in range(10)])
        assert 1024 - RESERVE - 40 <= peak <= 1024 - RESERVE + 2 * ACCEPTS, peak  # accepted at once: looked at after
        got_in, took = ssh_login(server.port)
        assert got_in and took < 5
        status, took = page_load(server.url)
        assert status in (200, 503, 0) and took < 1  # at once: in if the last refusals left room, else refused
        deadline = time.monotonic() + 10
        while open_ones(flood):  # the flood's heads time out (3 s)
            assert time.monotonic() < deadline, "the header timeout never closed them"
            time.sleep(0.1)
        assert page_load(server.url)[0] == 200  # room again
        log = server.read_log()
        assert "Too many open files" not in log and "Traceback" not in log and "too few file descriptors left" in log
        assert len(web_lines(log)) <= 4, web_lines(log)  # a line for each address, and each kind of refusal at most
    finally:
        close_all(flood)
        server.stop()


@needs_ssh
def test_the_default_caps_keep_a_flood_from_one_address_to_sixteen(data_dir):
    room_for(1100)
    server = started(data_dir)
    resource.prlimit(server.process.pid, resource.RLIMIT_NOFILE, (1024, 1024))
    flood: list[socket.socket] = []
    try:
        flood = half_sent(server.web_port, 1100)
        assert len(settled(flood, 16)) == 16
        assert descriptors(server.process.pid) < 200
        assert ssh_login(server.port)[0]
        assert page_load(server.url)[0] == 200
    finally:
        close_all(flood)
        server.stop()


@pytest.mark.slow  # more than 2 s
async def test_a_flood_of_cookieless_page_loads_leaves_a_seated_guest_her_seat(data_dir):
    server = started(data_dir)
    wren = Page(server.url)
    try:
        await wren.open()
        await wren.connect()
        await wren.until("Your name at the tables")
        await wren.keys("Wren\r")
        await wren.until("you are Wren")
        await wren.keys("n")
        await wren.until("New table")
        await wren.keys("\x13")  # Ctrl+S: the table is set, she sits in seat 1
        await wren.until("(you)")
        assert wren.ws is not None
        await wren.ws.close()  # she closes the tab; her seat waits for her
        began = time.monotonic()
        connector = aiohttp.TCPConnector(limit=8)
        async with aiohttp.ClientSession(cookie_jar=aiohttp.DummyCookieJar(), connector=connector) as stranger:

            async def load() -> None:
                async with stranger.get(server.url + "/") as response:
                    assert response.status == 200
                    await response.read()

            for _ in range(42):
                await asyncio.gather(*(load() for _ in range(100)))
        assert time.monotonic() - began < 15
        wren.screen.reset()
        wren.closed = None
        await wren.connect()  # the same cookie
        shown = await wren.until("Wren (you)")  # not asked her name, and back at the seat she dropped from
        assert "Your name at the tables" not in shown
    finally:
        await wren.close()
        server.stop()


def gone_within(sock: socket.socket, seconds: float) -> float:
    """How long until the server closed ``sock`` (reading and dropping what it sends), at most ``seconds``."""
    began = time.monotonic()
    sock.settimeout(0.1)
    while time.monotonic() - began < seconds:
        try:
            if not sock.recv(65536):
                break
        except TimeoutError:
            continue
        except OSError:
            break
    return time.monotonic() - began


@pytest.mark.slow  # more than 2 s
def test_a_connection_that_stands_still_is_closed_after_the_request_timeout(data_dir):
    server = started(data_dir, "--web-request-timeout", "1")
    try:
        kept = connect(server.web_port, "127.0.0.1")  # a request answered, then nothing: a kept-alive wait
        kept.sendall(b"GET /favicon.ico HTTP/1.1\r\nHost: x\r\n\r\n")
        assert kept.recv(100).startswith(b"HTTP/1.1 204 ")
        assert 0.8 < gone_within(kept, 5) < 3
        body = connect(server.web_port, "127.0.0.1")  # a body that never comes
        body.sendall(b"POST /invite/x HTTP/1.1\r\nHost: x\r\nContent-Length: 4000\r\n\r\nabc")
        assert gone_within(body, 5) < 3
        reader = socket.socket()  # answers it never reads: 20 MB asked for
        reader.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # (before connecting: a small window)
        reader.connect(("127.0.0.1", server.web_port))
        reader.sendall(b"GET /static/textual.js HTTP/1.1\r\nHost: x\r\n\r\n" * 40)
        time.sleep(2.5)
        took = gone_within(reader, 5)  # what the buffers held, then the end
        assert took < 1, took
        assert "nothing moved for 1 s" in server.read_log() and "Traceback" not in server.read_log()
    finally:
        server.stop()


MALFORMED = {
    414: b"GET /" + b"a" * 70_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
    431: b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 100_000 + b"\r\n\r\n",
    400: b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 not HTTP\r\n\r\n",
}
MANY_HEADERS = b"GET / HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-%d: a\r\n" % n for n in range(2000)) + b"\r\n"


def answer(port: int, request: bytes, source: str = "127.0.0.1") -> bytes:
    sock = connect(port, source)
    try:
        try:
            sock.sendall(request)
        except OSError:
            pass  # answered and closed before the rest was sent
        return sock.recv(200).split(b"\r\n")[0]
    except OSError:
        return b""
    finally:
        sock.close()


def test_malformed_requests_are_answered_414_431_400_with_a_line_per_address_and_no_traceback(data_dir):
    server = started(data_dir)
    try:
        for _ in range(20):
            for status, request in [*MALFORMED.items(), (431, MANY_HEADERS)]:
                first = answer(server.web_port, request)
                assert first.startswith(b"HTTP/1.") and f" {status} ".encode() in first or first == b"", (status, first)
        assert b" 414 " in answer(server.web_port, MALFORMED[414], STRANGER)
        log = server.read_log()
        assert "Traceback" not in log
        assert len(web_lines(log)) == 2, web_lines(log)  # one for each address: 81 requests, 2 lines
        assert len(log.splitlines()) <= 4
    finally:
        server.stop()


def test_idle_connections_make_room_for_a_new_one_from_their_address(data_dir):
    server = started(data_dir)
    kept: list[socket.socket] = []
    try:
        for _ in range(16):  # a household's browsers: every connection kept alive after its answer
            kept.append(connect(server.web_port, "127.0.0.1"))
            kept[-1].sendall(b"GET /favicon.ico HTTP/1.1\r\nHost: x\r\n\r\n")
            assert kept[-1].recv(100).startswith(b"HTTP/1.1 204 ")
            kept[-1].setblocking(False)
        time.sleep(1.2)  # idle a while: one of them may go
        assert page_load(server.url)[0] == 200
        assert len(open_ones(kept)) == 15
        assert web_lines(server.read_log()) == []  # no one was refused
    finally:
        close_all(kept)
        server.stop()


async def test_only_a_trusted_proxy_may_say_the_browser_came_over_https(data_dir):
    server = started(data_dir, "--trusted-proxy", STRANGER)

    async def cookie_and_hsts(source: str, headers: dict[str, str]) -> tuple[bool, bool]:
        connector = aiohttp.TCPConnector(local_addr=(source, 0))
        async with aiohttp.ClientSession(connector=connector) as client, client.get(server.url + "/", headers=headers) as response:
            return "Secure" in response.headers["Set-Cookie"], "Strict-Transport-Security" in response.headers

    flood: list[socket.socket] = []
    try:
        assert await cookie_and_hsts(STRANGER, {"X-Forwarded-Proto": "https"}) == (True, True)
        assert await cookie_and_hsts(STRANGER, {"Forwarded": "for=192.0.2.7;proto=https"}) == (True, True)
        assert await cookie_and_hsts(STRANGER, {}) == (False, False)
        assert await cookie_and_hsts(STRANGER, {"X-Forwarded-Proto": "https, http"}) == (False, False)  # the proxy's own word is last
        assert await cookie_and_hsts("127.0.0.1", {"X-Forwarded-Proto": "https"}) == (False, False)
        assert await cookie_and_hsts("127.0.0.1", {"Forwarded": "proto=https"}) == (False, False)
        flood = half_sent(server.web_port, 24)  # everyone behind the proxy comes from its address: counted in the total only
        for sock in flood:
            sock.settimeout(5)
            sock.sendall(b"\r\n")  # the heads' end, once all 24 are open
        assert all(sock.recv(100).startswith(b"HTTP/1.1 200 ") for sock in flood)
        flood += half_sent(server.web_port, 24, "127.0.0.1")
        assert len(settled(flood[24:], 16)) == 16
    finally:
        close_all(flood)
        server.stop()


def test_guest_sessions_let_only_unused_ones_go_and_refuse_a_new_one_when_all_are_in_use():
    open_pages: set[str] = set()
    guests = Guests(open_pages.__contains__, most=6, per_address=3)
    playing = guests.add("p" * 43, "192.0.2.1")
    seated = guests.add("s" * 43, "192.0.2.1")
    assert playing is not None and seated is not None
    open_pages.add(playing.identity)
    guests.moved(seated.identity, "t1")  # she sat down, then closed her tab
    idle = guests.add("i" * 43, "192.0.2.1")
    assert idle is not None and guests.add("i" * 43, "192.0.2.1") is idle  # two pages at once: one guest
    for n in range(100):  # a flood from her own address lets only the unused go
        assert guests.add(f"{n:043d}", "192.0.2.1") is not None
    assert guests.get("p" * 43) is playing and guests.get("s" * 43) is seated and guests.get("i" * 43) is None
    for n in range(100):  # and from everywhere else, within the total
        assert guests.add(f"x{n:042d}", f"198.51.100.{n}") is not None
    assert guests.get("p" * 43) is playing and guests.get("s" * 43) is seated and len(guests) == 6
    open_pages.update(guest.identity for guest in guests.by_token.values())  # everyone plays now
    assert guests.add("n" * 43, "203.0.113.9") is None  # full of players: the new one is refused, no one is evicted
    guests.moved(seated.identity, None)  # she left her table: unused, so she may go
    open_pages.discard(seated.identity)
    assert guests.add("n" * 43, "203.0.113.9") is not None and guests.get("s" * 43) is None
    busy = Guests(lambda identity: True, most=3, per_address=1)
    assert busy.add("a" * 43, "192.0.2.1") is not None and busy.add("b" * 43, "192.0.2.1") is None
    assert busy.add("b" * 43, "192.0.2.1", capped=False) is not None  # a trusted proxy's: capped in the total only


async def test_the_log_says_an_address_once_an_interval_then_how_many_more(caplog):
    caplog.set_level(logging.INFO, logger="kobito.test")
    quiet = QuietLog(logging.getLogger("kobito.test"), addresses=2)
    for n in range(512 + 1):
        quiet.say("192.0.2.1", f"web: refused a connection from 192.0.2.1 ({n})")
    for address in ("192.0.2.2", "192.0.2.3", "192.0.2.4"):
        quiet.say(address, f"web: refused a connection from {address}")
    quiet.flush()
    assert [r.getMessage() for r in caplog.records] == [
        "web: refused a connection from 192.0.2.1 (0)",
        "web: refused a connection from 192.0.2.2",
        "web: refused a connection from 192.0.2.3",  # the first of the addresses past the named ones
        "web: … and 512 more from 192.0.2.1 in the last minute",
        "web: … and 1 more from other addresses in the last minute",
    ]
    caplog.clear()
    quiet.say("192.0.2.1", "web: a new minute")
    assert [r.getMessage() for r in caplog.records] == ["web: a new minute"]
    quiet.flush()


def test_aiohttps_own_lines_come_without_a_traceback_once_an_interval(caplog):
    quiet_aiohttp()
    logger = logging.getLogger("aiohttp.websocket")
    said = f"%s: Client protocols %r don't overlap ({secrets.token_hex(4)})"  # a line of its own, once an interval
    with caplog.at_level(logging.WARNING, logger="aiohttp.websocket"):
        for _ in range(50):
            try:
                raise ValueError("a client's doing")
            except ValueError:
                logger.exception(said, "192.0.2.1", ["x"])
    assert len(caplog.records) == 1 and caplog.records[0].exc_info is None
    assert "Traceback" not in caplog.text
