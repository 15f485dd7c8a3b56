"""Everything that reaches into the pinned Textual's (8.2.8) private parts, here
and nowhere else: each where no public API does the job, with why in its
docstring.  tests/app/test_workarounds.py fails when Textual changes what one
relies on, so each is checked, and dropped once Textual offers a public way."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from textual import events, getters, on, work
from textual._parser import Read1  # private, as the next
from textual._xterm_parser import BRACKETED_PASTE_END, BRACKETED_PASTE_START, XTermParser  # the drivers' parser
from textual.app import App, ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import ActiveBinding, Binding
from textual.command import CommandInput, CommandList
from textual.command import CommandPalette as TextualCommandPalette
from textual.css.query import NoMatches
from textual.drivers import linux_driver
from textual.events import Click
from textual.geometry import Offset
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Input, OptionList
from textual.widgets._footer import FooterKey  # not exported by textual.widgets

from kobito_tui.app.actions import localized, translated

if TYPE_CHECKING:
    from kobito_tui.app.shell import ShellApp

TEXTUAL_VERSION = "8.2.8"
SEARCH_MAX_CHARS = 100  # the palette's search field


class DyingWidgets(Screen[Any]):
    """A press on a widget that is being removed does nothing.  Textual's screen
    finds the widget under the mouse in its last layout, which still holds a
    widget removed since (until the screen's next refresh: late on a busy
    machine); to start a text selection ``Screen._forward_event`` then reads that
    widget's parent, None by now (``AttributeError: 'NoneType' object has no
    attribute 'region'``: a click on a footer being rebuilt, a title being
    recomposed).  The public ``get_widget_and_offset_at`` it asks says "nothing
    to select there" for a widget no longer in the DOM."""

    def get_widget_and_offset_at(self, x: int, y: int) -> tuple[Widget | None, Offset | None]:
        widget, offset = super().get_widget_and_offset_at(x, y)
        if widget is not None and widget is not self and not widget.is_attached:
            return None, None
        return widget, offset


class DismissedOnce(DyingWidgets):
    """A screen dismissed twice closes once.  Textual's ``Screen.dismiss`` pops
    whatever screen is on top: a second Escape, or a click queued as the first
    closed it, dismissed the screen below as well (the game under a dialog, the
    title under the replay browser: then ``ScreenStackError: No screens on stack``)."""

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if not self.is_active:  # closed already, or something is over it
            done: AwaitComplete = AwaitComplete.nothing()  # type: ignore[no-untyped-call]  # Textual leaves it unannotated
            return done
        return super().dismiss(result)


class _CommandList(CommandList):
    """Textual's palette list, but a click on an option that is gone does nothing:
    the click names the option by its index in the list as it was drawn, and a
    search that has since shown fewer results made ``OptionList._on_click`` raise
    ``IndexError`` (a click just after a key typed in the palette)."""

    @on(Click)
    def _drawn_since(self, event: Click) -> None:
        index = event.style.meta.get("option")
        if index is not None and not 0 <= index < self.option_count:
            event.stop()
            event.prevent_default()


class CommandPalette(TextualCommandPalette, DyingWidgets):
    """Textual's palette, but PageUp/PageDown wait until its list has been laid out:
    before that, ``OptionList._move_page`` raises ``KeyError: 0`` (Ctrl+P, PageDown typed at once).
    And a command runs once: Textual dismisses the palette and runs its command again for
    each Enter typed before it closed, each dismissal popping one more screen (the one
    below, then ``ScreenStackError: Can't pop screen``).  And a search still running when
    its palette closes ends quietly (Textual's worker raised ``NoMatches: CommandList``,
    seen under the fuzz test: Ctrl+P, a letter and Escape typed in one burst; or the app
    quitting as the palette opens: a stopped app never mounts the palette's list).
    And the same for clicks: each click on its background dismissed it once more
    (two clicks queued while it closed: ``ScreenStackError``).  Its list is
    :class:`_CommandList`, composed in the place of Textual's.  Its search field
    takes at most ``SEARCH_MAX_CHARS`` characters."""

    BINDINGS = [
        Binding("pagedown", "page(1)", "Next page", show=False),
        Binding("pageup", "page(-1)", "Previous page", show=False),
    ]

    def on_mount(self) -> None:
        for search in self.query(CommandInput):  # none when the app quits as the palette opens
            search.max_length = SEARCH_MAX_CHARS  # typing and pasting stop there

    def action_page(self, direction: int) -> None:
        commands = self.query_one(CommandList)
        if commands.scrollable_content_region:
            if direction > 0:
                commands.action_page_down()  # type: ignore[no-untyped-call]  # Textual's OptionList leaves it unannotated
            else:
                commands.action_page_up()  # type: ignore[no-untyped-call]  # the same

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            yield _CommandList() if type(widget) is CommandList else widget

    @on(Input.Submitted)
    @on(OptionList.OptionSelected)
    @on(Click)
    def _once(self, event: Message) -> None:
        if not self.is_active:  # closing: Textual's own handler would dismiss it again
            event.stop()
            event.prevent_default()

    @work(exclusive=True, group=TextualCommandPalette._GATHER_COMMANDS_GROUP)
    async def _gather_commands(self, search_value: str) -> None:
        try:
            gather = TextualCommandPalette._gather_commands.__wrapped__  # type: ignore[attr-defined]  # @work keeps the undecorated method (functools.wraps); its type does not say so
            await gather(self, search_value)
        except NoMatches:
            if self.is_active and self.is_running and self.app.is_running:  # not closing: a real fault
                raise


