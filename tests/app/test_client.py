"""The game screen is a client of a table: it renders only updates, and sends moves.

``FakeClient`` has nothing but the client shape (``subscribe``, ``submit``,
``undo``, ``redo``, ``hint``) and makes its updates from the rules engine
itself: no Session is built anywhere while the screen plays on it.
"""

from __future__ import annotations

import random
import threading
from collections import deque

import kobito_tui.table.computer as computer
from kobito_tui.app.board import GameBoard
from kobito_tui.app.screens.curtain import CurtainScreen
from kobito_tui.app.screens.final import FinalScreen
from kobito_tui.app.screens.game import GameScreen
from kobito_tui.app.screens.menu import MenuScreen
from kobito_tui.client import GameClient, RemoteHost
from kobito_tui.core.record import Record, run_chance
from kobito_tui.games import get_game
from kobito_tui.i18n.messages import english
from kobito_tui.table import LogEntry, Refusal, SeatPerspective, Update, messages

from .conftest import make_app, treasure
from .test_pilot import settle


class FakeClient:
    """A table of its own making, seen from any seat (as a hub's is, through a :class:`RemoteHost`)."""

    seat = 0
    perspective = SeatPerspective(0)

    def __init__(self, header):
        self.game, self.full_header, self.header = get_game(header.game), header, header.public()
        self.state, self.events = self.game.new_state(header), []
        run_chance(self.game, header, self.state, self.events)
        self.revision = 0
        self.subscribers: list = []
        self.submitted: list = []
        self.refusals: deque[Refusal] = deque()  # the answers to the next submits
        self.lock = threading.Lock()

    def update(self, perspective, start: int, full: bool = False) -> Update:
        seat, to_act = perspective.seat, self.game.to_act(self.state)
        new = [self.game.redact(event, seat) for event in self.events[start:]]
        return Update(
            revision=self.revision,
            perspective=perspective,
            header=self.header,
            view=self.game.view(self.state, seat),
            to_act=to_act,
            legal=tuple(self.game.legal_moves(self.state)) if to_act == seat else (),
            can_undo=False,
            can_redo=False,
            result=self.game.result(self.state),
            history=tuple(new),
            log=tuple(LogEntry(f"fake: {e['type']}", {}) for e in new),
            full=full,
        )

    def subscribe(self, perspective, callback, hand_over=False):  # the client keeps the history either way
        self.subscribers.append((perspective, callback))
        callback(self.update(perspective, 0, full=True))
        return self

    def cancel(self) -> None:
        self.subscribers.clear()

    def record(self):
        return Record(self.full_header, list(self.events))

    def analyses(self):
        return None  # kept nowhere

    def submit(self, seat, move, revision):
        with self.lock:
            self.submitted.append((seat, move, revision))
            if self.refusals:
                return self.refusals.popleft()
            if revision != self.revision or seat != self.game.to_act(self.state):
                return messages.stale(revision, self.revision)
            start = len(self.events)
            self.game.apply(self.state, move)
            self.events.append(move)
            run_chance(self.game, self.full_header, self.state, self.events)
            self.revision += 1
            updates = [(callback, self.update(perspective, start)) for perspective, callback in self.subscribers]
        for callback, update in updates:
            callback(update)
        return None

    def undo(self, seat):
        return messages.nothing_to_undo()

    redo = undo

    def hint(self, seat):
        return messages.not_your_turn(seat, None)

    def play_for(self, seat: int, rng: random.Random) -> None:
        """A move of another seat, sent from another thread (as a computer's or a remote player's)."""
        thread = threading.Thread(target=lambda: self.submit(seat, rng.choice(self.game.legal_moves(self.state)), self.revision))
        thread.start()
        thread.join()


