"""Work-arounds for crashes inside the pinned Textual (8.2.8); tests/app/test_workarounds.py
fails when Textual changes, so each is checked and dropped once Textual fixes it."""

from __future__ import annotations

from textual.binding import Binding
from textual.command import CommandList
from textual.command import CommandPalette as TextualCommandPalette

TEXTUAL_VERSION = "8.2.8"


class CommandPalette(TextualCommandPalette):
    """Textual's palette, but PageUp/PageDown wait until its list has been laid out:
    before that, ``OptionList._move_page`` raises ``KeyError: 0`` (Ctrl+P, PageDown typed at once)."""

    BINDINGS = [
        Binding("pagedown", "page(1)", "Next page", show=False),
        Binding("pageup", "page(-1)", "Previous page", show=False),
    ]

    def action_page(self, direction: int) -> None:
        commands = self.query_one(CommandList)
        if commands.scrollable_content_region:
            commands.action_page_down() if direction > 0 else commands.action_page_up()