class TranslatedBindings(DismissedOnce):
    """The footer in the client's language.  Bindings are declared once, in English,
    for every client (class-level ``BINDINGS``), and Textual has no public way to word
    them per app.  Its footer builds its keys from the public ``Screen.active_bindings``
    (``Footer.compose``): here that property gives each binding in the app's
    language (:func:`kobito_tui.app.actions.translated`, cached per binding).

    Words longer than English may not fit 80 columns: the actions named in
    ``SPARE_KEYS`` then leave the footer, one by one in that order until the rest
    fit (their keys still work; F1 lists them, and a button of the screen shows each)."""

    if TYPE_CHECKING:
        app = getters.app(ShellApp)  # the app as a Shell: its translator ``t`` known to the type checker

    SPARE_KEYS: tuple[str, ...] = ()

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        translate = self.app.t
        bindings = {
            key: ActiveBinding(node, translated(binding, translate), enabled, localized(translate, tooltip))
            for key, (node, binding, enabled, tooltip) in super().active_bindings.items()
        }
        room = self.footer_room() if self.SPARE_KEYS else 0
        for spare in self.SPARE_KEYS:
            if footer_width(self.app, bindings.values()) <= room:
                break
            bindings = {
                key: active._replace(binding=replace(active.binding, show=False)) if active.binding.action == spare else active
                for key, active in bindings.items()
            }
        return bindings

    def footer_room(self) -> int:
        """The columns the footer has for this screen's keys (beside the palette's)."""
        palette = Binding(self.app.COMMAND_PALETTE_BINDING, "command_palette", localized(self.app.t, "palette"))
        return self.size.width - footer_width(self.app, [ActiveBinding(self, palette, True)])


def footer_width(app: App[Any], bindings: Iterable[ActiveBinding]) -> int:
    """How many columns Textual's footer takes for ``bindings``: each key and its words
    with a space before, between and after them (a group's keys share its words), as
    ``FooterKey`` pads them; the palette's key takes as many, its edge in its left space."""
    width = 0
    actions: set[str] = set()
    groups: set[Binding.Group] = set()
    for _, binding, _, _ in bindings:
        if not binding.show or binding.action in actions:
            continue
        actions.add(binding.action)
        width += cell_len(app.get_key_display(binding))
        if binding.group is None:
            width += cell_len(binding.description) + 3
        elif binding.group not in groups:
            groups.add(binding.group)
            width += cell_len(binding.group.description) + 3
    return width


class GameFooter(Footer):
    """The footer, brought up to date in place when only which keys are enabled
    changed (a move or an undo often just dims or lights "End").  Textual's footer
    rebuilds all its keys on every change: a few milliseconds, and hundreds of
    widgets of garbage whose full collections stalled key presses for 100 ms
    (``kobito bench ui``).  No public API dims a footer key: this sets the
    private ``FooterKey._disabled`` that its render and click read, and reads
    ``Footer._bindings_ready`` (the footer has been composed once)."""

    def bindings_changed(self, screen: Screen[Any]) -> None:
        if self._bindings_ready and screen is self.screen and screen.app.app_focus:  # composed, or about to be
            self.call_after_refresh(self._bring_up_to_date)
        else:
            super().bindings_changed(screen)

    async def _bring_up_to_date(self) -> None:
        if not self.is_attached:
            return
        shown: dict[tuple[str, str], bool] = {}  # (key, action) -> enabled, as Footer.compose picks them
        actions: set[str] = set()
        for _, binding, enabled, _ in self.screen.active_bindings.values():
            if binding.show and binding.action not in actions:
                actions.add(binding.action)
                shown[binding.key, binding.action] = enabled
        keys = [key for key in self.query(FooterKey) if not key.has_class("-command-palette")]
        if [(key.key, key.action) for key in keys] != list(shown):
            await self.recompose()
            return
        for key in keys:
            key._disabled = not shown[key.key, key.action]
            key.set_class(key._disabled, "-disabled")


