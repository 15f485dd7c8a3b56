"""The web door, spoken to as a browser would (HTTP and the page's websocket), at a real `kobito serve`."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import subprocess
import sys

import aiohttp
import pytest

from kobito_tui.core.safetext import printable
from kobito_tui.i18n import translator
from kobito_tui.serve import hub as hub_module
from kobito_tui.serve.client import HubClosed, HubConnection
from kobito_tui.serve.invites import Invites, new_token
from kobito_tui.serve.store import SqliteStore
from kobito_tui.serve.webdoor import COOKIE, BrowserSeat, Unreadable, WebDoor, WebSettings, language, read_message

from ..helpers import KEY_ANN, Server, eventually, remove, running_hub, short_dir
from .helpers import Page, WebServer

NAME_PROMPT = "Your name at the tables"


@pytest.fixture(scope="module")
def web():
    folder = short_dir()
    running = WebServer(folder / "data")
    yield running
    running.stop()
    remove(folder)


def started(data_dir, *extra: str) -> WebServer:
    return WebServer(data_dir / "data", *extra)


async def test_the_page_is_served_whole_from_here_with_a_strict_session_cookie(web):
    page = Page(web.url, "uk-UA,uk;q=0.9,en;q=0.5")
    try:
        response = await page.open()
        text = await response.text()
        cookie = response.headers["Set-Cookie"]
        assert f"{COOKIE}=" in cookie and "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
        policy = response.headers["Content-Security-Policy"]
        assert "default-src 'none'" in policy and "connect-src 'self'" in policy and "frame-ancestors 'none'" in policy
        assert response.headers["Referrer-Policy"] == "same-origin"  # a browser's form sends Origin "null" under no-referrer
        assert '<html lang="uk">' in text and "<title>kobito</title>" in text
        assert translator("uk")("Play again") in text  # the page's own words in the player's language
        for url in re.findall(r'(?:src|href)="([^"]*)"', text) + re.findall(r'url\("([^"]*)"\)', text):
            assert url.startswith("/static/"), url  # nothing from another host
        for name in ("textual.js", "xterm.css", "RobotoMono.ttf"):
            asset = await page.http.get(f"{web.url}/static/{name}")
            assert asset.status == 200 and len(await asset.read()) > 1000
        for name in ("..%2F..%2Fserver.py", "nope.js", "%00"):
            assert (await page.http.get(f"{web.url}/static/{name}")).status == 404
        again = await page.open()  # a reload keeps its cookie: no new one
        assert "Set-Cookie" not in again.headers and "Strict-Transport-Security" not in again.headers  # plain HTTP
    finally:
        await page.close()


async def test_a_websocket_from_another_origin_or_without_a_session_is_refused_403(web):
    page = Page(web.url)
    try:
        await page.open()
        for origin in ("http://evil.example", "null", f"{web.url}.evil.example", web.url.replace("http:", "https:"), "", "http://[::1"):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await page.connect(origin=origin)
            assert refused.value.status == 403, origin
        bare = Page(web.url)  # no cookie: the page was never loaded
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await bare.connect()
        assert refused.value.status == 403
        await bare.close()
        said = await page.http.get(web.url + "/ws", headers={"Origin": "http://evil.example"})
        assert said.status == 403 and "Origin is not this server's" in await said.text()
        assert "web: " in web.read_log()  # said once a minute per address (the first line may be another test's)
    finally:
        await page.close()


async def test_a_guest_plays_the_same_program_as_over_ssh_in_the_browsers_language(web):
    page = Page(web.url, "ru,en;q=0.5")
    try:
        await page.open()
        await page.connect()
        await page.until(translator("ru")("Welcome! Your name at the tables (Enter):")[:20])
        await page.keys("Wanda\r")
        await page.until("Wanda")  # the lobby, signed in as a guest by that name
        await page.send("resize", {"width": 90, "height": 25})
        await page.send("ping", "1")
        await page.send("focus")
    finally:
        await page.close()


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ("not json", 1008),
        ("{}", 1008),
        ('["stdin", 5]', 1008),
        ('["resize", {"width": 0, "height": 5}]', 1008),
        ('["resize", {"width": 1e9, "height": 5}]', 1008),
        ('["open_url", "http://evil.example"]', 1008),
        ('["stdin", "' + "a" * 70000 + '"]', 1009),
        (b"\x00\x01", 1003),
    ],  # fmt: skip  # a table: one row a line
)
async def test_hostile_websocket_messages_close_that_session_with_a_reason_and_nothing_else(web, message, code):
    page = Page(web.url)
    try:
        await page.open()
        await page.connect()
        await page.until(NAME_PROMPT)
        assert page.ws is not None
        await (page.ws.send_bytes(message) if isinstance(message, bytes) else page.ws.send_str(message))
        closed, _ = await page.ended()
        assert closed == code
        await page.connect()  # the door goes on
        await page.until(NAME_PROMPT)
    finally:
        await page.close()


def test_messages_are_read_strictly():
    assert read_message('["stdin", "q"]') == ("stdin", "q")
    assert read_message('["resize", {"width": 80, "height": 24}]') == ("resize", (80, 24, 0, 0))
    assert read_message('["blur"]') is None
    for bad in ('["resize", {"width": true, "height": 24}]', '["ping", "' + "9" * 40 + '"]', "[1]", '"stdin"', "[]"):
        with pytest.raises(Unreadable):
            read_message(bad)


def test_the_language_is_the_first_of_ours_the_browser_asks_for():
    assert language("de-DE,de;q=0.9,uk;q=0.8,ru;q=0.9") == "ru"
    assert language("uk") == "uk" and language("en-GB") == "en"
    assert language(None) == language("") == language("de") == language("uk;q=0") == language("ru;q=nan") == "en"
    assert language("x" * 100000 + ",uk") == "en"  # past what is read


def invite(server: Server, name: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "kobito_tui.cli", "serve", "invite", "--data-dir", str(server.data_dir), name],
        capture_output=True, text=True, timeout=30, check=True,
    )  # fmt: skip  # arguments grouped a few a line by meaning
    return done.stdout.strip()


async def test_an_invite_link_signs_in_once_by_name_and_its_cookie_comes_back(web):
    link = invite(web, "Ivy")
    assert link.startswith(web.url + "/invite/")
    page, thief = Page(web.url), Page(web.url)
    try:
        shown = await page.http.get(link)
        assert shown.status == 200 and "Ivy" in await shown.text()  # looking does not spend it (a chat's preview)
        forged = await page.http.post(link, headers={"Origin": "http://evil.example"}, allow_redirects=False)
        assert forged.status == 403
        used = await page.http.post(link, headers={"Origin": web.url}, allow_redirects=False)
        assert used.status == 303 and "SameSite=Strict" in used.headers["Set-Cookie"]
        for again in (page, thief):
            spent = await again.http.post(link, headers={"Origin": web.url}, allow_redirects=False)
            assert spent.status == 410 and "used or has expired" in await spent.text()
            assert (await again.http.get(link)).status == 410
        for bad in ("x", "A" * 43 + "%0a", "A" * 5000):
            assert (await page.http.get(f"{web.url}/invite/{bad}")).status in (404, 410)
        await page.connect()
        await page.until("Ivy")  # no name asked: the link's
        assert NAME_PROMPT not in page.text()
    finally:
        await page.close()
        await thief.close()


@pytest.mark.parametrize(("cap", "why"), [("--per-address", "too many sessions"), ("--web-sessions", "as many players as it can take")])
async def test_caps_refuse_in_the_page_with_the_reason_and_free_their_place(data_dir, cap, why):
    server = started(data_dir, cap, "1")
    first, second = Page(server.url), Page(server.url)
    try:
        await first.open()
        await first.connect()
        await first.until(NAME_PROMPT)
        await second.open()
        await second.connect()
        code, reason = await second.ended()
        assert code == 4000 and why in reason and why in second.text()
        await first.close()
        for _ in range(100):  # the first session's place comes back once its program has ended
            third = Page(server.url)
            await third.open()
            await third.connect()
            await third.until("")
            try:
                await third.until(NAME_PROMPT, timeout=2)
                break
            except AssertionError:
                await third.close()
        else:
            raise AssertionError("the first session's place never came back")
        await third.close()
    finally:
        await second.close()
        server.stop()


async def test_an_idle_session_says_why_in_the_page(data_dir):
    server = started(data_dir, "--idle-timeout", "1.5")
    idle = Page(server.url)
    try:
        await idle.open()
        await idle.connect()
        await idle.until("closed after being idle", timeout=15)
        assert (await idle.ended())[0] == 1000
    finally:
        await idle.close()
        server.stop()


async def test_a_stopping_server_says_so_in_the_page(data_dir):
    server = started(data_dir)
    busy = Page(server.url)
    try:
        await busy.open()
        await busy.connect()
        await busy.until(NAME_PROMPT)
        stopping = asyncio.get_running_loop().run_in_executor(None, server.stop)
        await busy.until("the server is stopping", timeout=15)
        assert (await busy.ended())[0] == 1000
        assert await stopping == 0
    finally:
        await busy.close()
        server.stop()


def test_a_cookie_is_one_seat_a_forged_one_is_none(tmp_path):
    SqliteStore(tmp_path / "tables.sqlite").close()
    invites = Invites(tmp_path / "tables.sqlite")
    door = WebDoor(tmp_path / "hub.sock", WebSettings(), None, None, invites)  # type: ignore[arg-type]
    token = new_token()
    guest = door.guests.add(token, "127.0.0.1")  # made when its page opened its websocket
    assert guest is not None and re.fullmatch(r"guest:[0-9a-f]{16}", guest.identity)

    async def seat_of(cookie: str):
        return await door._seat(cookie)

    assert asyncio.run(seat_of(token)) == BrowserSeat(guest.identity)  # a reload: the same guest
    assert asyncio.run(seat_of("x" * 43)) is None  # nobody's yet (a websocket would make it a new guest's)
    link, _ = invites.invite("Ivy")
    session = "s" * 43
    assert invites.redeem(link, session).name == "Ivy" and invites.redeem(link, "t" * 43) is None
    assert asyncio.run(seat_of(session)) == BrowserSeat(invites.session(session).identity, "Ivy")  # kept in the store, hashed
    kept = b"".join(path.read_bytes() for path in tmp_path.glob("tables.sqlite*"))
    assert session.encode() not in kept and link.encode() not in kept
    now = [1000.0]
    invites.clock = lambda: now[0]
    late, _ = invites.invite("Late", ttl_s=60)
    now[0] += 61
    assert invites.peek(late) is None and invites.redeem(late, "u" * 43) is None  # expired
    invites.close()


def test_the_hub_takes_a_browsers_guest_and_a_web_identity_and_nothing_like_them(web):
    guest = "guest:" + "0123456789abcdef"
    ann = web.connect(guest, "Gus")
    table = ann.create("kobito", ["open", "open", "open"])
    ann.join(table, 0)
    ann.close()
    back = web.connect(guest, "Gus")  # a reload: the same guest, its seat its own
    assert back.join(table, 1).id == "one-seat-each"
    assert web.connect("web:" + "a" * 32, "Webby").name == "Webby"
    for forged in ("guest:zz", "guest:" + "0" * 17, "web:x", "web:" + "A" * 32, "root"):
        with pytest.raises(HubClosed):
            HubConnection(web.socket, forged, "Mallory", timeout=5)


async def test_a_keyed_player_asks_in_the_lobby_for_a_link_and_keeps_their_name_in_the_browser(web):
    keyed = web.connect(KEY_ANN, "Keya")
    link = keyed.web_link()
    assert isinstance(link, str) and link.startswith(web.url + "/invite/")
    assert web.connect("guest", "Gus").web_link().id == "link-for-guests"
    page = Page(web.url)
    try:
        used = await page.http.post(link, headers={"Origin": web.url}, allow_redirects=False)
        assert used.status == 303
        await page.connect()
        await page.until("you are Keya")  # the key's own name, no question asked
    finally:
        await page.close()


def test_without_a_web_door_there_is_no_link(server):
    assert server.connect(KEY_ANN, "Keya").web_link().id == "no-web-door"


async def test_the_door_speaks_tls_itself_with_a_secure_cookie(data_dir):
    if shutil.which("openssl") is None:
        if os.environ.get("CI"):
            raise AssertionError("CI must have openssl")
        pytest.skip("needs openssl to make a certificate")
    cert, key = data_dir / "cert.pem", data_dir / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "1",
         "-subj", "/CN=127.0.0.1", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True, timeout=30,
    )  # fmt: skip  # arguments grouped a few a line by meaning
    server = started(data_dir, "--tls-cert", str(cert), "--tls-key", str(key))
    page = Page(server.url)
    try:
        assert server.url.startswith("https://127.0.0.1:")
        response = await page.open()
        assert "Secure" in response.headers["Set-Cookie"] and response.headers["Strict-Transport-Security"] == "max-age=31536000"
        await page.connect()
        await page.until(NAME_PROMPT)
        with pytest.raises(aiohttp.WSServerHandshakeError):
            await page.connect(origin=server.url.replace("https:", "http:"))
    finally:
        await page.close()
        server.stop()


async def test_the_title_names_the_table_and_a_guest_back_keeps_their_name(data_dir):
    web = started(data_dir)  # a lobby of her table alone: j is hers
    page = Page(web.url)
    try:
        await page.open()
        await page.connect()
        await page.until(NAME_PROMPT)
        await page.keys("Wren\r")
        await page.until("you are Wren")
        assert page.titles == ["Kobito · lobby — kobito"]
        await page.keys("n")
        await page.until("New table")
        await page.keys("\x13")  # Ctrl+S: the table is set, she sits in seat 1
        await page.until("(you)")
        at = page.titles[-1]
        assert re.fullmatch(r"(\(1\) Your move — )?Kobito · table \S+ — kobito", at), page.titles  # her move, maybe
        await page.ws.close()  # a reload: the same cookie, a new session
        page.screen.reset()
        page.closed, page.titles = None, []
        await page.connect()
        shown = await page.until("(you)")  # no question (the name she gave), and back at her seat: she dropped from it
        assert NAME_PROMPT not in shown and "Wren2" not in shown
        mine = re.compile(r"(\(1\) Your move — )?")  # her move or not: the place is what counts
        assert mine.sub("", page.titles[0], count=1) == "Kobito · lobby — kobito"
        await page.until_title(lambda: mine.sub("", page.titles[-1], count=1) == mine.sub("", at, count=1))
    finally:
        await page.close()
        web.stop()


def test_a_title_is_plain_bounded_text_in_the_players_words(tmp_path):
    door = WebDoor(tmp_path / "hub.sock", WebSettings(title="Tables\x1b]2;pwned\x07" + "x" * 300), None, None, None)  # type: ignore[arg-type]
    said = door.title(translator("uk"), "7\n<b>")
    assert said.startswith(translator("uk")("Kobito · table {table}", table=printable("7\n<b>"))) and len(said) <= 120
    assert "\x1b" not in said and "\x07" not in said and "\n" not in said
    assert door.title(translator("en"), None).startswith("Kobito · lobby — Tables")


def test_the_hub_says_where_an_identity_sits_and_remembers_a_browser_guests_name_bounded(data_dir, monkeypatch):
    monkeypatch.setattr(hub_module, "MAX_GUEST_NAMES", 2)
    moves: list[tuple[str, str | None]] = []
    with running_hub(data_dir) as hub:
        hub.on_place = lambda identity, table: moves.append((identity, table))
        gus = HubConnection(hub.socket_path, "guest:" + "1" * 16, "Gus", timeout=5)
        table = gus.create("kobito", ["open", "open"])
        assert isinstance(table, str), table
        gus.join(table, 0)
        gus.leave()
        eventually(lambda: len(moves) == 2)
        assert moves == [("guest:" + "1" * 16, table), ("guest:" + "1" * 16, None)]
        assert hub.guest_name("guest:" + "1" * 16) == "Gus"
        HubConnection(hub.socket_path, "guest", "Sshy", timeout=5).close()  # someone new each time: not kept
        assert list(hub.guest_names) == ["guest:" + "1" * 16]
        for n in "23":
            HubConnection(hub.socket_path, "guest:" + n * 16, "Guest" + n, timeout=5).close()
        assert list(hub.guest_names) == ["guest:" + "2" * 16, "guest:" + "3" * 16]  # the oldest went
        assert hub.guest_name("guest:" + "1" * 16) == ""
        gus.close()
