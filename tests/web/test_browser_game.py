"""A browser player and an OpenSSH player (in tmux) at one table of the web door's server, to the end of a game.

A whole game takes some 250 moves: protocol clients in the players' names
play it fast to its last gold card, then leave; the two players come back to
their seats (the browser's by its seat code, Ann's by her key) and play it out
through their screens, each asking the hint and playing it.
"""

from __future__ import annotations

import random
import re
import subprocess
import time

import pytest
from serve.helpers import SSH, Terminal, play_until

from .helpers import key_file

HAND = r"Hand ((?:\d+:\S+ ?)+)"
OVER = r"The winner is|You win|share the win"
HINTED = r"Enter plays it|press e"


@pytest.fixture
def key(data_dir):
    return key_file(data_dir)


def ssh_identity(key) -> str:
    """The hub's identity for a key, as the SSH door names it."""
    done = subprocess.run(["ssh-keygen", "-l", "-E", "sha256", "-f", str(key)], capture_output=True, text=True, check=True)
    return "key:" + done.stdout.split()[1]


def ssh_player(door, key, tag: str, user: str = "ann") -> Terminal:
    return Terminal(
        f"{tag}-{user}",
        [
            *SSH,
            "-tt",
            "-p",
            str(door.port),
            "-i",
            str(key),
            "-o",
            "PreferredAuthentications=publickey",
            f"{user}@127.0.0.1",
            ";",
            "sleep",
            "30",
        ],
        100,
        30,
    )


def near_the_end(door, key) -> tuple[str, str]:
    """A table whose seats are Web's (a guest) and Ann's, played to its last gold card (the next pot won ends it):
    its id and Web's seat code."""
    web, ann = door.connect("guest", "Web"), door.connect(ssh_identity(key), "ann")
    table = web.create("kobito", ["open", "open"], {"first_player": 0})
    seats = [web.join(table, 0), ann.join(table, 1)]
    # Both hands hold cards where it stops, so each player has a hand on screen before the first move.
    play_until(seats, random.Random(7), lambda update: update.view.gold_left == 0 and all(update.view.hand_sizes))
    code = seats[0].code
    web.close()
    ann.close()
    return table, code


def play_the_hint(press, wait, shown) -> None:
    """Ask the hint (again if it came for a table since changed: the app drops it) and play it;
    when nothing fits and penalty cards are due, give the first ones of the hand."""
    due = re.search(r"You must take (\d+) penalty card", shown())
    if due:
        press(*(str(card) for card in range(1, int(due.group(1)) + 1)))  # 1–9 picks a hand card
        wait(r"press e", timeout=5)
        press("e")
        wait(r"\A(?![\s\S]*You must take)", timeout=5)  # the turn ended
        return
    for _ in range(3):
        press("?")
        try:
            status = wait(HINTED, timeout=8).group(0)  # the hub's thinkers may be busy with other tables' computers
            break
        except AssertionError:
            continue
    else:
        raise AssertionError("no hint came:\n" + shown())
    press("Enter" if status == "Enter plays it" else "e")
    try:
        wait(rf"\A(?![\s\S]*(?:{HINTED}))", timeout=3)  # played: the status line moves on
    except AssertionError:
        pass  # (the same hint again, for the next card)


def hand(shown: str) -> str | None:
    match = re.search(HAND, shown)
    return match.group(1).strip() if match else None


def hands(shown: str) -> set[str]:
    """Every whole hand shown (a hand of one 2, "1:2", is not the start of another's "1:2 2:6 …")."""
    return {match.strip() for match in re.findall(HAND, shown)}


def test_a_browser_player_and_an_ssh_player_finish_a_game_each_seeing_only_their_own_hand(door, tabs, key, data_dir, artefacts):
    table, code = near_the_end(door, key)
    ann = ssh_player(door, key, data_dir.name)
    try:
        web = tabs()
        web.name("Web")
        web.press("r")
        web.wait(r"Your seat code")
        web.type(code)
        web.press("Enter")
        web.wait(r"Web \(you\)")
        ann.wait(r"ann \(you\)")  # her key brings her back to the seat she dropped from
        web.wait(HAND)
        ann.wait(HAND)  # both hands drawn before the first move (the last pot may be won at once)
        seen, last_mine = 0, None
        hers_ever: set[str] = set()
        deadline = time.monotonic() + 60
        while not (re.search(OVER, web.shown()) and re.search(OVER, ann.screen())):
            assert time.monotonic() < deadline, f"the game did not end:\n{web.shown()}\n{ann.screen()}"
            web_shown, ann_shown = web.shown(), ann.screen()
            mine, hers = hand(web_shown), hand(ann_shown)
            if mine and hers:
                assert mine not in hands(ann_shown) and hers not in hands(web_shown)  # each sees only their own hand
                hers_ever.add(hers)
                seen, last_mine = seen + 1, mine
                if seen == 1:
                    web.page.screenshot(path=artefacts / "web-door-game.png")  # the game page, kept
            if "▶ Web (you)" in web_shown:
                play_the_hint(web.press, web.wait, web.shown)
            elif "▶ ann (you)" in ann_shown:
                play_the_hint(ann.type, ann.wait, ann.screen)
            web.page.wait_for_timeout(50)
        assert any(f"Hand {last_mine}" in line for line in web.ever)  # (what the check below looks for, found where it may be)
        assert seen and not [line for line in web.ever if hands(line) & hers_ever]  # her cards never reached the page
    finally:
        ann.close()
