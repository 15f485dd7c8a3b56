"""Driving the shell by keys and clicks (with the plain move-list board)."""

from __future__ import annotations

import random

from textual.widgets import Button

from kobito_tui.app.board import GameBoard
from kobito_tui.app.screens.curtain import CurtainScreen
from kobito_tui.app.screens.final import FinalScreen
from kobito_tui.app.screens.game import GameScreen
from kobito_tui.app.screens.message import MessageScreen
from kobito_tui.app.screens.new_game import NewGameScreen
from kobito_tui.core.randomplay import random_game
from kobito_tui.core.savefile import load, save
from kobito_tui.core.saves import list_saves
from kobito_tui.games import game_ids, get_game

from .conftest import make_app, one_move_from_the_end, treasure


async def settle(pilot, until, tries: int = 1000) -> None:
    """Let the app run until ``until()`` holds (bots think in threads)."""
    for _ in range(tries):
        if until():
            await pilot.pause()  # a screen just pushed is mounted before the test reads it
            return
        await pilot.pause(0.01)
    raise AssertionError("the app did not get there")


def human_turn(app) -> bool:
    return isinstance(app.screen, GameScreen) and app.screen.client.to_move


async def test_new_game_dialog_by_keys(saves):
    app = make_app(saves)
    async with app.run_test() as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("enter", "down", "enter")  # Game: Hide the Treasure
        await pilot.press("tab", "tab", "ctrl+u", *"Ann")  # Seat 1 name
        await pilot.press("tab", "tab", "ctrl+u", *"Bea", "tab", "enter", "home", "enter")  # Seat 2: a human
        app.screen.query_one("#seed").focus()
        await pilot.press(*"77", "ctrl+s")
        await settle(pilot, lambda: app.game_screen() is not None)
        header, seed = app.game_screen().header, app.game_screen().host.seed
    assert header.game == "treasure"
    assert [(s.name, s.kind) for s in header.seats] == [("Ann", "human"), ("Bea", "human")]
    assert seed == 77
    assert header.options == get_game("treasure").normalize_options({}, 2)
    assert load(list_saves(saves)[0]).header.public() == header


async def test_new_game_dialog_by_mouse(saves):
    app = make_app(saves)
    async with app.run_test() as pilot:
        await pilot.click("#title-new")
        await settle(pilot, lambda: isinstance(app.screen, NewGameScreen))
        for select, row in (("#game", 1), ("#players", 1)):  # the second game; 3 players
            await pilot.click(select)
            await pilot.pause()  # the overlay opens before it is clicked, however busy the machine
            await pilot.click(f"{select} SelectOverlay", offset=(3, row))
            await pilot.pause()
        await pilot.click("#start")
        await settle(pilot, lambda: app.game_screen() is not None)
        header = app.game_screen().header
    assert header.game == "treasure"
    assert header.players == 3
    assert [s.is_bot for s in header.seats] == [False, True, True]


async def test_new_game_dialog_shows_an_unusable_choice_instead_of_starting(saves):
    app = make_app(saves)
    async with app.run_test() as pilot:
        await pilot.press("n")
        app.screen.query_one("#game").value = "treasure"
        await pilot.pause()
        app.screen.query_one("#opt-turn_limit").value = "-4"
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, NewGameScreen)
        assert "Cannot start" in str(app.screen.query_one("#form-error").render())


async def test_undo_and_redo_show_their_availability(saves):
    app = make_app(saves, new=treasure("Ann,bot"))
    async with app.run_test() as pilot:
        await settle(pilot, lambda: human_turn(app))
        screen = app.screen
        undo, redo = screen.query_one("#undo", Button), screen.query_one("#redo", Button)
        assert (undo.disabled, redo.disabled) == (True, True)
        moves = len(screen.host.session.events)
        screen.board.post_message(GameBoard.MoveChosen(screen.host.session.legal_moves()[0]))
        await settle(pilot, lambda: len(screen.host.session.events) == moves + 1)
        assert (undo.disabled, redo.disabled) == (False, True)
        await pilot.press("u")
        assert len(screen.host.session.events) == moves
        assert (undo.disabled, redo.disabled) == (True, False)
        await pilot.click("#redo")
        assert len(screen.host.session.events) == moves + 1
        assert (undo.disabled, redo.disabled) == (False, True)


async def test_moves_are_played_by_keys_on_the_board(saves):
    chosen = {}  # a message is seen once per node it bubbles through
    app = make_app(saves, new=treasure("Ann,bot"))
    hook = lambda message: chosen.setdefault(id(message), message) if isinstance(message, GameBoard.MoveChosen) else None
    async with app.run_test(message_hook=hook) as pilot:
        await settle(pilot, lambda: human_turn(app))
        session = app.screen.host.session
        moves, second = len(session.events), session.legal_moves()[1]
        app.screen.query_one("#moves").focus()
        await pilot.press("down", "enter")
        assert [message.move for message in chosen.values()] == [second]
        assert session.events[moves] == second


