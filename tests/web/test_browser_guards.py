"""The door's guards, seen from a browser's place: a websocket from another site's page is refused."""

from __future__ import annotations

import base64
import http.client
import os
from urllib.parse import urlsplit


def handshake(url: str, origin: str, cookies: str) -> int:
    """The status a websocket handshake to ``url`` gets, sent as a page at ``origin`` would send it."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    try:
        connection.request(
            "GET",
            parts.path + ("?" + parts.query if parts.query else ""),
            headers={
                "Upgrade": "websocket",
                "Connection": "Upgrade",
                "Sec-WebSocket-Key": base64.b64encode(os.urandom(16)).decode(),
                "Sec-WebSocket-Version": "13",
                "Origin": origin,
                "Cookie": cookies,
            },
        )
        return connection.getresponse().status
    finally:
        connection.close()


def test_a_websocket_from_another_origin_is_refused_and_the_pages_own_is_let_in(tabs, door):
    web = tabs()
    web.wait(r"Your name at the tables")
    cookies = "; ".join(f"{c['name']}={c['value']}" for c in web.page.context.cookies())
    assert handshake(web.websocket, "http://evil.example", cookies) == 403
    assert handshake(web.websocket, "http://127.0.0.1:1", cookies) == 403  # the same host, another port: another origin
    assert handshake(web.websocket, door.base, cookies) == 101  # the same request from the page's own origin
