"""Work-arounds for crashes inside the pinned Textual (8.2.8); tests/app/test_workarounds.py
fails when Textual changes, so each is checked and dropped once Textual fixes it."""

from __future__ import annotations

from textual import on, work
from textual.css.query import NoMatches
from textual.binding import Binding
from textual.command import CommandList
from textual.command import CommandPalette as TextualCommandPalette
from textual.message import Message
from textual.widgets import Input, OptionList

TEXTUAL_VERSION = "8.2.8"


class CommandPalette(TextualCommandPalette):
    """Textual's palette, but PageUp/PageDown wait until its list has been laid out:
    before that, ``OptionList._move_page`` raises ``KeyError: 0`` (Ctrl+P, PageDown typed at once).
    And a command runs once: Textual dismisses the palette and runs its command again for
    each Enter typed before it closed, each dismissal popping one more screen (the one
    below, then ``ScreenStackError: Can't pop screen``).  And a search still running when
    its palette closes ends quietly (Textual's worker raised ``NoMatches: CommandList``,
    seen under the fuzz test: Ctrl+P, a letter and Escape typed in one burst)."""

    BINDINGS = [
        Binding("pagedown", "page(1)", "Next page", show=False),
        Binding("pageup", "page(-1)", "Previous page", show=False),
    ]

    def action_page(self, direction: int) -> None:
        commands = self.query_one(CommandList)
        if commands.scrollable_content_region:
            commands.action_page_down() if direction > 0 else commands.action_page_up()

    @on(Input.Submitted)
    @on(OptionList.OptionSelected)
    def _once(self, event: Message) -> None:
        if not self.is_active:  # closing: Textual's own handler would dismiss it again
            event.stop()
            event.prevent_default()

    @work(exclusive=True, group=TextualCommandPalette._GATHER_COMMANDS_GROUP)
    async def _gather_commands(self, search_value: str) -> None:
        try:
            await TextualCommandPalette._gather_commands.__wrapped__(self, search_value)
        except NoMatches:
            if self.is_active:  # not the closing race: a real fault
                raise