async def test_a_refused_move_is_a_notification_not_a_crash(saves):
    app = make_app(saves, new=treasure("Ann,bot"))
    async with app.run_test(notifications=True) as pilot:
        await settle(pilot, lambda: human_turn(app))
        screen = app.screen
        moves = len(screen.host.session.events)
        screen.board.post_message(GameBoard.MoveChosen({"type": "step", "seat": screen.client.seat, "dir": "nowhere"}))
        await pilot.pause()
        assert len(screen.host.session.events) == moves
        assert any(n.title == "Move refused" for n in app._notifications)


async def test_hot_seat_curtain_falls_between_two_humans(saves):
    app = make_app(saves, new=treasure("Ann,Bob"))
    async with app.run_test() as pilot:
        await settle(pilot, lambda: isinstance(app.screen, CurtainScreen))
        first = app.screen.player
        await pilot.press("enter")
        game = app.screen
        assert isinstance(game, GameScreen) and game.header.name(game.client.seat) == first
        for _ in range(4):  # a turn: three steps, then "end"
            assert app.screen is game
            game.board.post_message(GameBoard.MoveChosen(game.host.session.legal_moves()[0]))
            await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        assert app.screen.player != first
        await pilot.click("#ready")
        assert app.screen is game and game.header.name(game.client.seat) != first


async def test_no_curtain_with_one_human(saves):
    app = make_app(saves, new=treasure("Ann,bot"))
    async with app.run_test() as pilot:
        for _ in range(3):
            await settle(pilot, lambda: human_turn(app))
            game = app.screen
            for _ in range(4):
                game.board.post_message(GameBoard.MoveChosen(game.host.session.legal_moves()[0]))
                await pilot.pause()
                assert not isinstance(app.screen, CurtainScreen)
            assert game.client.seat == 0


async def test_a_corrupt_file_shows_its_error(saves, tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "kobito-tui"}\n')
    app = make_app(saves, load=bad)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MessageScreen)
        assert app.screen.text.startswith(f"{bad}, line 1: not a kobito-tui save file header")
        await pilot.press("enter")
        assert app.screen is app.screen_stack[0]


async def test_small_terminal_gets_a_message_not_a_layout(saves):
    app = make_app(saves)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        notice = app.screen.query_one("#size-notice")
        assert notice.display and "at least 80×24" in str(notice.render())
        assert not app.screen.query_one("#title-box").parent.parent.display
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not app.screen.query_one("#size-notice").display


async def test_continue_resumes_the_latest_unfinished_game(saves):
    app = make_app(saves, new=treasure("Ann,bot", seed=9))
    async with app.run_test() as pilot:
        await settle(pilot, lambda: human_turn(app))
        app.screen.board.post_message(GameBoard.MoveChosen(app.screen.host.session.legal_moves()[0]))
        await pilot.pause()
        events = list(app.screen.host.session.events)
    finished, _ = random_game(get_game("treasure"), treasure("Ann,Bob", seed=1), random.Random(1))
    save(saves / "newer-but-over.jsonl", finished)  # the newest save, but over: skipped
    again = make_app(saves)
    async with again.run_test() as pilot:
        await pilot.press("c")
        await settle(pilot, lambda: again.game_screen() is not None)
        assert again.game_screen().host.session.events == events


async def test_the_final_scores_show_the_winner_and_play_again_deals_anew(saves, tmp_path):
    path, winning = one_move_from_the_end(tmp_path)
    app = make_app(saves, load=path)
    async with app.run_test() as pilot:
        await settle(pilot, lambda: human_turn(app))
        app.screen.board.post_message(GameBoard.MoveChosen(winning))
        await settle(pilot, lambda: isinstance(app.screen, FinalScreen))
        final, finished = app.screen, app.game_screen()
        assert final.result.winners == [0]
        assert str(app.screen.query_one("#final-winner").render()) == "You win!"  # Ann, at the keys
        await pilot.press("p")  # play again: same players, a new deal
        await settle(pilot, lambda: app.game_screen() not in (None, finished))
        assert app.game_screen().header.seats == final.header.seats
        assert len(list_saves(saves)) == 1


async def test_computers_play_a_whole_game(saves):
    app = make_app(saves, new=treasure("bot:random,bot:random", seed=3, turn_limit=3))
    async with app.run_test() as pilot:
        await settle(pilot, lambda: isinstance(app.screen, FinalScreen))
        session = app.game_screen().host.session
        assert session.over and app.screen.result == session.result
        assert load(session.path).events == session.events


