"""The game log in words up to the moment shown, the newest line at the bottom.

Only the lines that fit are described (by the cursor, a stretch of events at a
time), so a record of any length opens at once.  A click on a line, or ↑↓ and
the mouse wheel, jumps to just after that line's event.
"""

from __future__ import annotations

from textual import events
from textual.content import Content
from textual.message import Message
from textual.widget import Widget

from kobito_tui.app import actions
from kobito_tui.core.replay import ReplayCursor
from kobito_tui.i18n import Translator, translator
from kobito_tui.i18n.messages import say
from kobito_tui.i18n.seats import local_player


class ReplayLog(Widget, can_focus=True):
    COMPONENT_CLASSES = {"replay-log--current"}
    BINDINGS = actions.bindings(*actions.REPLAY_LOG)

    class Jump(Message):
        def __init__(self, position: int) -> None:
            super().__init__()
            self.position = position

    def __init__(self, cursor: ReplayCursor, seat: int | None, t: Translator | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.cursor = cursor
        self.seat = seat
        self.t = t or translator("en")
        self.rows: list[tuple[int, Content]] = []  # what each row shows, and where a click on it jumps

    def show(self, seat: int | None) -> None:
        """Show the lines as ``seat`` reads them, up to the cursor's position (drawn at the next refresh)."""
        self.seat = seat
        self.refresh()

    def lines(self, count: int) -> list[tuple[int, str]]:
        """The last ``count`` lines up to the position, the start first if it is among them."""
        seats = self.cursor.header.seats
        reader = local_player(seats)
        lines = [(at, say(self.t, line, seats, reader)) for at, line in self.cursor.lines_before(self.cursor.position, self.seat, count)]
        # Translators: the first line of a replay's log, before anything happened.
        return lines if len(lines) == count else [(0, self.t("— start —")), *lines][-count:]

    def render(self) -> Content:
        width, height = self.content_size
        rows: list[tuple[int, Content]] = []
        lines = self.lines(max(1, height))
        current = self.get_visual_style("replay-log--current")
        for number, (position, line) in enumerate(reversed(lines)):
            text = Content(line)
            wrapped = [(position, row) for row in text.wrap(max(1, width))]
            if number == 0:
                wrapped = [(position, row.stylize(current).extend_right(width - row.cell_length)) for _, row in wrapped]
            rows[:0] = wrapped
            if len(rows) >= height:
                break
        self.rows = rows[-height:] if height else []
        return Content("\n").join(row for _, row in self.rows)

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
