"""The work-arounds for the pinned Textual: each is needed, and each works."""

from __future__ import annotations

import inspect
from importlib.metadata import version

import pytest
from textual import events
from textual.app import App
from textual.command import CommandList

from kobito_tui.app.widgets.workarounds import TEXTUAL_VERSION, CommandPalette
from kobito_tui.bench.waits import until

from .conftest import make_app, screen_text


def test_textual_is_the_version_the_workarounds_were_written_for():
    assert version("textual") == TEXTUAL_VERSION, "check each work-around in app/widgets/workarounds.py, then drop it"


async def _palette_then(app: App, key: str) -> None:
    """Ctrl+P and ``key`` typed at once, before the palette has been laid out."""
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.post_message(events.Key("ctrl+p", None))
        app.post_message(events.Key(key, None))
        await pilot.pause(0.2)


async def test_textual_own_palette_still_crashes_on_an_early_page_key(monkeypatch):
    from textual.widgets import OptionList

    textual_own = getattr(OptionList._move_page, "unguarded", OptionList._move_page)  # an app may have guarded it
    monkeypatch.setattr(OptionList, "_move_page", textual_own)
    with pytest.raises(KeyError):  # else Textual fixed OptionList._move_page: drop our CommandPalette's page guard
        await _palette_then(App(), "pagedown")


async def test_page_keys_typed_with_ctrl_p_do_not_crash(saves):
    for key in ("pageup", "pagedown"):
        app = make_app(saves)
        await _palette_then(app, key)
        assert app._exception is None and app.return_code is None


async def test_page_keys_still_page_through_the_palette(saves):
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        commands = app.screen.query_one(CommandList)
        await pilot.press("pagedown")
        assert commands.highlighted > 0
        await pilot.press("pageup")
        assert commands.highlighted == 0


async def _type_and_close(app: App, rounds: int = 20) -> None:
    """Ctrl+P, a letter and Escape typed at once, again and again: each search starts
    as its palette closes."""
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(rounds):
            for key in ("ctrl+p", "o", "escape"):
                app.post_message(events.Key(key, None))
            await pilot.pause(0.01)
        await pilot.pause(0.3)


async def test_a_search_whose_palette_closed_does_not_crash(saves):
    app = make_app(saves)
    await _type_and_close(app)
    assert app._exception is None and app.return_code is None


async def test_a_search_running_as_the_app_quits_does_not_crash(saves):
    """The app quits as the palette opens: its first search finds no list, as a stopped
    app mounts nothing more, while the palette is still the screen on top (seen under
    the fuzz test)."""
    for _ in range(3):
        app = make_app(saves)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.post_message(events.Key("ctrl+p", None))
        assert app._exception is None


async def test_the_palette_still_finds_and_runs_a_command(saves):
    from kobito_tui.app.screens.rules import RulesScreen

    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Rules")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await pilot.pause(0.2)
        assert isinstance(app.screen, RulesScreen)


# -- GameFooter: dims and lights keys in place ----------------------------
class _Toggle(App):
    """A footer key whose action is enabled or not: ``on`` says which."""

    BINDINGS = [("e", "end", "End"), ("x", "other", "Other")]
    on = True

    def compose(self):
        from textual.widgets import Footer

        from kobito_tui.app.widgets.workarounds import GameFooter

        yield GameFooter()
        yield Footer(id="plain")  # Textual's, rebuilt on each change

    def check_action(self, action, parameters):
        return True if self.on or action != "end" else None  # None: shown dimmed

    def action_end(self):
        self.bell()


def _footer_state(footer) -> list[tuple[str, bool, bool]]:
    from textual.widgets._footer import FooterKey

    keys = footer.query(FooterKey).exclude(".-command-palette")
    return [(key.key, key.has_class("-disabled"), key._disabled) for key in keys]


def test_footer_key_still_reads_the_private_disabled_flag():
    from textual.widgets._footer import Footer, FooterKey

    assert "self._disabled" in inspect.getsource(FooterKey.on_mouse_down)  # a click on a dimmed key only bells
    assert "self._disabled = disabled" in inspect.getsource(FooterKey.__init__)
    assert "_bindings_ready" in inspect.getsource(Footer.compose)