async def test_hint_asks_the_strong_bot_with_only_what_the_seat_may_know(saves, monkeypatch):
    asked = []

    class Spy:
        def choose(self, game, header, view, legal, history):
            asked.append((view, history))
            return legal[-1]

    monkeypatch.setattr("kobito_tui.table.table.make_bot", lambda game_id, level, seed, budget: Spy())
    app = make_app(saves, new=treasure("Ann,bot"))
    async with app.run_test() as pilot:
        await settle(pilot, lambda: human_turn(app))
        screen = app.screen
        asked.clear()
        await pilot.press("question_mark")
        await settle(pilot, lambda: screen.board._hinted is not None)
        session = screen.host.session
        assert screen.board._hinted == session.legal_moves()[-1]
        view, history = asked[-1]
        assert view == session.view(0)
        assert history == [session.game.redact(event, 0) for event in session.events]
        assert history[0]["colours"] != session.events[0]["colours"]  # the other colour is hidden


async def test_ctrl_c_quits(saves):
    app = make_app(saves)
    async with app.run_test() as pilot:
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert not app.is_running


async def test_a_failing_computer_is_replaced_by_a_random_one(saves, monkeypatch):
    from kobito_tui.bots import make_bot

    class Broken:
        def choose(self, *question):
            raise RuntimeError("no idea")

    def bots(game_id, level, seed, *budget):
        return Broken() if level == "strong" else make_bot(game_id, level, seed, *budget)

    monkeypatch.setattr("kobito_tui.table.computer.make_bot", bots)
    app = make_app(saves, new=treasure("bot:strong,bot:strong", turn_limit=2))
    async with app.run_test(notifications=True) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, FinalScreen))
        assert any(n.title == "Error" for n in app._notifications)


async def test_new_game_dialog_offers_every_rule_option_at_its_default(saves):
    app = make_app(saves)
    async with app.run_test() as pilot:
        await pilot.press("n")
        for game_id in game_ids():
            app.screen.query_one("#game").value = game_id
            await pilot.pause()
            for spec in get_game(game_id).option_specs():
                widget = app.screen.query_one(f"#opt-{spec.name}")
                assert widget.value in (spec.default, str(spec.default))
                assert "(default " in str(widget.parent.query_one("Label").render())
            players = app.screen.query_one("#players")
            assert [value for _, value in players._options] == list(range(get_game(game_id).min_players, get_game(game_id).max_players + 1))


async def test_menu_leads_back_to_the_title_and_the_game_stays_saved(saves):
    from kobito_tui.app.screens.menu import MenuScreen
    from kobito_tui.app.screens.title import TitleScreen

    app = make_app(saves, new=treasure("Ann,bot"))
    async with app.run_test() as pilot:
        await settle(pilot, lambda: human_turn(app))
        app.screen.board.post_message(GameBoard.MoveChosen(app.screen.host.session.legal_moves()[0]))
        await pilot.pause()
        events = list(app.screen.host.session.events)
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)
        await pilot.click("#title")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert load(list_saves(saves)[0]).events == events


async def test_a_board_showing_a_seat_not_to_act_gets_no_legal_moves(saves, monkeypatch):
    """The acting seat's legal moves name its cards: a board showing another seat never receives them."""
    from .move_list_board import MoveListBoard

    shown = []
    original = MoveListBoard.show

    def spy(board, view, legal, interactive):
        shown.append((view.seat, app.game_screen().client.latest.to_act, legal))
        original(board, view, legal, interactive)

    monkeypatch.setattr(MoveListBoard, "show", spy)
    app = make_app(saves, new=treasure("Ann,bot:random", seed=4))
    async with app.run_test() as pilot:
        for _ in range(3):
            await settle(pilot, lambda: human_turn(app))
            app.screen.board.post_message(GameBoard.MoveChosen(app.screen.host.session.legal_moves()[0]))
            await pilot.pause()
    assert any(to_act not in (None, seat) for seat, to_act, _ in shown)  # the computer's turns were shown
    assert all(legal == [] for seat, to_act, legal in shown if to_act != seat)
    assert any(legal for seat, to_act, legal in shown if to_act == seat)


async def test_the_status_line_has_the_whole_width(saves):
    app = make_app(saves, new=treasure("Ann,bot"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: human_turn(app))
        status = app.screen.query_one("#status")
        assert status.region.width == 80 and status.content_size.width == 78


def test_settings_survive_a_broken_file_and_are_kept(tmp_path, monkeypatch):
    from kobito_tui.app import settings

    monkeypatch.setenv("KOBITO_CONFIG_DIR", str(tmp_path / "config"))
    assert settings.load() == settings.Settings(guide=True)  # a new player: the guide is on
    assert settings.save(settings.Settings(guide=False))
    assert settings.load().guide is False
    for broken in ("{", "[]", '{"guide": "no"}', "\x00" * 10):
        (tmp_path / "config" / settings.FILE_NAME).write_text(broken)
        assert settings.load() == settings.Settings()
