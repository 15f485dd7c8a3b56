"""The game log in words up to the moment shown, the newest line at the bottom.

Only the lines that fit are described (by the cursor, a stretch of events at a
time), so a record of any length opens at once.  A click on a line, or ↑↓ and
the mouse wheel, jumps to just after that line's event.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual import events
from textual.binding import BindingType
from textual.cache import LRUCache
from textual.content import Content
from textual.message import Message
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget

from kobito_tui.app import actions
from kobito_tui.core.message import Message as LogLine
from kobito_tui.core.replay import ReplayCursor
from kobito_tui.i18n import Translator, translator
from kobito_tui.i18n.messages import say
from kobito_tui.i18n.seats import local_player

LINES_KEPT = 2000  # lines wrapped and kept for the next steps (a few screens' worth, every width tried)


class ReplayLog(Widget, can_focus=True):
    COMPONENT_CLASSES = {"replay-log--current"}
    BINDINGS: ClassVar[list[BindingType]] = [*actions.bindings(*actions.REPLAY_LOG)]

    class Jump(Message):
        def __init__(self, position: int) -> None:
            super().__init__()
            self.position = position

    def __init__(self, cursor: ReplayCursor, seat: int | None, t: Translator | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cursor = cursor
        self.seat = seat
        self.t = t or translator("en")
        self.rows: list[tuple[int, Strip]] = []  # what each row shows, and where a click on it jumps
        self._shown: tuple[int, int | None, int, int] | None = None  # what self.rows were laid out for
        self._words: LRUCache[tuple[int, int | None], str] = LRUCache(LINES_KEPT)
        self._strips: LRUCache[tuple[int, int | None, int], list[Strip]] = LRUCache(LINES_KEPT)

    def show(self, seat: int | None) -> None:
        """Show the lines as ``seat`` reads them, up to the cursor's position (drawn at the next refresh)."""
        self.seat = seat
        self.refresh()

    def lines(self, count: int) -> list[tuple[int, str]]:
        """The last ``count`` lines up to the position, the start first if it is among them."""
        lines = [(at, self._said(at, line)) for at, line in self.cursor.lines_before(self.cursor.position, self.seat, count)]
        # Translators: the first line of a replay's log, before anything happened.
        return lines if len(lines) == count else [(0, self.t("— start —")), *lines][-count:]

    def _said(self, position: int, line: LogLine) -> str:
        """The line of the event before ``position`` in words, kept for the next steps."""
        key = (position, self.seat)
        if key not in self._words:
            seats = self.cursor.header.seats
            self._words[key] = say(self.t, line, seats, local_player(seats))
        return self._words[key]

    def render_line(self, y: int) -> Strip:
        """Row ``y`` of the lines up to the position, each line wrapped once and kept (a step
        redraws one new line, not all: the Line API, see Textual's guide)."""
        rows = self._layout()
        return rows[y][1] if y < len(rows) else Strip.blank(self.content_size.width, self.visual_style.rich_style)

    def _layout(self) -> list[tuple[int, Strip]]:
        """The rows shown (where a click jumps, what is drawn), the newest line's last."""
        width, height = self.content_size
        key = (self.cursor.position, self.seat, width, height)
        if key == self._shown:
            return self.rows
        rows: list[tuple[int, Strip]] = []
        for number, (position, line) in enumerate(reversed(self.lines(max(1, height)))):
            strips = self._current(line, width) if number == 0 else self._wrapped(position, line, width)
            rows[:0] = [(position, strip) for strip in strips]
            if len(rows) >= height:
                break
        self.rows, self._shown = (rows[-height:] if height else []), key
        return self.rows

    def _wrapped(self, position: int, line: str, width: int) -> list[Strip]:
        key = (position, self.seat, width)
        if key not in self._strips:
            self._strips[key] = Visual.to_strips(self, Content(line), max(1, width), None, self.visual_style, pad=True)
        return self._strips[key]

    def _current(self, line: str, width: int) -> list[Strip]:
        """The newest line, highlighted across the whole width."""
        current = self.get_visual_style("replay-log--current")
        rows = [row.stylize(current).extend_right(width - row.cell_length) for row in Content(line).wrap(max(1, width))]
        return Visual.to_strips(self, Content("\n").join(rows), max(1, width), None, self.visual_style, pad=True)

    def notify_style_update(self) -> None:
        self._strips.clear()  # a new theme: lines drawn again in its colours
        self._shown = None
        super().notify_style_update()

    def action_line(self, delta: int) -> None:
        """To the line before the newest shown (-1), or to the next one (1)."""
        cursor = self.cursor
        if delta < 0:
            earlier = cursor.lines_before(cursor.position, self.seat, 2)
            self.post_message(self.Jump(earlier[0][0] if len(earlier) == 2 else 0))
        else:
            later = cursor.next_line(cursor.position, self.seat)
            self.post_message(self.Jump(cursor.length if later is None else later))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is not None and 0 <= offset.y < len(self.rows):
            self.post_message(self.Jump(self.rows[offset.y][0]))

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self.action_line(-1)

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self.action_line(1)
