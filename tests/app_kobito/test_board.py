"""The board in the app: hidden cards stay hidden, illegal places cannot be chosen, the status says what is needed."""

from __future__ import annotations

import re

from textual.app import App

from app_kobito.conftest import game_screen, human_turn, kobito, make_app, midgame, penalty_game, screen_text, until
from app_kobito.drive import by_keys, click, press, quick_player
from kobito_tui.app.board import GameBoard
from kobito_tui.app.kobito import lines
from kobito_tui.app.kobito.board import KobitoBoard
from kobito_tui.app.kobito.glyphs import card_text, sort_key
from kobito_tui.app.kobito.tokens import TokenLines
from kobito_tui.app.main import style_sheets
from kobito_tui.app.screens.game import GameScreen
from kobito_tui.client import GameClient
from kobito_tui.core.record import Record
from kobito_tui.core.savefile import load
from kobito_tui.core.session import Session
from kobito_tui.i18n import translator
from kobito_tui.kobito.view import CardView
from kobito_tui.table import PUBLIC, Table
from tests.client.hosts import TableHost


async def test_the_screen_never_shows_another_seats_hand(saves):
    """Swapping the computer's hand for other hidden cards changes nothing on Ann's screen."""
    app = make_app(saves, new=kobito("Ann,bot:random", seed=3))
    choose = quick_player(3)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await human_turn(pilot, await game_screen(pilot))
        session = screen.host.session
        for _ in range(6):
            await pilot.pause()
            state = session.state
            before = screen_text(app)
            hidden = len(state.hands[1])
            state.hands[1], state.deck[:hidden] = state.deck[:hidden], state.hands[1]
            screen.refresh_table()
            await pilot.pause()
            assert screen_text(app) == before
            state.hands[1], state.deck[:hidden] = state.deck[:hidden], state.hands[1]
            screen.refresh_table()
            for _ in range(3):
                if session.to_act == 0:
                    await by_keys(pilot, screen.board, choose(session.legal_moves()))
            await human_turn(pilot, screen)


