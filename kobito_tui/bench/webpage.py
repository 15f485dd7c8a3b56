"""The web door's page in a real Chromium (Debian's, driven by Playwright): what it shows, keys typed into it.

Shared by ``kobito bench web`` and the browser tests (tests/web).  The page's
terminal (xterm.js, drawn on a canvas) is read from what it was sent, not from
xterm.js's insides (the probe below only times its writes): every binary websocket frame
goes through a terminal emulator (pyte) of the page's size, as xterm.js
itself receives it.  When it was *painted* is measured in the page: a probe
script stamps each binary frame as it arrives and, by xterm.js's write
callback, the animation frame that draws it (:data:`PAINT_PROBE`); keys are
stamped as they go down.  Every request the page makes is logged, and any not to the
server is refused there (nothing may come from outside).

Playwright's own browser download is not used: :data:`CHROMIUM` (Debian's,
or ``$KOBITO_CHROMIUM``) is launched by path, with a fresh profile, no sandbox (tests run as root) and no
background traffic of Chromium's own.
"""

from __future__ import annotations

import json
import os
import re
import time
from typing import Any, NamedTuple
from urllib.parse import parse_qs, urlsplit

import pyte

CHROMIUM = os.environ.get("KOBITO_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox", "--headless=new", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip  # a table: one row a line
WAIT_S = 20.0  # an app starting in a loaded machine takes seconds
QUIET_MS = 50.0  # a key's burst of frames has ended after this much silence
FIRST_S = 5.0  # the first frame after a key may be this late (a stall is a slow sample, not a silent key)

# Runs in the page before its own scripts.  Frames are stamped as they arrive
# (our message listener is added first, so it runs before textual.js hands the
# bytes to xterm.js).  Painted is xterm.js's own word: textual.js keeps its
# Terminal as ``this.terminal``, caught here by a setter on Object.prototype
# (the probe's only, the page has none); each write's callback (the bytes
# parsed into the terminal's buffer, which asked for its render on the next
# animation frame as it parsed) asks for an animation frame of its own, which
# therefore runs in that same frame just after xterm.js drew the screen: that
# is "painted".  A message posted from there is taken once the browser has
# also done its own rendering of that frame (style, layout, paint: the frame
# handed on to the compositor), "rendered", given beside.  No timer or
# polling stands between: a frame the page would show late counts late.
PAINT_PROBE = """
(() => {
  const probe = {keys: [], arrived: [], written: 0, painted: [], renders: [], terminal: false, painting: null};
  window.__kobitoProbe = probe;
  addEventListener("keydown", () => probe.keys.push(performance.now()), true);
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        if (typeof event.data !== "string") probe.arrived.push(performance.now());
      });
    }
  };
  Object.defineProperty(Object.prototype, "terminal", {
    configurable: true,
    set(value) {
      Object.defineProperty(this, "terminal", {value, writable: true, configurable: true, enumerable: true});
      if (!value || typeof value.write !== "function" || typeof value.onRender !== "function") return;
      probe.terminal = true;
      value.onRender(() => probe.renders.push(performance.now()));  // (for the tests: painted is after a render)
      const write = value.write.bind(value);
      value.write = (data, done) => {
        const arrived = probe.arrived[probe.written++];
        write(data, () => {
          const parsed = performance.now();
          requestAnimationFrame(() => {
            const drawn = performance.now(), after = new MessageChannel();
            after.port1.onmessage = () => {
              probe.painted.push([arrived, parsed, drawn, performance.now()]);
              if (probe.painting) probe.painting();
            };
            after.port2.postMessage(null);
          });
          if (done) done();
        });
      };
    },
  });
})();
"""

# Waits in the page for the last key's burst of frames to end, all of them painted: from the key going down,
# the first frame's arrival, the last's arrival, its bytes parsed, and it painted (milliseconds).
KEY_TIMING = """
([quietMs, firstMs]) => new Promise((resolve, reject) => {
  const probe = window.__kobitoProbe, key = probe.keys[probe.keys.length - 1];
  if (!probe.terminal) return reject(new Error("the probe found no xterm.js terminal in the page (has textual.js changed?)"));
  let timer;
  const look = () => {  // at the start, at each paint, and when the burst may have ended: no polling
    clearTimeout(timer);
    const now = performance.now(), arrived = probe.arrived.filter((t) => t > key);
    const painted = probe.painted.filter(([t]) => t > key);
    if (!arrived.length) {
      if (now - key > firstMs) { probe.painting = null; return resolve(null); }
      timer = setTimeout(look, firstMs - (now - key) + 1);
      return;
    }
    const quiet = quietMs - (now - arrived[arrived.length - 1]);
    if (quiet < 0 && painted.length === arrived.length) {
      probe.painting = null;
      return resolve([arrived[0] - key, ...painted[painted.length - 1].map((t) => t - key)]);
    }
    if (quiet >= 0) timer = setTimeout(look, quiet + 1);  // (else a frame yet to be painted calls look when it is)
  };
  probe.painting = look;
  look();
})
"""


# A key sent by the page itself (``[keyCode, quietMs, firstMs]``): a keydown dispatched on xterm.js's own
# input, then :data:`KEY_TIMING`.  No driver's traffic (Playwright's input, its acks) runs beside the round
# trip, as none of the bench's runs beside the SSH side's; but neither does the browser's own handling of a
# trusted key after it (its default action): a lower bound of the page's part, never its measure.
DISPATCHED_KEY_TIMING = (
    """
async ([keyCode, quietMs, firstMs]) => {
  const key = {38: "ArrowUp", 40: "ArrowDown"}[keyCode];
  const init = {key, code: key, keyCode, which: keyCode, bubbles: true, cancelable: true};
  document.querySelector("textarea.xterm-helper-textarea").dispatchEvent(new KeyboardEvent("keydown", init));
  return await ("""
    + KEY_TIMING.strip()
    + """)([quietMs, firstMs]);
}
"""
)
KEY_CODES = {"ArrowUp": 38, "ArrowDown": 40}  # the keys :meth:`WebTerminal.dispatched_key_timing` sends


class KeyTiming(NamedTuple):
    """Milliseconds from a key going down in the page to: its first frame arriving, the last frame of its burst
    arriving, that frame parsed by xterm.js, painted (xterm.js drew it, in its animation frame) and that frame
    rendered by the browser (:data:`PAINT_PROBE`)."""

    first: float
    last: float
    parsed: float
    painted: float
    rendered: float


def launch(playwright: Any) -> Any:
    """Debian's Chromium, headless, a fresh profile of its own."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)


def _size(url: str) -> tuple[int, int]:
    """The columns and rows the page asked for in its websocket's address (80×24 if it did not say)."""
    query = parse_qs(urlsplit(url).query)
    return int(query.get("width", ["80"])[0]), int(query.get("height", ["24"])[0])


class WebTerminal:
    """One tab of the web door: its terminal as text, keys into it, the requests it made.

    ``base`` is the server's address (``http://host:port``); ``ever`` keeps
    every line the terminal ever showed (after each frame), for what must never
    reach this page.  Without ``emulate`` (many tabs at once: the emulator is
    slow) what it shows is only the text it was sent.
    """

    def __init__(self, context: Any, base: str, emulate: bool = True) -> None:
        self.base, self.emulate = base.rstrip("/"), emulate
        self.raw = ""  # without ``emulate``: all it was sent, as text (enough for a few words; cheap for many tabs)
        self.requests: list[str] = []
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.ever: set[str] = set()
        self.websocket = ""  # the address of the page's websocket, once it has opened one
        self.closed = False
        self.held: list[bytes] | None = None  # frames not yet read (:meth:`hold`)
        self.page = context.new_page()
        self.page.add_init_script(PAINT_PROBE)
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.route(lambda url: not self._ours(url), lambda route: route.abort())
        self.page.on("websocket", self._attach)

    def _ours(self, url: str) -> bool:
        parts, base = urlsplit(url), urlsplit(self.base)
        return parts.scheme in ("http", "ws") and parts.netloc == base.netloc

    def outside(self) -> list[str]:
        """Every request this tab made to anything but the server (each was refused)."""
        return [url for url in self.requests if not self._ours(url)]

    def _attach(self, websocket: Any) -> None:
        self.websocket = websocket.url
        self.screen.reset()
        self.screen.resize(*reversed(_size(websocket.url)))
        self.closed = False
        websocket.on("framereceived", self._received)
        websocket.on("framesent", self._sent)
        websocket.on("close", lambda _: setattr(self, "closed", True))

    def _received(self, frame: bytes | str) -> None:
        if isinstance(frame, bytes) and self.held is not None:
            self.held.append(frame)
        elif isinstance(frame, bytes) and self.emulate:
            self.stream.feed(frame)
            self.ever.update(self.screen.display)
        elif isinstance(frame, bytes):
            self.raw += frame.decode("utf-8", "replace")

    def hold(self) -> None:
        """Keep the frames unread until :meth:`release`: while keys are timed, the emulator (slow, in Python)
        must not take the machine from the page and the server at the moment they work."""
        self.held = []

    def release(self) -> None:
        held, self.held = self.held or [], None
        for frame in held:
            self._received(frame)

    def _sent(self, frame: bytes | str) -> None:
        if isinstance(frame, str) and frame.startswith('["resize"'):
            size = json.loads(frame)[1]
            self.screen.resize(size["height"], size["width"])

    def open(self, path: str = "/", wait: bool = True) -> WebTerminal:
        """Go to the page; unless ``wait`` is false (many tabs at once), until it has loaded and has the keys."""
        self.page.goto(self.base + path, wait_until="load" if wait else "commit")
        if wait:
            self.focus()
        return self

    def focus(self) -> None:
        """Keys go to the terminal, as after a click."""
        self.page.wait_for_selector("textarea.xterm-helper-textarea", state="attached", timeout=WAIT_S * 1000)
        self.page.focus("textarea.xterm-helper-textarea")

    def reload(self) -> None:
        self.page.reload()
        self.focus()

    def shown(self) -> str:
        if not self.emulate:
            return self.raw
        return "\n".join(line.rstrip() for line in self.screen.display)

    def wait(self, pattern: str, timeout: float = WAIT_S) -> re.Match[str]:
        """Wait until ``pattern`` is on the page's terminal (frames arrive while Playwright waits)."""
        deadline = time.monotonic() + timeout
        while not (match := re.search(pattern, self.shown())):
            if time.monotonic() > deadline:
                raise AssertionError(f"{pattern!r} never showed in the page:\n{self.shown()}")
            self.page.wait_for_timeout(20)
        return match

    def press(self, *keys: str) -> None:
        """Playwright's key names: ``Enter``, ``ArrowDown``, ``Control+s``, ``n``."""
        for key in keys:
            self.page.keyboard.press(key)

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)

    def name(self, name: str) -> None:
        """Answer the guest's name prompt (the name offered is replaced) and reach the lobby."""
        self.wait(r"Your name at the tables")
        self.type(name)
        self.press("Enter")
        self.wait(rf"Kobito tables · you are {re.escape(name)}")

    def key_timing(self, quiet_ms: float = QUIET_MS) -> KeyTiming:
        """After a key: when its frames came back and were painted (the burst ends when ``quiet_ms`` pass without one)."""
        return self._timing(KEY_TIMING, [quiet_ms, FIRST_S * 1000])

    def _timing(self, script: str, args: list[float]) -> KeyTiming:
        found = self.page.evaluate(script, args)
        if found is None:
            raise TimeoutError(f"no frame came within {FIRST_S} s of the key")
        return KeyTiming(*(float(value) for value in found))

    def timed_key(self, key: str) -> KeyTiming:
        """``key`` pressed and timed (:meth:`key_timing`), released only then: a player's finger leaves the key
        long after its screen came, so the browser's keyup (a round trip of the driver's) is not in the window."""
        self.page.keyboard.down(key)
        try:
            return self.key_timing()
        finally:
            self.page.keyboard.up(key)

    def dispatched_key_timing(self, key: str) -> KeyTiming:
        """:meth:`key_timing` of ``key`` (one of :data:`KEY_CODES`) sent by the page itself
        (:data:`DISPATCHED_KEY_TIMING`): the driver's share of the page's part, by difference."""
        return self._timing(DISPATCHED_KEY_TIMING, [KEY_CODES[key], QUIET_MS, FIRST_S * 1000])

    def close(self) -> None:
        self.page.close()
