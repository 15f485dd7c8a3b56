"""Below 80×24: the notice takes the keys, screens that close at once, the log rewrapped after."""

from __future__ import annotations

from kobito_tui.app.screens.rules import RulesScreen
from kobito_tui.app.screens.title import TitleScreen
from kobito_tui.app.widgets.size_notice import SizeNotice

from .conftest import make_app, treasure
from .test_pilot import human_turn, settle


async def test_keys_typed_at_the_notice_do_nothing_and_the_board_has_them_back_after(saves):
    app = make_app(saves, new=treasure("Ann,bot:random"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: human_turn(app))
        screen = app.screen
        revision = screen.client.latest.revision
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert isinstance(screen.focused, SizeNotice)
        await pilot.press("enter", "down", "enter", "u", "h", "escape", "f1", "f2", "tab", "enter", "q")
        await pilot.pause()
        assert app.screen is screen and screen.client.latest.revision == revision and app.return_code is None
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert screen.focused is not None and screen.board in screen.focused.ancestors_with_self
        await pilot.press("enter")  # the board's first move
        await settle(pilot, lambda: screen.client.latest.revision > revision)


async def test_a_title_key_at_the_notice_opens_nothing_and_ctrl_q_still_quits(saves):
    app = make_app(saves)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        await pilot.press("n", "r", "l", "h", "f1", "ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.return_code == 0


async def test_a_screen_opening_as_the_app_quits_does_not_crash(saves):
    """r then ctrl+q, the rules' mount handled after the app began to stop (a busy
    machine): the notice was mounted into a screen no longer attached (``MountError``)."""
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(RulesScreen())
        app.exit()
        await pilot.pause()
    assert app._exception is None and app.return_code == 0


async def test_screens_closed_before_they_mounted_do_not_crash(saves):
    """Each opened and closed in one go (keys typed faster than it opens): the rules
    looked for their text in a screen already emptied."""
    from kobito_tui.app.browser.screen import BrowserScreen
    from kobito_tui.app.screens.how_to_play import HowToPlayScreen
    from kobito_tui.app.screens.menu import MenuScreen
    from kobito_tui.app.screens.new_game import NewGameScreen

    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for screen in (RulesScreen, HowToPlayScreen, NewGameScreen, MenuScreen, lambda: BrowserScreen(saves)):
            app.push_screen(screen())
            app.pop_screen()
            await pilot.pause()
        await pilot.pause(0.1)
        assert isinstance(app.screen, TitleScreen)
    assert app._exception is None


async def test_the_log_rewraps_its_lines_when_the_window_is_large_again(saves):
    """Lines written while the log was hidden behind the notice (60×20) were wrapped
    at RichLog's minimum width and stayed so at 80×24."""
    from rich.text import Text

    app = make_app(saves, new=treasure("Ann,bot:random"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: human_turn(app))
        log = app.screen.query_one("#log")
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        line = "a long line of the log " * 3
        log.add(Text(line))
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        width = log.scrollable_content_region.width
        rows = ["".join(segment.text for segment in strip).rstrip() for strip in log.lines]
        assert max(len(row) for row in rows) > width - 8, (width, rows[-6:])
        assert all(len(row) > width - 8 for row in rows[-3:-1]), rows[-3:]  # the long line's full rows too


async def test_a_click_on_the_log_leaves_the_keys_with_the_board_and_the_footer_as_it_is(saves):
    """Each click on the log took the focus from the board, and the footer was rebuilt
    (its keys removed under the mouse) on the way there and back."""
    from textual.widgets._footer import FooterKey

    app = make_app(saves, new=treasure("Ann,bot:random"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: human_turn(app))
        screen = app.screen
        keys = list(screen.query(FooterKey))
        for _ in range(3):
            await pilot.click("#log")
            await pilot.click("#board")
        await pilot.pause()
        assert screen.board in screen.focused.ancestors_with_self
        assert list(screen.query(FooterKey)) == keys