class QuietCrashes(App[Any]):
    """After an internal error the player reads a line, not a traceback: Textual
    prints the traceback (with local variables, which may hold hidden cards) from
    the private ``_print_error_renderables`` once the terminal is back, and has
    no public hook for it.  The app passes ``crashed`` the error; the app's own
    ``exit_lines`` are printed after a normal exit."""

    exit_lines: list[str]  # printed as they are once the terminal is back: paths stay whole
    crashed: Callable[[BaseException], None]

    def _print_error_renderables(self) -> None:
        if self._exception is None or not self._exit_renderables:
            super()._print_error_renderables()
            for line in self.exit_lines:
                print(line, file=sys.stderr)
            return
        self._exit_renderables.clear()
        self.crashed(self._exception)


class BurstParser(XTermParser):
    """Textual's terminal parser, but a run of printable characters read at once (a
    paste from a terminal without bracketed paste, or text sent as keys) arrives
    as one :class:`events.Paste`, without going through the parser.  Textual makes
    a key event of each character (25 µs each) and dispatches each: 100 kB of them
    froze a session for 18-30 s at 300 MB.  A person typing never puts
    ``BURST_CHARS`` characters in one read.

    Only while the parser is between sequences: it awaits a plain ``Read1()``
    (private ``Parser._awaiting``), has no tokens queued (``Parser._tokens``), and
    no bracketed paste is open (its flag is a local of Textual's parse loop: the
    markers are followed here).  Textual's Linux driver makes its parser in
    ``run_input_thread`` with no way to pass one: :func:`bound_key_bursts` swaps
    the class its module names."""

    BURST_CHARS = 32
    _RUN = re.compile(f"[^\x00-\x1f\x7f-\x9f]{{{BURST_CHARS},}}")  # no C0 or C1 control character

    def __init__(self, debug: bool = False) -> None:
        super().__init__(debug)
        self._bracketed = False
        self._tail = ""  # the end of what was parsed: a paste marker may be split

    def feed(self, data: str) -> Iterable[Message]:
        if not data:  # the end of the input
            yield from super().feed(data)
            return
        position = 0
        for run in self._RUN.finditer(data):
            yield from self._parsed(data[position : run.start()])
            if self._between_sequences():
                yield events.Paste(run.group())
            else:
                yield from self._parsed(run.group())
            position = run.end()
        yield from self._parsed(data[position:])

    def _parsed(self, text: str) -> Iterable[Message]:
        """``text`` through Textual's parser (nothing: not its end of input)."""
        if not text:
            return
        seen = self._tail + text
        opened, closed = seen.rfind(BRACKETED_PASTE_START), seen.rfind(BRACKETED_PASTE_END)
        if opened != -1 or closed != -1:
            self._bracketed = opened > closed
        self._tail = seen[-len(BRACKETED_PASTE_START) + 1 :]
        yield from super().feed(text)

    def _between_sequences(self) -> bool:
        awaiting = self._awaiting
        return not self._bracketed and not self._tokens and type(awaiting) is Read1 and awaiting.timeout is None


def bound_key_bursts() -> None:
    """Make Textual's Linux driver read keys with :class:`BurstParser`."""
    linux_driver.XTermParser = BurstParser  # type: ignore[attr-defined]  # the name the driver imported, not one it exports


def guard_list_paging() -> None:
    """PageUp/PageDown on any option list not laid out yet does nothing.  Textual's
    ``OptionList._move_page`` reads the lines of options it has not made yet (``KeyError``:
    PageDown typed as a Select's dropdown opens, seen under the fuzz test); the palette's
    list is guarded the same way by :meth:`CommandPalette.action_page`."""
    if getattr(OptionList._move_page, "guarded", False):
        return
    move_page = OptionList._move_page

    def _move_page(self: OptionList, direction: Any) -> None:
        if self.scrollable_content_region:  # laid out: its lines are made
            move_page(self, direction)

    _move_page.guarded = True  # type: ignore[attr-defined]  # marks set on the function, read back above and by tests
    _move_page.unguarded = move_page  # type: ignore[attr-defined]  # the same
    OptionList._move_page = _move_page  # type: ignore[method-assign]  # the guard is a patch of Textual's method