async def test_the_game_footer_dims_a_key_in_place_as_a_rebuilt_footer_would():
    app = _Toggle()
    async with app.run_test() as pilot:
        await pilot.pause()
        ours, plain = app.query_one("GameFooter"), app.query_one("#plain")
        keys = list(ours.children)
        assert _footer_state(ours) == _footer_state(plain) == [("e", False, False), ("x", False, False)]
        app.on = False
        app.refresh_bindings()
        await pilot.pause()
        await pilot.pause()
        assert list(ours.children) == keys  # the same widgets: not rebuilt
        assert _footer_state(ours) == _footer_state(plain) == [("e", True, True), ("x", False, False)]
        app.on = True
        app.refresh_bindings()
        await pilot.pause()
        await pilot.pause()
        assert _footer_state(ours) == _footer_state(plain) == [("e", False, False), ("x", False, False)]


# -- QuietCrashes: no traceback on the terminal ---------------------------
def test_textual_still_prints_its_errors_from_the_private_method():
    source = inspect.getsource(App)
    assert "def _print_error_renderables(self)" in source and "self._print_error_renderables()" in source
    app = App()
    assert app._exception is None and app._exit_renderables == []


# -- the size notice, mounted by a public @on(Mount) handler --------------
async def test_a_screen_with_its_own_on_mount_still_gets_one_size_notice(saves):
    from kobito_tui.app.screens.rules import RulesScreen
    from kobito_tui.app.widgets.size_notice import SizeNotice

    assert "on_mount" in RulesScreen.__dict__
    app = make_app(saves)
    async with app.run_test(size=(60, 20)) as pilot:
        app.push_screen(RulesScreen())  # (the keys typed at the notice open nothing)
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        notices = list(app.screen.query(SizeNotice))
        assert len(notices) == 1 and notices[0].display and "60×20" in str(notices[0].render())


# -- TranslatedBindings: the footer's words in the app's language ---------
def test_textual_footer_still_takes_its_keys_from_the_screen_active_bindings():
    from textual.screen import Screen
    from textual.widgets._footer import Footer

    source = inspect.getsource(Footer.compose)
    assert "self.screen.active_bindings" in source and "binding.description" in source and "group.description" in source
    assert isinstance(inspect.getattr_static(Screen, "active_bindings"), property)


def _footer_words(app) -> list[str]:
    from textual.widgets._footer import FooterKey, FooterLabel

    footer = app.screen.query_one("Footer")
    return [key.description for key in footer.query(FooterKey)] + [str(label.render()) for label in footer.query(FooterLabel)]


async def test_the_footer_speaks_the_app_language_and_follows_a_new_choice(saves, tmp_path):
    from kobito_tui.app.main import files_app

    app = files_app(saves, bot_delay=0, lang="uk", env={"KOBITO_CONFIG_DIR": str(tmp_path / "config")})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert _footer_words(app) == ["Клавіші", "команди"]  # F1, and Textual's own palette key
        await pilot.click("#lang-ru")
        await pilot.pause()
        await pilot.pause()
        assert _footer_words(app) == ["Клавиши", "команды"]


class _Spare(App):
    """A screen whose footer holds more words than a narrow window: "two" is spare."""

    def __init__(self):
        super().__init__()
        from kobito_tui.i18n import translator

        self.t = translator("en")
        self.pressed = []

    def get_default_screen(self):
        from textual.widgets import Footer

        from kobito_tui.app.widgets.workarounds import TranslatedBindings

        class Spare(TranslatedBindings):
            BINDINGS = [("a", "press('a')", "The first key's words"), ("b", "press('b')", "The second key's")]
            SPARE_KEYS = ("press('b')",)

            def compose(self):
                yield Footer(show_command_palette=False)

            def footer_room(self):
                return self.size.width

            def action_press(self, key):
                self.app.pressed.append(key)

        return Spare()


async def test_where_the_words_do_not_fit_the_spare_keys_leave_the_footer_and_still_work():
    for width, shown in ((80, ["The first key's words", "The second key's"]), (40, ["The first key's words"])):
        app = _Spare()
        async with app.run_test(size=(width, 10)) as pilot:
            await pilot.pause()
            assert _footer_words(app) == shown
            await pilot.press("b")
            assert app.pressed == ["b"]