def no_sessions(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("a Session was built")

    monkeypatch.setattr("kobito_tui.core.session.Session.__init__", refuse)


async def test_the_game_screen_plays_a_whole_game_on_a_client_with_only_the_client_shape(saves, monkeypatch):
    no_sessions(monkeypatch)
    fake = FakeClient(treasure("Ann,bot", turn_limit=2))
    rng = random.Random(1)
    app = make_app(saves)
    async with app.run_test() as pilot:
        screen = GameScreen(GameClient(RemoteHost(fake, fake.header)), bot_delay=0.01)
        app.push_screen(screen)
        for _ in range(200):
            await settle(pilot, lambda: screen.client.to_move or screen.client.over or fake.game.to_act(fake.state) == 1)
            if screen.client.over or isinstance(app.screen, FinalScreen):
                break
            if screen.client.to_move:
                revision = fake.revision
                screen.board.post_message(GameBoard.MoveChosen(screen.client.latest.legal[0]))
                await settle(pilot, lambda revision=revision: fake.revision > revision and screen.client.latest.revision == fake.revision)
                assert fake.submitted[-1][0] == 0 and fake.submitted[-1][2] == revision  # its seat, the revision it saw
            else:
                fake.play_for(1, rng)
                await settle(pilot, lambda: screen.client.latest.revision == fake.revision)
        assert any(text.plain.startswith("fake: ") for text in screen.query_one("#log").texts)  # from the updates
        await settle(pilot, lambda: isinstance(app.screen, FinalScreen))
        final = app.screen
        assert final.result == fake.game.result(fake.state) and final.header == fake.header
        assert not final.query("#save_replay")  # no record on a client: nothing to save
        assert str(final.query_one("#final-summary").render()) == english(final.result.summary, [s.name for s in fake.header.seats])


async def test_a_refused_submit_is_a_notification_and_loses_nothing(saves, monkeypatch):
    no_sessions(monkeypatch)
    fake = FakeClient(treasure("Ann,bot", first_player=0))
    app = make_app(saves)
    async with app.run_test(notifications=True) as pilot:
        screen = GameScreen(GameClient(RemoteHost(fake, fake.header)), bot_delay=0.01)
        app.push_screen(screen)
        await settle(pilot, lambda: screen.client.to_move)
        move = screen.client.latest.legal[0]
        fake.refusals.append(messages.stale(0, 1))
        screen.board.post_message(GameBoard.MoveChosen(move))
        await settle(pilot, lambda: any(n.title == "Move refused" for n in app._notifications))
        [note] = [n for n in app._notifications if n.title == "Move refused"]
        assert note.message == english(messages.stale(0, 1))
        assert fake.revision == 0 and screen.client.to_move and move in screen.client.latest.legal  # nothing lost
        screen.board.post_message(GameBoard.MoveChosen(move))  # the same move again: played
        await settle(pilot, lambda: fake.revision == 1 and screen.client.latest.revision == 1)
        assert fake.events[-1] == move or move in fake.events


async def test_the_remote_door_builds_a_client_screen_for_its_one_seat(saves):
    class Remote(FakeClient):
        seat = 1
        perspective = SeatPerspective(1)

    remote = Remote(treasure("Ann,Bob"))
    screen = make_app(saves).game_screen_for(RemoteHost(remote, remote.header))
    assert screen.client.seats == [1] and screen.host.session is None and screen.host.seed is None
    assert screen.header.seed is None


async def test_a_key_is_answered_while_a_computer_thinks(saves, monkeypatch):
    release = threading.Event()

    class Slow:
        def choose(self, *question):
            release.wait(20)
            raise RuntimeError("released")

    monkeypatch.setattr(computer, "make_bot", lambda *args: Slow())
    app = make_app(saves, new=treasure("Ann,bot:hard", first_player=1))
    try:
        async with app.run_test() as pilot:
            await settle(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.client.latest is not None)
            screen = app.screen
            assert "is thinking" in str(screen.query_one("#status").render())
            await pilot.press("u")
            assert str(screen.query_one("#status").render()) == "It is not your turn."
            await pilot.press("escape")
            assert isinstance(app.screen, MenuScreen)
            assert not release.is_set() and screen.client.latest.to_act == 1  # it was still thinking all along
    finally:
        release.set()


async def test_hot_seat_with_a_computer_between_keeps_the_curtain_right(saves):
    app = make_app(saves, new=treasure("Ann,bot:random,Cy", first_player=0))
    async with app.run_test() as pilot:
        await settle(pilot, lambda: isinstance(app.screen, CurtainScreen))
        assert app.screen.player == "Ann"
        await pilot.press("enter")
        game = app.screen
        seen = []
        original = game.board.show

        def spy(view, legal, interactive):
            seen.append((game.client.seat, game.client.latest.to_act, isinstance(app.screen, CurtainScreen)))
            original(view, legal, interactive)

        game.board.show = spy
        for _ in range(20):
            if game.client.latest.to_act != 0:
                break
            revision = game.client.latest.revision
            game.board.post_message(GameBoard.MoveChosen(game.client.latest.legal[-1]))
            await settle(pilot, lambda revision=revision: game.client.latest.revision > revision)
        await settle(pilot, lambda: isinstance(app.screen, CurtainScreen))
        assert app.screen.player == "Cy"
        assert all(shown == 0 for shown, _, _ in seen)  # Ann's eyes until Cy sits down, the computer's turn too
        await pilot.press("enter")
        await settle(pilot, lambda: app.screen is game and game.client.seat == 2 and game.client.to_move)
        assert game.client.latest.perspective == SeatPerspective(2)


async def test_a_hint_a_remote_table_refuses_later_is_said_on_the_status_line(saves, monkeypatch):
    """A hub answers a second hint while the first is thought out with a refusal, later, as the
    future's exception: said on the status line (it once named an attribute the screen lacked)."""
    from concurrent.futures import Future

    from kobito_tui.table import Refused

    no_sessions(monkeypatch)
    fake = FakeClient(treasure("Ann,bot", first_player=0))
    pending: Future = Future()
    fake.hint = lambda seat: pending
    app = make_app(saves)
    async with app.run_test() as pilot:
        screen = GameScreen(GameClient(RemoteHost(fake, fake.header)), bot_delay=0.01)
        app.push_screen(screen)
        await settle(pilot, lambda: screen.client.to_move)
        await pilot.press("question_mark")
        pending.set_exception(Refused(messages.still_thinking()))
        await settle(pilot, lambda: "Still thinking" in str(screen.query_one("#status").render()))
        assert app.return_code is None and app.screen is screen
