"""Who sits where, in the browser: a spectator sees no hand; a reload comes back to the same seat."""

from __future__ import annotations

import re

HAND_LINE = r"Hand \d+:"


def sit_with_a_computer(player) -> str:
    """A new table from the lobby, the player's seat 1 open and seat 2 a computer: the game begins; their hand."""
    player.press("n")
    player.wait(r"New table")
    player.press("Control+s")
    player.wait(r"you sit in seat 1|\(you\)")
    return player.wait(r"Hand ((?:\d+:\S+ ?)+)").group(1).strip()


def test_a_spectator_in_another_browser_context_sees_the_table_and_no_hand(tabs):
    web, sam = tabs(), tabs()
    web.name("Web")
    hand = sit_with_a_computer(web)
    sam.name("Sam")
    sam.wait(r"Web, computer")
    sam.press("w")
    sam.wait(r"Web\s+hand 5 ")  # only how many cards she holds
    assert not re.search(HAND_LINE, sam.shown()) and "(you)" not in sam.shown()
    assert not [line for line in sam.ever if re.search(HAND_LINE, line) or hand in line]  # never, in any frame
    assert [line for line in web.ever if hand in line]  # (where the hand is, the check finds it)


def titled(tab, start: str) -> str:
    """The page's title, once it starts with ``start`` (the door sends it beside the terminal's frames)."""
    tab.page.wait_for_function("(start) => document.title.startsWith(start)", arg=start, timeout=20_000)
    return tab.page.title()


def test_a_reload_comes_back_to_the_same_seat_by_the_same_name_and_the_title_names_the_table(tabs):
    web = tabs()
    web.name("Web")
    assert titled(web, "Kobito · lobby") == "Kobito · lobby — kobito"
    hand = sit_with_a_computer(web)
    at = titled(web, "Kobito · table ")
    web.reload()
    shown = web.wait(r"Kobito tables · you are Web|Your name at the tables|Web \(you\)").group(0)
    assert shown != "Your name at the tables" and "you are Web2" not in web.shown()  # the name she gave is kept
    if "(you)" not in web.shown():
        web.wait(r"Web \(away\), computer")  # the lobby shows the seat as theirs, away
        web.press("j")  # no code asked: the cookie is the same guest
    web.wait(r"Web \(you\)")
    assert web.wait(r"Hand ((?:\d+:\S+ ?)+)").group(1).strip() == hand  # the same seat: the same cards
    assert titled(web, "Kobito · table ") == at