async def test_the_game_footer_keeps_f1_in_every_language(saves, tmp_path):
    from kobito_tui.app.main import files_app
    from kobito_tui.app.screens.game import GameScreen

    from .conftest import treasure

    for lang in ("en", "uk", "ru", "xx"):
        app = files_app(saves, bot_delay=0, lang=lang, new=treasure("Ann,bot"), env={"KOBITO_CONFIG_DIR": str(tmp_path)})
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda app=app: isinstance(app.screen, GameScreen), "the game screen")
            await pilot.pause()
            assert "f1" in screen_text(app).splitlines()[-1], lang


async def test_the_palette_offers_its_commands_in_the_app_language(saves, tmp_path):
    from kobito_tui.app.main import files_app
    from kobito_tui.app.widgets.workarounds import CommandPalette

    app = files_app(saves, bot_delay=0, lang="ru", env={"KOBITO_CONFIG_DIR": str(tmp_path)})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        titles = {command.title: command.help for command in app.get_system_commands(app.screen)}
        assert titles["Новая игра"] == "Выбрать игру, игроков и варианты правил"
        assert titles["Тема"] == "Сменить тему оформления"  # Textual's own
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        assert app.screen.query_one("CommandInput").placeholder == "Поиск команд…"


def test_textual_linux_driver_still_makes_its_parser_by_its_module_name():
    from textual.drivers import linux_driver

    from kobito_tui.app.widgets.workarounds import BurstParser, bound_key_bursts

    assert "XTermParser(" in inspect.getsource(linux_driver.LinuxDriver.run_input_thread)
    bound_key_bursts()
    assert linux_driver.XTermParser is BurstParser


def test_textual_parser_still_makes_a_key_of_each_character_and_awaits_as_relied_on():
    from textual._parser import Read1
    from textual._xterm_parser import XTermParser

    parser = XTermParser()
    assert parser._awaiting == Read1() and not parser._tokens  # between sequences
    assert len(list(parser.feed("z" * 40))) == 40  # else drop BurstParser's fast path
    list(parser.feed("\x1b"))
    assert type(parser._awaiting) is Read1 and parser._awaiting.timeout is not None  # inside a sequence


# -- DyingWidgets: a press on a widget just removed -------------------------
def _press(x: int, y: int) -> events.MouseDown:
    return events.MouseDown(None, x, y, 0, 0, 1, False, False, False, screen_x=x, screen_y=y)


class _Words(App):
    """Words one may select, on a screen of ``screen_class``."""

    def __init__(self, screen_class):
        super().__init__()
        self.screen_class = screen_class

    def get_default_screen(self):
        from textual.widgets import Static

        class Words(self.screen_class):
            def compose(self):
                yield Static("words one may select", id="words")

        return Words()


async def _press_on_removed(app: App) -> None:
    """The words removed, then a press where the screen's last layout still has them
    (as a click queued on a busy machine meets the update that removed its widget)."""
    async with app.run_test(size=(40, 5)) as pilot:
        await pilot.pause()
        words = app.screen.query_one("#words")
        x, y = words.region.offset
        await words.remove()
        assert words in app.screen._compositor.full_map  # the layout is not refreshed yet
        await app.on_event(_press(x + 3, y))


async def test_textual_still_crashes_on_a_press_on_a_widget_just_removed():
    from textual.screen import Screen

    assert "self.get_widget_and_offset_at(" in inspect.getsource(Screen._forward_event)
    with pytest.raises(AttributeError, match="region"):  # else Textual fixed it: drop DyingWidgets
        await _press_on_removed(_Words(Screen))


async def test_a_press_on_a_widget_just_removed_does_nothing():
    from kobito_tui.app.widgets.workarounds import DyingWidgets

    app = _Words(DyingWidgets)
    await _press_on_removed(app)
    assert app._exception is None


async def test_a_press_on_a_live_widget_still_starts_a_selection():
    from kobito_tui.app.widgets.workarounds import DyingWidgets

    app = _Words(DyingWidgets)
    async with app.run_test(size=(40, 5)) as pilot:
        await pilot.pause()
        x, y = app.screen.query_one("#words").region.offset
        await app.on_event(_press(x + 3, y))
        assert app.screen._select_state is not None


# -- the palette: clicks on a list drawn before, on a palette closing --------
async def _clicks_in_palette(app: App, where) -> type:
    """Ctrl+P, then two presses and releases at ``where(palette)``, queued at once;
    the class of the screen then on top."""
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause(0.3)
        palette = app.screen
        x, y = where(palette)
        for _ in range(2):
            app.post_message(_press(x, y))
            app.post_message(events.MouseUp(None, x, y, 0, 0, 1, False, False, False, screen_x=x, screen_y=y))
        await pilot.pause(0.3)
        return type(app.screen)


