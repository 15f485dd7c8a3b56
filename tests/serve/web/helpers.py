"""A real `kobito serve --web-port 0` and a browser's side of the web door, spoken from Python."""

from __future__ import annotations

import json
import time
from pathlib import Path

import aiohttp
import pyte

from ..helpers import Server


class WebServer(Server):
    """``kobito serve`` with the web door on a free loopback port too."""

    def __init__(self, data_dir: Path, *extra: str):
        super().__init__(data_dir, "--web-port", "0", *extra)
        line = self.process.stdout.readline()
        if not line.startswith("kobito serve: web "):
            self.process.kill()
            raise RuntimeError(f"no web door: {line!r} {self.read_log()}")
        self.url = line.split()[3].rstrip("/")
        self.web_port = int(self.url.rsplit(":", 1)[1])


class Page:
    """A browser tab: its cookies, and the terminal its websocket draws (a pyte screen)."""

    def __init__(self, url: str, lang: str = "en", width: int = 100, height: int = 30):
        self.url, self.lang, self.width, self.height = url, lang, width, height
        self.http = aiohttp.ClientSession(
            cookie_jar=aiohttp.CookieJar(unsafe=True), headers={"Accept-Language": lang}, connector=aiohttp.TCPConnector(ssl=False)
        )  # a test's own certificate
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.closed: tuple[int | None, str] | None = None  # the close frame's code and reason
        self.titles: list[str] = []  # the page's titles the door sent, in order

    async def open(self, origin: str | None = None) -> aiohttp.ClientResponse:
        response = await self.http.get(self.url + "/")
        await response.read()
        return response

    async def connect(self, origin: str | None = None) -> None:
        headers = {"Origin": self.url if origin is None else origin}
        query = f"?width={self.width}&height={self.height}"
        self.ws = await self.http.ws_connect(self.url + "/ws" + query, headers=headers, max_msg_size=0)

    async def send(self, kind: str, body: object = None) -> None:
        assert self.ws is not None
        await self.ws.send_str(json.dumps([kind, body] if body is not None else [kind]))

    async def keys(self, text: str) -> None:
        await self.send("stdin", text)

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def until(self, wanted: str, timeout: float = 20.0) -> str:
        """Read frames until ``wanted`` is on the screen (or the socket closes: then it must be there)."""
        assert self.ws is not None
        deadline = time.monotonic() + timeout
        while wanted not in self.text():
            left = deadline - time.monotonic()
            if left <= 0 or self.closed is not None:
                raise AssertionError(f"{wanted!r} never showed; closed {self.closed}:\n{self.text()}")
            try:
                message = await self.ws.receive(timeout=left)
            except TimeoutError:
                continue
            self._take(message)
        return self.text()

    async def until_title(self, test, timeout: float = 20.0) -> None:
        """Read frames until ``test()`` holds of the titles come so far."""
        assert self.ws is not None
        deadline = time.monotonic() + timeout
        while not test():
            left = deadline - time.monotonic()
            if left <= 0 or self.closed is not None:
                raise AssertionError(f"no such title; closed {self.closed}: {self.titles}")
            try:
                self._take(await self.ws.receive(timeout=left))
            except TimeoutError:
                continue

    def _take(self, message: aiohttp.WSMessage) -> None:
        """A frame: the terminal's bytes, the door's title, or the close."""
        assert self.ws is not None
        if message.type == aiohttp.WSMsgType.BINARY:
            self.stream.feed(message.data)
        elif message.type == aiohttp.WSMsgType.TEXT:
            said = json.loads(message.data)
            if said[0] == "title":
                self.titles.append(said[1])
        elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING):
            self.closed = (self.ws.close_code, message.extra or "")

    async def ended(self, timeout: float = 20.0) -> tuple[int | None, str]:
        """Read to the close frame: its code and reason."""
        assert self.ws is not None
        deadline = time.monotonic() + timeout
        while self.closed is None:
            self._take(await self.ws.receive(timeout=max(0.01, deadline - time.monotonic())))
        return self.closed

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        await self.http.close()
