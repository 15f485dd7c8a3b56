"""The page itself in Chromium: it reaches the lobby, and asks nothing of any other host."""

from __future__ import annotations

from kobito_tui.bench.webpage import WebTerminal


def test_a_guest_in_the_browser_names_themselves_and_reaches_the_lobby(tabs):
    guest = tabs()
    guest.wait(r"Your name at the tables")
    guest.press("Enter")
    guest.wait(r"cannot be empty")  # a browser offers no name: one must be given
    guest.name("Web")


def test_the_request_log_sees_a_request_to_another_host_and_it_is_refused(browser, door):
    """The guard the other tests rely on (their ``tabs`` fail on any such request) can fail:
    from a blank page (the door's own forbids such requests itself) one to the server and one elsewhere."""
    context = browser.new_context()
    try:
        tab = WebTerminal(context, door.base)
        fetch = "url => fetch(url, {mode: 'no-cors'}).then(() => 'fetched', () => 'refused')"
        assert tab.page.evaluate(fetch, door.base + "/") == "fetched"
        assert tab.page.evaluate(fetch, "http://192.0.2.1/font.css") == "refused"
        assert tab.outside() == ["http://192.0.2.1/font.css"]
        door_page = tab.open()
        assert door_page.page.evaluate(fetch, "http://192.0.2.1/font.css") == "refused"  # the door's page: not even asked
        assert tab.outside() == ["http://192.0.2.1/font.css"]
    finally:
        context.close()


def test_the_page_stamps_a_keys_frames_arriving_and_painted(tabs):
    """What `kobito bench web` measures: a key's first frame comes back, and its last is painted after."""
    guest = tabs()
    guest.wait(r"Your name at the tables")
    guest.page.wait_for_timeout(500)  # the prompt's frames all painted
    guest.type("W")
    timing = guest.key_timing()
    assert 0 < timing.first <= timing.last <= timing.parsed <= timing.painted <= timing.rendered < 5000
    # painted is the frame xterm.js drew it in: xterm.js rendered after the bytes were parsed, before painted
    renders = guest.page.evaluate("() => { const p = window.__kobitoProbe, key = p.keys.at(-1); return p.renders.map((t) => t - key); }")
    assert any(timing.parsed <= when <= timing.painted for when in renders), (timing, renders)
    guest.wait(r"W\s*│")  # (the letter reached the prompt)


def test_a_phone_sized_window_gets_the_app_in_80_columns_and_a_smaller_one_the_apps_ask_for_room(browser, door):
    context = browser.new_context(viewport={"width": 390, "height": 700}, is_mobile=True, has_touch=True)
    try:
        phone = WebTerminal(context, door.base).open()
        phone.wait(r"Your name at the tables")  # the page's smaller font fits the app's 80 columns across
        assert phone.page.title() == "Kobito · lobby — kobito"  # where the player is, the server's name (--web-title)
        assert phone.screen.columns >= 80
        phone.page.set_viewport_size({"width": 300, "height": 500})  # narrower still: the page's terminal follows
        phone.wait(r"Please make it at least 80×24")
        assert not phone.outside()
    finally:
        context.close()


def test_a_stopping_server_says_so_in_the_page(browser, door):
    context = browser.new_context()
    try:
        tab = WebTerminal(context, door.base).open()
        tab.name("Web")
        assert door.stop() == 0
        tab.page.wait_for_selector("body.-closed #ended", state="visible", timeout=15000)  # the page's own line, not only the terminal's
        assert "the server is stopping" in tab.shown() + tab.page.inner_text("#ended")
    finally:
        context.close()


def test_a_key_the_page_sends_itself_moves_the_cursor_and_a_held_key_is_timed_before_its_release(tabs, door):
    """The bench's two other ways of timing a lobby key: sent by the page itself; held down, released once timed."""
    host = door.connect("guest", "Host")
    for _ in range(2):  # rows for the cursor to move over
        host.create("kobito", ["open", "open"])
    host.close()
    guest = tabs()
    guest.name("Keys")
    guest.page.wait_for_timeout(500)  # the lobby's frames all painted
    sent = guest.dispatched_key_timing("ArrowDown")  # (a key that changed nothing would bring no frame: TimeoutError)
    guest.page.evaluate("() => { window.__ups = []; addEventListener('keyup', () => __ups.push(performance.now()), true); }")
    held = guest.timed_key("ArrowUp")
    for timing in (sent, held):
        assert 0 < timing.first <= timing.last <= timing.parsed <= timing.painted <= timing.rendered < 5000
    released = guest.page.evaluate("() => window.__ups.map((t) => t - window.__kobitoProbe.keys.at(-1))")
    assert len(released) == 1 and released[0] >= held.painted
