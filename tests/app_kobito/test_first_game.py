"""A first game at 80×24: the board keeps the keys, every word fits, a key that does nothing says why."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from app_kobito.conftest import caught_up, game_screen, human_turn, kobito, make_app, penalty_game, until
from app_kobito.drive import by_keys, click, click_token, press, quick_player
from kobito_tui.app.kobito.picking import END
from kobito_tui.app.kobito.tokens import TokenLines
from kobito_tui.app.log_panel import LogPanel
from kobito_tui.bots import make_bot
from kobito_tui.core.record import Record
from kobito_tui.core.savefile import save
from kobito_tui.core.session import Session

SIX = "You,bot:random,bot:random,bot:random,bot:random,bot:random"
SIZES = [(90, 24), (160, 50), (80, 24), (60, 20), (80, 24), (79, 30), (120, 40)]


def status_line(app) -> tuple[str, str]:
    """(what the status says, what its row on the screen shows)."""
    status = app.screen.query_one("#status", Static)
    row = app.screen._compositor.render_strips()[status.region.y]
    return str(status.content), "".join(segment.text for segment in row)


def assert_status_fits(app, seen: set[str]) -> None:
    if app.screen is not app.game_screen():  # the final scores came
        return
    text, shown = status_line(app)
    seen.add(text)
    assert shown.strip() == text.strip(), f"cut at {app.size.width} columns: {shown.strip()!r} of {text!r}"


def first_turn_with(check, players: str = "You,bot:random", tries: int = 60) -> int:
    """A seed whose first position (You to act) makes ``check(session)`` true."""
    for seed in range(tries):
        session = Session(Record(kobito(players, seed=seed)))
        if session.to_act == 0 and check(session):
            return seed
    raise AssertionError("no such deal")


@pytest.fixture
def quick_hints(monkeypatch):
    """The hint's strong computer, replaced by the greedy one: quick."""
    monkeypatch.setattr(
        "kobito_tui.table.table.make_bot",
        lambda game_id, level, seed, *budget: make_bot(game_id, "greedy" if level == "hard" else level, seed),
    )


