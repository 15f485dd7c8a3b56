"""Whose move a table waits for: public in every game, so the lobby's rows say it, and a player
is told when a table comes to wait for them (issue 36: your move)."""

from __future__ import annotations

import itertools
import random

from kobito_tui.app.widgets.terminal_notice import osc_notice
from kobito_tui.client.turns import my_seat, waiting, waits_for
from kobito_tui.serve import protocol
from kobito_tui.serve.lobby import Lobby, Room, Visitor
from kobito_tui.serve.store import OVER, PLAYING

from .helpers import KEY_ANN, KEY_BOB, eventually, play_until

ANN, BOB = "key:SHA256:" + "A" * 43, "key:SHA256:" + "B" * 43


def seated_room(lobby: Lobby, *visitors: Visitor) -> Room:
    room = lobby.create(visitors[0], protocol.CreateTable(1, "treasure", ["open"] * len(visitors)))
    assert isinstance(room, Room)
    for seat, visitor in enumerate(visitors):
        lobby.join(visitor, protocol.Join(1, room.table_id, seat, None))
    return room


def test_whose_turn_shows_only_while_the_game_is_played_and_counts_for_its_player():
    ids = (f"t{n}" for n in itertools.count())
    lobby = Lobby(new_id=lambda: next(ids))
    ann, bob = Visitor(ANN, "Ann"), Visitor(BOB, "Bob")
    room = seated_room(lobby, ann, bob)
    room.to_act = 1
    assert room.info().to_act is None and lobby.waiting_for(BOB) == 0  # not begun
    room.status = PLAYING
    assert room.info().to_act == 1 and lobby.waiting_for(BOB) == 1 and lobby.waiting_for(ANN) == 0
    assert waits_for(room.info(), "bob") and not waits_for(room.info(), "Ann")  # names compare as claims do
    assert my_seat(room.info(), "Ann") == 0 and waiting([room.info()], "Bob") == ["t0"]
    room.status = OVER
    assert room.info().to_act is None and lobby.waiting_for(BOB) == 0


def test_a_guests_name_is_held_while_that_guest_sits_connected():
    lobby = Lobby()
    wendy, ann = Visitor("guest:" + "1" * 16, "Wendy"), Visitor(ANN, "Ann")
    room = seated_room(lobby, wendy, ann)
    room.status = PLAYING
    held = lobby.guest_name_held("guest:" + "2" * 16, " wendy")
    assert held is not None and held.id == "name-seated"
    assert lobby.guest_name_held("guest:" + "1" * 16, "Wendy") is None  # her own
    assert lobby.guest_name_held(ANN, "Wendy") is None  # a key's name is the store's to check
    lobby.leave(wendy)  # away: it may be her coming back with her seat code
    assert lobby.guest_name_held("guest:" + "2" * 16, "Wendy") is None


def test_a_desktop_notice_is_one_printable_line():
    said = osc_notice("Your move\x1b[2J at table 1; now\x07")
    assert said.startswith("\x1b]9;") and said.count("\x07") == 2 and "\x1b[" not in said
    assert ";now" not in said.split("\x07")[0][4:]  # a ; would end OSC 777's fields early


def test_the_hub_tells_everyone_whose_turn_it_is_as_it_passes(server):
    ann, bob = server.connect(KEY_ANN, "Ann"), server.connect(KEY_BOB, "Bob")
    table = ann.create("treasure", ["open", "open"])
    seats = [ann.join(table, 0), bob.join(table, 1)]
    watcher = server.connect("guest", "Sam")
    first = seats[0].wait_for(lambda u: u.to_act is not None)
    eventually(lambda: watcher.tables[table].to_act == first.to_act)
    before = first.to_act
    play_until(seats, random.Random(1), lambda u: u.to_act not in (before, None) or u.over)
    now = seats[0].last.to_act
    eventually(lambda: watcher.tables[table].to_act == now)
    name = ["Ann", "Bob"][now]
    assert waiting(watcher.tables.values(), name) == [table] and waiting(watcher.tables.values(), ["Ann", "Bob"][1 - now]) == []
    for connection in (ann, bob, watcher):
        connection.close()


