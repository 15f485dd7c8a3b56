"""An invite link (`kobito serve invite NAME`) signs one browser in, once."""

from __future__ import annotations

import subprocess
import sys

from serve.helpers import SSH, Terminal

from kobito_tui.bench.webpage import WebTerminal

from .helpers import key_file


def invite(door, name: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "kobito_tui.cli", "serve", "invite", "--data-dir", str(door.data_dir), name],
        capture_output=True, text=True, check=True, timeout=30,
    )  # fmt: skip  # arguments grouped a few a line by meaning
    link = done.stdout.strip()
    assert link.startswith(door.base + "/invite/"), done
    return link


def test_an_invite_link_signs_one_browser_in_as_its_name_and_then_no_other(browser, door, tabs):
    link = invite(door, "Mia")
    first = browser.new_context()
    try:
        mia = WebTerminal(first, door.base)
        answer = mia.page.goto(link)
        assert answer.status == 200 and "Mia" in mia.page.inner_text("body")
        mia.page.click("button[type=submit]")  # (only the button spends it: a link's preview must not)
        mia.page.wait_for_url(door.base + "/")
        mia.open()
        mia.wait(r"Kobito tables · you are Mia")  # no name asked: the link said who
        assert "Your name at the tables" not in "".join(mia.ever)
        mia.reload()
        mia.wait(r"Kobito tables · you are Mia")  # the cookie keeps her signed in
        assert not mia.outside()
    finally:
        first.close()
    again = browser.new_context()
    try:
        late = again.new_page()
        assert late.goto(link).status == 410  # used: another browser is not let in with it
        assert "used or has expired" in late.inner_text("body")
        spent = again.request.post(link, headers={"Origin": door.base}, max_redirects=0)
        assert spent.status == 410 and not [c for c in again.cookies() if c["name"] == "kobito_session"]
    finally:
        again.close()


def test_a_keyed_ssh_player_asks_the_lobby_for_a_link_and_comes_in_by_the_browser_as_herself(browser, door, data_dir):
    key = key_file(data_dir)
    ann = Terminal(
        f"{data_dir.name}-link", [*SSH, "-tt", "-p", str(door.port), "-i", str(key), "ann@127.0.0.1", ";", "sleep", "30"], 100, 30
    )
    context = browser.new_context()
    try:
        ann.wait(r"Kobito tables · you are ann")
        ann.type("C-p")
        ann.wait(r"Search for commands")
        ann.type("Browser link")
        ann.wait(r"Browser link")
        ann.type("Enter")
        link = ann.wait(r"(http://127\.0\.0\.1:\d+/invite/[A-Za-z0-9_-]{20,})").group(1)
        her = WebTerminal(context, door.base)
        her.page.goto(link)
        assert "ann" in her.page.inner_text("body")
        her.page.click("button[type=submit]")
        her.page.wait_for_url(door.base + "/")
        her.open()
        her.wait(r"Kobito tables · you are ann")  # her key's identity, through the other door
        assert not her.outside()
    finally:
        context.close()
        ann.close()