async def test_the_board_keeps_the_keys_through_resizes_and_button_clicks(saves, quick_hints):
    app = make_app(saves, new=kobito("You,bot:random", seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await human_turn(pilot, await game_screen(pilot))
        board = screen.board
        for size in SIZES:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            if size[0] >= 80 and size[1] >= 24:
                assert app.focused is board, size
                await press(pilot, "1")
                assert board.picker.selection, size  # the keys reach the board
                await press(pilot, "escape")
        for button in ("#undo", "#redo", "#hint"):
            await pilot.click(button)
            await pilot.pause()
            assert app.focused is board, button
        await until(pilot, lambda: board.picker.hinted is not None)
        events = len(screen.host.session.events)
        await press(pilot, "e" if board.picker.hinted == END else "enter")
        assert len(screen.host.session.events) > events  # the hint is played by its key


async def test_a_pot_letter_that_does_not_fit_never_plays_on_another_pot(saves):
    def one_pot_only(session):
        view = session.view(0)
        return any(
            len({m["pot"] for m in session.legal_moves() if m["type"] == "play" and m["card"] == card.id}) == 1 for card in view.hand
        )

    app = make_app(saves, new=kobito(seed=first_turn_with(one_pot_only)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await human_turn(pilot, await game_screen(pilot))
        board = screen.board
        number, card, fits = next(
            (n, card, {t[1] for t in board.picker.moves[frozenset([card.id])] if t[0] == "pot"})
            for n, card in enumerate(board.hand(), 1)
            if len({t[1] for t in board.picker.moves.get(frozenset([card.id]), ()) if t[0] == "pot"}) == 1
        )
        wrong = next(slot for slot in range(3) if slot not in fits)
        events = len(screen.host.session.events)
        await press(pilot, str(number), "abc"[wrong], "enter")
        assert len(screen.host.session.events) == events  # today: played on the other pot
        assert status_line(app)[0] == "Choose a highlighted place first: ↑↓, a/b/c, or click it"
        await press(pilot, "abc"[wrong])
        assert status_line(app)[0] == f"{card.number} does not fit pot {'ABC'[wrong]}: ↑↓ show where it fits"
        await press(pilot, "abc"[fits.pop()], "enter")
        assert len(screen.host.session.events) > events


async def test_a_key_that_does_nothing_says_why(saves, tmp_path):
    app = make_app(saves, new=kobito(seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await human_turn(pilot, await game_screen(pilot))
        board = screen.board
        await press(pilot, "e")
        assert status_line(app)[0] == "Play 1 more card before ending your turn"
        await press(pilot, "u")
        assert status_line(app)[0] == "Nothing to undo yet this turn"
        await press(pilot, "enter")
        assert status_line(app)[0].startswith("Pick a card first")
        stuck = next(n for n, card in enumerate(board.hand(), 1) if not board.picker.playable(card.id))
        await press(pilot, str(stuck), "enter")
        assert status_line(app)[0] == f"{board.hand()[stuck - 1].number} does not fit any pot or rainbow end"
    app = make_app(saves, load=penalty_game(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot, await game_screen(pilot))
        await press(pilot, "1", "e")
        assert status_line(app)[0] == "Pick exactly 2 cards to give up as penalty (1 picked), then e"


# Why undo stops (a won pot, a loaded game) is the table's refusal: tests/client/test_game_client.py.
# The status line's words for a refusal: test_a_key_that_does_nothing_says_why above.


@pytest.mark.parametrize("players", ["You,bot:random", SIX], ids=["2", "6"])
async def test_every_status_message_fits_at_80_columns(saves, players):
    """A game by keys, with every key that does nothing tried on each turn; the status row is read from the screen."""
    seen: set[str] = set()
    app = make_app(saves, new=kobito(players, seed=2))
    choose = quick_player(2)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot)
        for _ in range(12):
            await human_turn(pilot, screen)
            if screen.host.session.over:
                break
            board = screen.board
            for keys in (["e"], ["u"], ["y"], ["enter"], ["up"], ["down"], ["a"], ["b"], ["c"], ["9"]):
                await press(pilot, *keys)
                assert_status_fits(app, seen)
            for n in range(1, len(board.hand()) + 1):
                await press(pilot, str(n))
                assert_status_fits(app, seen)
                await press(pilot, "a", "b", "c")
                assert_status_fits(app, seen)
            if board.picker.selection:
                await press(pilot, "escape")  # with nothing picked, Esc would open the menu
            while screen.client.to_move and app.screen is screen:
                await until(pilot, lambda: caught_up(screen))
                if not screen.client.to_move:
                    break
                await by_keys(pilot, board, choose(screen.host.session.legal_moves()))
                assert_status_fits(app, seen)
    assert any(text.startswith("Play ") for text in seen) and any("does not fit" in text for text in seen)


async def test_penalty_and_hint_messages_fit_at_80_columns(saves, tmp_path, quick_hints):
    seen: set[str] = set()
    app = make_app(saves, load=penalty_game(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await human_turn(pilot, await game_screen(pilot))
        for keys in (["1"], ["e"], ["2"], ["3"], ["e"], ["3"], ["2"], ["1"], ["question_mark"]):
            await press(pilot, *keys)
            assert_status_fits(app, seen)
        await until(pilot, lambda: screen.board.picker.hinted is not None)
        assert_status_fits(app, seen)
    assert any(text.startswith("You must take 2 penalty cards") for text in seen)
    assert any(text.startswith("Hint: ") for text in seen)


async def test_clicks_on_a_pot_a_rainbow_and_an_opponent(saves):
    def single_place(session):
        return any(
            len([m for m in session.legal_moves() if m["type"] == "play" and m["card"] == card.id]) == 1 for card in session.view(0).hand
        )

    app = make_app(saves, new=kobito(seed=first_turn_with(single_place)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await human_turn(pilot, await game_screen(pilot))
        board = screen.board
        index, move = next(
            (i, [m for m in screen.host.session.legal_moves() if m["type"] == "play" and m["card"] == card.id][0])
            for i, card in enumerate(board.hand())
            if len([m for m in screen.host.session.legal_moves() if m["type"] == "play" and m["card"] == card.id]) == 1
        )
        opponents = board.query_one("#opponents", TokenLines)
        await click_token(pilot, board, "source", index)
        assert await click(pilot, opponents, offset=opponents.spot("seat", 1))
        assert status_line(app)[0] == "Computer 2's row: cards go to the pots or your own workshop only"
        pots = board.query_one("#pot-rows", TokenLines)
        events = len(screen.host.session.events)
        assert await click(pilot, pots, offset=pots.spot("pot", move["pot"]))  # the pot's name, not its (+)
        assert screen.host.session.events[events] == move


async def test_the_log_rewraps_and_grows_with_the_terminal(saves):
    app = make_app(saves, new=kobito(seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await human_turn(pilot, await game_screen(pilot))
        log = screen.query_one(LogPanel)
        narrow = log.size.width

        def fits() -> bool:
            return all(line.cell_length <= log.scrollable_content_region.width for line in log.lines)

        assert fits() and not log.horizontal_scrollbar.display
        await pilot.resize_terminal(160, 50)
        await pilot.pause()
        assert log.size.width >= 40 > narrow
        assert max(line.text.rstrip().__len__() for line in log.lines) > narrow  # wrapped anew, wider
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert fits() and not log.horizontal_scrollbar.display


async def test_the_first_game_guide_is_on_for_a_new_player_and_g_turns_it_off(saves):
    app = make_app(saves, new=kobito(seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await human_turn(pilot, await game_screen(pilot))
        log = screen.query_one(LogPanel)
        assert any(text.plain.startswith("Tip: play 1 card or more this turn") for text in log.texts)
        await press(pilot, "g")
        assert not screen.guide
    app = make_app(saves, new=kobito(seed=4))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await human_turn(pilot, await game_screen(pilot))
        assert not screen.guide  # remembered
        assert not any(text.plain.startswith("Tip:") for text in screen.query_one(LogPanel).texts)


async def test_f1_explains_how_to_do_things_and_the_short_forms(saves):
    app = make_app(saves, new=kobito(SIX, seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot, await game_screen(pilot))
        await pilot.press("f1")
        how = str(app.screen.query_one("#help-how-text", Static).content)
        signs = str(app.screen.query_one("#help-signs-text", Static).content)
    assert "Open a rainbow" in how and "2 or more cards in a row" in how
    assert "↑" in how and "Move from the workshop" in how and "[K→7]" in how and "F3" in how
    assert "3‥11" in signs and "K→7" in signs


async def test_a_click_on_an_own_workshop_rainbow_adds_the_picked_card(saves, tmp_path):
    def one_end_extend(session):
        extends = [m for m in session.legal_moves() if m["type"] == "extend"]
        return next((m for m in extends if [e["card"] for e in extends].count(m["card"]) == 1), None)

    for seed in range(40):  # You to act, with a card that fits one end of one own rainbow only
        session = Session(Record(kobito(seed=seed)))
        choose = quick_player(seed)
        while not session.over and not (session.to_act == 0 and one_end_extend(session)):
            session.play(choose(session.legal_moves()))
        if not session.over:
            break
    move = one_end_extend(session)
    path = tmp_path / "extend.jsonl"
    save(path, session.record)
    app = make_app(saves, load=path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await human_turn(pilot, await game_screen(pilot))
        board = screen.board
        await click_token(pilot, board, "source", [card.id for card in board.hand()].index(move["card"]))
        workshop = board.query_one("#workshop", TokenLines)
        events = len(screen.host.session.events)
        assert await click(pilot, workshop, offset=workshop.spot("rainbow", move["rainbow"]))  # its W label
        assert screen.host.session.events[events] == move