def _background(palette) -> tuple[int, int]:
    """A spot on the palette screen itself, beside its input and list."""
    spot = next((0, y) for y in range(palette.size.height) if palette.get_widget_at(0, y)[0] is palette)
    return spot


async def test_textual_own_palette_still_closes_twice_on_two_clicks():
    from textual.app import ScreenStackError

    with pytest.raises(ScreenStackError):  # else Textual dismisses its palette once: drop the Click in _once
        await _clicks_in_palette(App(), _background)


async def test_two_clicks_on_the_palette_background_close_it_once(saves):
    from kobito_tui.app.screens.title import TitleScreen

    app = make_app(saves)
    assert await _clicks_in_palette(app, _background) is TitleScreen
    assert app._exception is None


async def _click_a_gone_option(app: App) -> type:
    """A click naming option 5 of a list that now holds fewer (drawn before a search narrowed it)."""
    from textual.style import Style

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause(0.3)
        commands = app.screen.query_one(CommandList)
        commands.clear_options()
        click = events.Click(commands, 1, 1, 0, 0, 1, False, False, False, style=Style.from_meta({"option": 5}))
        commands.post_message(click)
        await pilot.pause(0.2)
        return type(app.screen)


async def test_textual_own_palette_list_still_crashes_on_a_click_on_a_gone_option():
    with pytest.raises(IndexError):  # else Textual checks the index: drop _CommandList
        await _click_a_gone_option(App())


async def test_a_click_on_a_gone_option_does_nothing(saves):
    app = make_app(saves)
    assert await _click_a_gone_option(app) is CommandPalette
    assert app._exception is None


# -- DismissedOnce: a second dismissal closes nothing more --------------------
async def _dismissed_twice(app: App, top) -> int:
    """``top`` pushed over the first screen and a second one, then dismissed twice
    (a second Escape, a click queued as it closed); how many screens are left."""
    from textual.screen import Screen

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(Screen())
        screen = top()
        app.push_screen(screen)
        await pilot.pause()
        screen.dismiss(None)
        screen.dismiss(None)
        await pilot.pause()
        return len(app.screen_stack)


async def test_textual_still_dismisses_the_screen_below_on_a_second_dismissal():
    from textual.screen import Screen

    assert "self.app.pop_screen()" in inspect.getsource(Screen.dismiss)  # pops what is on top
    assert await _dismissed_twice(App(), Screen) == 1  # else Textual checks: drop DismissedOnce


async def test_a_screen_dismissed_twice_closes_once(saves):
    from kobito_tui.app.screens.menu import MenuScreen

    assert await _dismissed_twice(make_app(saves), MenuScreen) == 2


async def test_the_theme_picker_is_our_palette(saves):
    """Textual's "Theme" command opened Textual's own palette, without the fixes above
    (two clicks on its background closed the title under it: ``ScreenStackError``)."""
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.search_themes()
        await pilot.pause(0.2)
        assert type(app.screen) is CommandPalette


async def _page_down_as_a_select_opens() -> None:
    from textual.widgets import OptionList, Select

    class One(App):
        def compose(self):
            yield Select([(str(i), i) for i in range(30)], value=1, allow_blank=False)

    app = One()
    async with app.run_test(size=(80, 24)) as pilot:
        select = app.query_one(Select)
        select.focus()
        await pilot.pause()
        select.expanded = True
        select.query_one(OptionList).action_page_down()  # before its list is laid out


async def test_textual_option_list_still_pages_before_it_is_laid_out_and_the_guard_holds(monkeypatch):
    from textual.widgets import OptionList as TextualOptionList

    from kobito_tui.app.widgets.workarounds import guard_list_paging

    textual_own = getattr(TextualOptionList._move_page, "unguarded", TextualOptionList._move_page)  # an app may have guarded it
    monkeypatch.setattr(TextualOptionList, "_move_page", textual_own)  # as Textual has it; put back after the test
    with pytest.raises(KeyError):  # drop guard_list_paging once this fails
        await _page_down_as_a_select_opens()
    guard_list_paging()
    await _page_down_as_a_select_opens()