async def test_the_lobby_puts_the_tables_waiting_for_you_first_and_tells_you_when_one_comes(server, data_dir, monkeypatch):
    from textual.widgets import DataTable

    from kobito_tui.app.remote import lobby_app
    from kobito_tui.app.widgets import terminal_notice

    from .test_remote_app import in_lobby, notices, until

    bob, ann = server.connect(KEY_BOB, "Bob"), server.connect(KEY_ANN, "Ann")
    other = bob.create("treasure", ["open", "medium"])  # not Ann's: listed first, as the older
    bob.join(other, 0)
    table = bob.create("treasure", ["open", "open"])
    seats = [bob.join(table, 0), ann.join(table, 1)]  # Ann plays from another terminal too
    first = seats[0].wait_for(lambda u: u.to_act is not None).to_act
    if first == 1:  # Bob's turn first, so that the turn comes to Ann while her app is in the lobby
        play_until(seats, random.Random(2), lambda u: u.to_act == 0 or u.over)
    rung: list[str] = []
    monkeypatch.setattr(terminal_notice.App, "bell", lambda app: rung.append("bell"))
    app = lobby_app(server.socket, KEY_ANN, "Ann", data_dir / "saves")
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: in_lobby(app) and app.screen.query_one(DataTable).row_count == 2)
        grid = app.screen.query_one(DataTable)
        assert [str(grid.get_row_at(row)[2]) for row in range(2)] == ["playing", "playing"]
        play_until(seats, random.Random(3), lambda u: u.to_act == 1 or u.over)
        await until(pilot, lambda: any("Your move at table" in n for n in notices(app)))
        assert rung == ["bell"]
        rows = [grid.get_row_at(row) for row in range(grid.row_count)]
        assert str(rows[0][0]) == table and str(rows[0][2]) == "your move" and str(rows[1][2]) == "playing"
    async with lobby_app(server.socket, KEY_ANN, "Ann", data_dir / "saves").run_test(size=(100, 30)) as pilot:
        from textual.widgets import Static

        again = pilot.app
        await until(
            pilot, lambda: in_lobby(again) and "Your move at 1 table." in str(again.screen.query_one("#lobby-status", Static).render())
        )
    for connection in (bob, ann):
        connection.close()


async def test_a_seat_code_alone_finds_its_table_whichever_row_is_highlighted(server, data_dir):
    from textual.widgets import DataTable, Input

    from kobito_tui.app.remote import NameDialog, WaitingScreen, lobby_app
    from kobito_tui.app.screens.lobby import CodeDialog

    from .test_remote_app import in_lobby, until

    gus, bob = server.connect("guest", "Gus"), server.connect(KEY_BOB, "Bob")
    table = gus.create("treasure", ["open", "open"])
    code = gus.join(table, 0).code
    gus.close()
    other = bob.create("kobito", ["open", "open"])  # listed after Gus's: highlighted below
    bob.join(other, 0)
    app = lobby_app(server.socket, "guest", "Gus", data_dir / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NameDialog))
        await pilot.press("enter")
        await until(pilot, lambda: in_lobby(app) and app.screen.query_one(DataTable).row_count == 2)
        await pilot.press("down")
        await until(pilot, lambda: app.screen.chosen() == other)
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, CodeDialog) and app.screen.query("#code"))
        app.screen.query_one("#code", Input).insert_text_at_cursor(code)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, WaitingScreen))
        assert app.home.remote.table_id == table and app.home.remote.seat == 0
    bob.close()


def test_a_wrong_code_alone_counts_as_a_guess(server):
    eve = server.connect("guest", "Eve")
    for _ in range(5):
        assert eve.find_seat("apple-river-stone-cloud-lamp-seven").id == "wrong-code"
    assert eve.find_seat("apple-river-stone-cloud-lamp-seven").id == "too-many-codes"
    eve.close()


