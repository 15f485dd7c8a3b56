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
    """The page's title once it starts with ``start`` (the door sends it beside the terminal's frames); but for a
    ``start`` that is the count itself, without the count of tables waiting for a move ("(1) Your move — ")."""
    script = "([start, counted]) => (counted ? document.title : document.title.replace(COUNT, '')).startsWith(start)"
    script = script.replace("COUNT", r"/^\(\d+\) Your move — /")
    tab.page.wait_for_function(script, arg=[start, start.startswith("(")], timeout=20_000)
    title = tab.page.title()
    return title if start.startswith("(") else re.sub(r"^\(\d+\) Your move — ", "", title)


def test_a_reload_lands_back_at_the_same_seat_by_the_same_name_and_the_title_names_the_table(tabs):
    web = tabs()
    web.name("Web")
    assert titled(web, "Kobito · lobby") == "Kobito · lobby — kobito"
    hand = sit_with_a_computer(web)
    at = titled(web, "Kobito · table ")
    web.reload()
    shown = web.wait(r"Your name at the tables|Web \(you\)").group(0)  # the same guest (the cookie), back at her seat
    assert shown != "Your name at the tables" and "you are Web2" not in web.shown()  # the name she gave is kept
    again = web.wait(r"Hand ((?:\d+:\S+ ?)+)").group(1).strip()
    assert again.replace("│", "") == hand.replace("│", "")  # the same seat: the same cards (framed or not, as the page's size is)
    assert titled(web, "Kobito · table ") == at


def test_the_tabs_title_counts_the_tables_waiting_for_the_players_move(tabs, door):
    import random

    from serve.helpers import KEY_BOB, eventually, play_until

    bob = door.connect(KEY_BOB, "Bob")
    try:
        table = bob.create("treasure", ["open", "open"], {"first_player": 0})  # Bob first: the move comes to Web
        seat = bob.join(table, 0)
        web = tabs()
        web.name("Web")
        web.wait(table)
        web.press("j")  # the only table: Web takes its open seat
        eventually(lambda: bob.tables[table].seats[1].name == "Web", 20)
        assert titled(web, "Kobito · table ") == f"Kobito · table {table} — kobito"
        web.press("Control+p")
        web.wait("Search")
        web.type("Lobby")
        web.press("Enter")
        eventually(lambda: not bob.tables[table].seats[1].connected, 20)  # in the lobby: away from the table
        play_until([seat], random.Random(1), lambda u: u.to_act == 1 or u.over)
        assert titled(web, "(1) Your move") == "(1) Your move — Kobito · lobby — kobito"
        web.wait("your move")  # and the lobby's row says it
    finally:
        bob.close()