async def test_a_card_without_a_move_offers_nothing_to_choose(saves):
    app = make_app(saves, new=kobito("Ann,bot:random", seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await human_turn(pilot, await game_screen(pilot))
        board = screen.board
        stuck = next(n for n, card in enumerate(board.hand(), 1) if not board.picker.playable(card.id))
        events = len(screen.host.session.events)
        await press(pilot, str(stuck), "down", "enter", "e")
        assert board.status().endswith("does not fit any pot or rainbow end")
        assert all(lines.spot("target", 0) is None for lines in board.query(TokenLines))
        pots = board.query_one("#pot-rows", TokenLines)
        for x in range(pots.size.width):
            for y in range(pots.size.height):
                await click(pilot, pots, (x, y))
        assert len(screen.host.session.events) == events


async def test_the_status_says_what_the_rules_need(saves, tmp_path):
    app = make_app(saves, new=kobito("Ann,bot:random", seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        board = (await human_turn(pilot, await game_screen(pilot))).board
        assert board.status() == "Play at least 1 card — 0 played"
        playable = next(n for n, card in enumerate(board.hand(), 1) if board.picker.playable(card.id))
        await press(pilot, str(playable))
        assert board.status() == f"Pick a highlighted place for {card_text(board.hand()[playable - 1])}"
        assert "Pick a highlighted place" in screen_text(app)
    app = make_app(saves, load=penalty_game(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        board = (await human_turn(pilot, await game_screen(pilot))).board
        assert board.status() == "You must take 2 penalty cards — 0 selected"
        await press(pilot, "1", "2")
        assert board.status() == "You must take 2 penalty cards — 2 selected — press e or End turn"


async def test_a_hint_is_highlighted_and_can_be_played(saves):
    app = make_app(saves, new=kobito("Ann,bot:random", seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await human_turn(pilot, await game_screen(pilot))
        board = screen.board
        move = next(m for m in screen.host.session.legal_moves() if m["type"] == "play")
        board.hint(move)
        await pilot.pause()
        pot = board.query_one("#pot-rows", TokenLines).lines()[move["pot"]]
        hinted = [token for token in pot if "hinted" in token.classes]
        assert len(hinted) == 1 and hinted[0].text == "[+]"
        await press(pilot, "enter")
        assert screen.host.session.events[-1] == move


async def test_moves_reach_the_screen_as_messages(saves):
    """The board only posts MoveChosen; the shell plays it."""
    app = make_app(saves, new=kobito("Ann,bot:random", seed=3))
    posted = []
    async with app.run_test(size=(80, 24), message_hook=lambda m: posted.append(m)) as pilot:
        screen = await human_turn(pilot, await game_screen(pilot))
        move = next(m for m in screen.host.session.legal_moves() if m["type"] == "play")
        await by_keys(pilot, screen.board, move)
    chosen = {id(m): m.move for m in posted if isinstance(m, GameBoard.MoveChosen)}  # seen once per hop
    assert list(chosen.values()) == [move]


def test_cards_read_without_colour():
    """A card is its number: colour plays no part in Kobito, so no letter looks like a suit."""
    assert [card_text(CardView(f"{n}a", n, "number")) for n in range(1, 13)] == [str(n) for n in range(1, 13)]
    kobito, paint = CardView("K1", 7, "kobito"), CardView("P1", 12, "paint")
    assert card_text(kobito, in_row=True) == "K→7" and card_text(paint, in_row=True) == "P→12"
    assert card_text(CardView("K1", None, "kobito")) == "K" and card_text(CardView("P2", None, "paint")) == "P"


class _BoardOnly(App):
    CSS_PATH = style_sheets()

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.t = translator("en")  # a board speaks its app's language
        self.session = session
        self.chosen: list = []

    def compose(self):
        yield KobitoBoard(self.session.header)

    def on_game_board_move_chosen(self, message: GameBoard.MoveChosen) -> None:
        self.chosen.append(message.move)


async def test_an_all_seeing_view_shows_the_hand_of_the_seat_on_turn():
    """Replays show ``view(None)``: the hand of the seat whose turn it is, nothing to choose."""
    session = Session(Record(kobito("Ann,Bob", seed=3)))
    choose = quick_player(3)
    while session.to_act != 1:
        session.play(choose(session.legal_moves()))
    app = _BoardOnly(session)
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(KobitoBoard)
        board.show(session.view(None), [], interactive=False)
        await pilot.pause()
        hand = board.query_one("#hand", TokenLines).render().plain
        cards = sorted(session.view(None).hands[1], key=sort_key)
        assert hand == "Hand " + " ".join(f"{n}:{card_text(c)}" for n, c in enumerate(cards, 1))
        assert board.status() == "Waiting for Bob"
        board.focus()
        await press(pilot, "1", "enter", "e")
        assert board.picker.selection == frozenset() and app.chosen == []


async def test_a_spectator_sees_every_seat_and_no_hand_nor_play_keys(saves, tmp_path):
    """A served table watched with w: no hand row, End turn or play keys; every seat with its hand count."""
    table = Table(load(midgame(tmp_path)))
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameScreen(GameClient(TableHost(table, watching=PUBLIC))))
        board = (await game_screen(pilot)).board
        await until(pilot, lambda: board.view is not None)
        text = screen_text(app)
        assert "Hand" not in text and "End turn" not in text and "Workshop" not in text
        footer = text.splitlines()[-1]
        assert "f1 Keys" in footer and not any(key in footer for key in ("Card", "Pick", "Place", "Play", "End"))
        for name, count in zip(board.view.names, board.view.hand_sizes):
            assert re.search(rf"{name}\s+hand {count} ", text)
        await press(pilot, "1", "space", "up", "enter", "e")
        assert table.revision == 0 and board.picker.selection == frozenset()
        await press(pilot, "f1")
        sections = dict(app.screen.sections)  # the help: none of the board's keys, nor Undo
        assert "On the board" not in sections and "u / ^z" not in dict(sections["On this screen"])


async def test_the_help_lists_clear_with_nothing_picked(saves):
    """Esc clears a pick only when there is one, but the F1 help always says so."""
    app = make_app(saves, new=kobito())
    async with app.run_test(size=(80, 24)) as pilot:
        board = (await human_turn(pilot, await game_screen(pilot))).board
        assert board.picker.selection == frozenset()
        await press(pilot, "f1")
        assert ("esc", "Put the picked cards back") in dict(app.screen.sections)["On the board"]


async def test_a_pot_letter_points_at_that_pots_places(saves):
    app = make_app(saves, new=kobito("Ann,bot:random", seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        board = (await human_turn(pilot, await game_screen(pilot))).board
        number, targets = next(
            (n, board.picker.moves[frozenset([card.id])]) for n, card in enumerate(board.hand(), 1) if board.picker.playable(card.id)
        )
        await press(pilot, str(number))
        slot = max(target[1] for target in targets if target[0] == "pot")
        await press(pilot, "abc"[slot])
        assert board.picker.current[:2] == ("pot", slot)
        ends = {t for t in targets if t[:2] == ("pot", slot)}
        await press(pilot, "abc"[slot])
        assert board.picker.current in ends and (len(ends) == 1 or board.picker.current[2] == "right")


async def test_a_won_pot_and_penalties_are_highlighted_for_a_moment(monkeypatch):
    monkeypatch.setattr("kobito_tui.app.kobito.board.NEWS_SECONDS", 0.2)
    session = Session(Record(kobito("Ann,Bob", seed=1)))
    choose = quick_player(1)
    app = _BoardOnly(session)
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(KobitoBoard)
        won = penalised = False
        while not (won and penalised):
            before = session.view(0)
            session.play(choose(session.legal_moves()))
            board.show(before, [], interactive=False)
            board.show(session.view(0), [], interactive=False)
            news = lines.news(before, session.view(0))
            won = won or any(kind == "gold" for kind, _ in news)
            penalised = penalised or any(kind == "penalty" for kind, _ in news)
            shown = [token for w in board.query(TokenLines) for line in w.lines() for token in line]
            highlighted = [token.text.split()[0][:3] for token in shown if "news" in token.classes]
            expected = {"pot": "new", "gold": "gol", "penalty": "pen"}
            assert news <= board.news  # kept for a moment, with what happened just before
            assert sorted(highlighted) == sorted(expected[kind] for kind, _ in board.news)
        await pilot.pause(0.3)
        assert board.news == set()
        assert not any("news" in t.classes for w in board.query(TokenLines) for line in w.lines() for t in line)


async def test_a_board_removed_as_soon_as_it_is_mounted_does_not_crash():
    """A preview replaced at key-repeat speed: the board's mount must not look for children already gone."""

    class Empty(App):
        CSS_PATH = style_sheets()
        t = translator("en")

    app = Empty()
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(10):
            board = KobitoBoard(kobito())
            app.screen.mount(board)
            board.remove()
            await pilot.pause(0.01)
        assert not app.screen.query(KobitoBoard)