async def test_a_player_whose_connection_dropped_at_a_table_lands_back_at_it(server, data_dir):
    from kobito_tui.app.remote import lobby_app
    from kobito_tui.app.screens.game import GameScreen

    from .test_remote_app import at_a_new_table, in_lobby, until

    app = lobby_app(server.socket, KEY_ANN, "Ann", data_dir / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        table = await at_a_new_table(pilot, app)
        watcher = server.connect("guest", "Sam")
        app.home.connection.close()  # the line dropped
        await until(pilot, lambda: app.return_code is not None)
        eventually(lambda: not watcher.tables[table].seats[0].connected)  # the hub has seen her go
        watcher.close()
    again = lobby_app(server.socket, KEY_ANN, "Ann", data_dir / "saves")
    async with again.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(again.screen, GameScreen))
        assert again.home.remote.table_id == table and again.home.remote.seat == 0
        watcher = server.connect("guest", "Sam")
        again.to_title()  # she leaves the table herself: the next sign-in is in the lobby
        await until(pilot, lambda: in_lobby(again))
        await until(pilot, lambda: not watcher.tables[table].seats[0].connected)  # the hub has seen her leave the table
        watcher.close()
    last = lobby_app(server.socket, KEY_ANN, "Ann", data_dir / "saves")
    async with last.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: in_lobby(last))
        await pilot.pause(0.3)
        assert in_lobby(last)


def test_a_browser_tabs_title_counts_the_tables_waiting_for_its_player(tmp_path):
    from kobito_tui.i18n import translator
    from kobito_tui.serve.webdoor import WebDoor, WebSettings

    door = WebDoor(tmp_path / "hub.sock", WebSettings(title="kobito"), None, None, None)  # type: ignore[arg-type]
    assert door.title(translator("en"), None, 2) == "(2) Your move — Kobito · lobby — kobito"
    assert door.title(translator("uk"), None, 1).startswith("(1) Ваш хід — ")
    assert door.title(translator("en"), "t1", 0) == "Kobito · table t1 — kobito"


def test_the_hub_tells_the_web_door_whose_turn_came_and_went(data_dir):
    from kobito_tui.serve.client import HubConnection

    from .helpers import running_hub

    turned: list[str] = []
    with running_hub(data_dir) as hub:
        hub.on_turn = turned.append
        ann, bob = HubConnection(hub.socket_path, KEY_ANN, "Ann", timeout=5), HubConnection(hub.socket_path, KEY_BOB, "Bob", timeout=5)
        table = ann.create("treasure", ["open", "open"])
        seats = [ann.join(table, 0), bob.join(table, 1)]
        first = seats[0].wait_for(lambda u: u.to_act is not None).to_act
        play_until(seats, random.Random(4), lambda u: u.to_act not in (first, None) or u.over)
        eventually(lambda: set(turned) == {KEY_ANN, KEY_BOB})
        waiting_now = seats[0].last.to_act
        eventually(lambda: hub.lobby.waiting_for([KEY_ANN, KEY_BOB][waiting_now]) == 1)
        assert hub.lobby.waiting_for([KEY_ANN, KEY_BOB][1 - waiting_now]) == 0
        ann.close()
        bob.close()


def test_hostile_seat_codes_and_rematch_requests_are_refused_with_reasons_and_the_hub_stays(server):
    import pytest

    from kobito_tui.serve.client import HubClosed

    eve = server.connect("guest", "Eve")
    with pytest.raises(HubClosed, match="over the limit"):  # a frame too large ends the connection, saying why
        eve.find_seat("x" * 200_000)
    eve = server.connect("guest", "Eve")
    for code in ("x" * 60_000, "\x1b[2J\x07[b]bold[/b]", ""):
        refusal = eve.find_seat(code)
        assert refusal.id in ("wrong-code", "too-many-codes"), refusal
    for table in ("\x1b]0;pwned\x07", "n" * 5_000):
        refusal = eve.rematch(table)
        assert refusal.id == "no-such-table" and "\x1b" not in str(refusal.params) and len(str(refusal.params)) < 200
    other = server.connect("guest", "Olga")  # the hub answers others as before
    assert isinstance(other.create("treasure", ["open", "easy"]), str)
    eve.close()
    other.close()


def test_a_reloaded_browser_page_lands_at_the_table_its_old_page_still_holds(server):
    """The reload's new connection may come before the old page's end is noticed: the cookie's guest is seated still."""
    cookie = "guest:" + "0123456789abcdef"  # a browser's guest: its identity lasts as long as its cookie
    wes, bob = server.connect(cookie, "Wes"), server.connect(KEY_BOB, "Bob")
    live = bob.create("kobito", ["open", "open"])
    wes.join(live, 0)
    bob.join(live, 1)
    assert server.connect(cookie, "Wes").back_to == live  # the old page is still there
    assert server.connect(KEY_BOB, "Bob").back_to == ""  # a key seated from another terminal: this one opens the lobby
    assert server.connect("guest", "Eve").back_to == ""
