"""Each player's winning chance across the game: one line per player, drawn with the
seat's number (so it reads without colour), the moment shown as a lit column, the
marked turns under it; a click jumps to that moment.

Column ``c`` of the plot is the ``k``-th point of ``Report.chances`` (``k`` turns
analysed, 0: before the first), spread over the width; a wider game than the
chart puts several turns in a column, the last one drawn, the worst mark shown.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import groupby, repeat
from operator import itemgetter
from typing import Any

from rich.segment import Segment
from textual import events
from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.style import Style
from textual.visual import Visual
from textual.widget import Widget

from kobito_tui.analysis.report import MARKS, Report
from kobito_tui.i18n import Translator

GUTTER = 5  # "100% " left of the plot
GLYPHS = {"inaccuracy": "~", "mistake": "?", "blunder": "X"}  # one cell each, in any terminal and font
SEVERAL = "*"  # two or more lines in one cell
SEATS_STYLED = 6
PLOT_ROWS_LEAST = 2  # a plot of fewer rows says nothing: the chart folds to a strip


def seat_lines(chances: list[list[float]]) -> list[tuple[list[int] | None, list[float]]]:
    """Each seat's line: the points it has a chance at (None: all of them) and those chances,
    held to 0 … 1."""
    lines: list[tuple[list[int] | None, list[float]]] = []
    shortest = min(map(len, chances), default=0)
    for seat in range(max(map(len, chances), default=0)):
        if seat < shortest:
            points, values = None, list(map(itemgetter(seat), chances))
        else:  # a malformed report: rows of different lengths
            points = [k for k, row in enumerate(chances) if len(row) > seat]
            values = [chances[k][seat] for k in points]
        lines.append((points, list(map(min, repeat(1.0), map(max, repeat(0.0), values)))))
    return lines


def point_position(report: Report, k: int, start: int) -> int:
    """Where point ``k`` is in the record: after the ``k``-th turn (0: ``start``)."""
    return report.turns[k - 1].end if k > 0 else start


class ChanceChart(Widget):
    """The winning chances of ``report``'s seats; ``position`` is the record's moment shown."""

    COMPONENT_CLASSES = {
        *(f"chance-chart--seat-{n}" for n in range(SEATS_STYLED)),
        "chance-chart--now",
        "chance-chart--axis",
        "chance-chart--mark",
    }
    position: reactive[int] = reactive(0, repaint=False)  # redrawn when its column changes

    class Jump(Message):
        def __init__(self, position: int) -> None:
            super().__init__()
            self.position = position

    def __init__(self, report: Report, start: int, names: list[str], t: Translator, **kwargs: Any) -> None:
        """``names`` of the seats (printable), ``start`` the record's first moment shown."""
        super().__init__(**kwargs)
        self.report, self.start, self.names, self.t = report, start, names, t
        self._ends = [turn.end for turn in report.turns]  # where each point is reached
        self._kept: tuple[Size, list[Strip]] | None = None  # the chart drawn, for the size it was drawn at
        self._lines = seat_lines(report.chances)
        self._marked = [(k, turn.mark) for k, turn in enumerate(report.turns, start=1) if turn.mark]

    @property
    def points(self) -> int:
        return len(self.report.chances)

    def _columns(self) -> int:
        return max(1, self.content_size.width - GUTTER)

    def column(self, k: int) -> int:
        """The plot column of point ``k``."""
        return round(k * (self._columns() - 1) / max(1, self.points - 1))

    def point(self, column: int) -> int:
        """The last point drawn at or before ``column``."""
        return max((k for k in range(self.points) if self.column(k) <= column), default=0)

    def render_line(self, y: int) -> Strip:
        """Row ``y`` of the chart drawn for this size (kept), the moment's column lit: a step
        restyles one cell a row (the Line API, see Textual's guide)."""
        strips = self._drawn()
        if y >= len(strips):
            return Strip.blank(self.content_size.width, self.visual_style.rich_style)
        if y == 0:
            return strips[0]  # the legend
        strip, now = strips[y], GUTTER + self.now(self.position)
        lit = self.get_visual_style("chance-chart--now").rich_style
        cell = Strip(Segment.apply_style(strip.crop(now, now + 1), post_style=lit), 1)
        return Strip.join([strip.crop(0, now), cell, strip.crop(now + 1)])

    def now(self, position: int) -> int:
        """The plot column of record ``position``: the point after the turns ended by then."""
        return self.column(bisect_right(self._ends, position))

    def watch_position(self, old: int, new: int) -> None:
        if self.now(old) != self.now(new):
            self.refresh()

    def _drawn(self) -> list[Strip]:
        """The legend, the plot and the marks at this size, unlit."""
        if self._kept is not None and self._kept[0] == self.content_size:
            return self._kept[1]
        width, height = self.content_size
        # The legend, the plot, then the marks under it; too low for a plot (the board
        # needs the rows), the chart folds to the legend and the strip of marks.
        rows = height - 2 if height - 2 >= PLOT_ROWS_LEAST else 0
        columns = self._columns()
        grid = [[" "] * columns for _ in range(rows)]
        whose: list[list[int | None]] = [[None] * columns for _ in range(rows)]
        spread = (columns - 1) / max(1, self.points - 1)  # as column(k), worked out once for a long game
        at = list(map(round, map(spread.__mul__, range(self.points))))  # each point's column
        top = rows - 1
        for seat, (points, chances) in enumerate(self._lines if rows else []):
            # The cells this seat's line touches, each once (a long game puts many turns in a column);
            # the row of a chance as round(chance * top) from the bottom, worked out by map for a long game.
            columns_at = at if points is None else [at[k] for k in points]
            for r, c in set(zip(map(top.__sub__, map(round, map(float(top).__mul__, chances))), columns_at)):
                if whose[r][c] is None:
                    grid[r][c], whose[r][c] = str(seat + 1), seat
                else:  # another seat's line is there too
                    grid[r][c], whose[r][c] = SEVERAL, -1
        marks = [" "] * columns
        for k, mark in self._marked:
            c = round(k * spread)
            if marks[c] == " " or MARKS.index(mark) > _severity(marks[c]):
                marks[c] = GLYPHS[mark]
        axis = self.get_visual_style("chance-chart--axis")
        lines = [self.legend(width)]
        for r in range(rows):
            label = "100%" if r == 0 else "  0%" if r == rows - 1 else " 50%" if 2 * r == rows - 1 else ""
            runs = groupby(range(columns), key=lambda c: whose[r][c])  # one span per run of a seat's cells
            cells = [(f"{label:>4} ", axis), *(("".join(grid[r][c] for c in run), self._seat_style(seat)) for seat, run in runs)]
            lines.append(Content.assemble(*cells))
        lines.append(Content.assemble((" " * GUTTER, axis), ("".join(marks), self.get_visual_style("chance-chart--mark"))))
        strips = [Visual.to_strips(self, line, max(1, width), 1, self.visual_style, pad=True)[0] for line in lines[:height]]
        self._kept = (self.content_size, strips)
        return strips

    def notify_style_update(self) -> None:
        self._kept = None  # a new theme: drawn again in its colours
        super().notify_style_update()

    def legend(self, width: int) -> Content:
        """Who each number is, and what each mark says."""
        t = self.t
        seats = [(f"{seat + 1} {name}", self._seat_style(seat)) for seat, name in enumerate(self.names)]
        words = {"inaccuracy": t("inaccuracy"), "mistake": t("mistake"), "blunder": t("blunder")}
        marks = "  ".join(f"{GLYPHS[mark]} {words[mark]}" for mark in MARKS)
        parts: list[tuple[str, Style] | str] = [" " * GUTTER]
        for number, seat in enumerate(seats):
            parts += ["  "] * bool(number) + [seat]
        parts += ["   ", (marks, self.get_visual_style("chance-chart--mark"))]
        return Content.assemble(*parts).truncate(width, ellipsis=True)

    def _seat_style(self, seat: int | None) -> Style:
        if seat is None or seat < 0:
            return Style()
        return self.get_visual_style(f"chance-chart--seat-{seat % SEATS_STYLED}")

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is not None and offset.x >= GUTTER:
            event.stop()
            self.post_message(self.Jump(point_position(self.report, self.point(offset.x - GUTTER), self.start)))


def _severity(glyph: str) -> int:
    return next((MARKS.index(mark) for mark, shown in GLYPHS.items() if shown == glyph), -1)
