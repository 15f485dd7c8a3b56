"""Each player's winning chance across the game: one line per player, drawn in braille dots
(two columns and four rows of dots a cell, so four rows of text hold sixteen levels), in the
seat's colour; the moment shown is a lit column where each line's seat letter stands, side by
side where seats are level (so it reads without colour), the marked turns under it; a click jumps to that moment.  Its tooltip says what the chance
means (docs/analysis.md).

Dot column ``x`` of the plot is the ``k``-th point of ``Report.chances`` (``k`` turns
analysed, 0: before the first), spread over twice the width; consecutive points are joined.
A wider game than the chart puts several turns in a column, joined by a vertical stroke,
the worst mark shown.
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
SEATS_STYLED = 6
PLOT_ROWS_LEAST = 2  # a plot of fewer rows says nothing: the chart folds to a strip
BRAILLE = 0x2800
DOTS = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))  # [left/right][dot row from the top]


def seat_letters(names: list[str]) -> list[str]:
    """One letter per seat: its name's initial where no other seat's is the same, else its
    number (two computers: "Computer 2", "Computer 3" are 2 and 3)."""
    initials = [next((ch.upper() for ch in name if ch.isalnum()), "") for name in names]
    return [initial if initial.isalpha() and initials.count(initial) == 1 else str(seat + 1) for seat, initial in enumerate(initials)]


def dot_line(columns: list[int], levels: list[int]) -> set[tuple[int, int]]:
    """The dots (x, level) of a line through the points (``columns[i]``, ``levels[i]``), joined:
    each dot column between two points gets the levels the segment crosses there."""
    dots: set[tuple[int, int]] = set(zip(columns, levels))
    for x0, y0, x1, y1 in zip(columns, levels, columns[1:], levels[1:]):
        if x0 == x1:
            dots.update((x0, y) for y in range(min(y0, y1), max(y0, y1) + 1))
            continue
        slope = (y1 - y0) / (x1 - x0)
        for x in range(x0, x1 + 1):
            ya, yb = y0 + slope * (max(x - 0.5, x0) - x0), y0 + slope * (min(x + 0.5, x1) - x0)
            dots.update((x, y) for y in range(round(min(ya, yb)), round(max(ya, yb)) + 1))
    return dots


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
        self.letters = seat_letters(names + [""] * (len(self._lines) - len(names)))  # every seat's, named or not
        self._rows = 0  # plot rows of the chart drawn
        self._letters_at: tuple[int, int, dict[int, list[int]]] | None = None  # (rows, point, row → seats) kept
        self.tooltip = t(
            "Winning chance: how often a player went on to win from such a turn in the computers' games. "
            "For a computer's seat, how often that level won; for a person, Hard's and Medium's turns together, "
            "so a stronger player wins more often than it says, a weaker one less often."
        )

    @property
    def points(self) -> int:
        return len(self.report.chances)

    def _columns(self) -> int:
        return max(1, self.content_size.width - GUTTER)

    def _dot_columns(self) -> list[int]:
        """Each point's dot column: two a cell, the first point at the left, the last at the right."""
        spread = (2 * self._columns() - 1) / max(1, self.points - 1)
        return list(map(round, map(spread.__mul__, range(self.points))))

    def column(self, k: int) -> int:
        """The plot column of point ``k``."""
        return round(k * (2 * self._columns() - 1) / max(1, self.points - 1)) // 2

    def point(self, column: int) -> int:
        """The last point drawn at or before ``column``."""
        return max((k for k in range(self.points) if self.column(k) <= column), default=0)

    def render_line(self, y: int) -> Strip:
        """Row ``y`` of the chart drawn for this size (kept), the moment's column lit and each
        line's letter there: a step restyles one cell a row (the Line API, see Textual's guide)."""
        strips = self._drawn()
        if y >= len(strips):
            return Strip.blank(self.content_size.width, self.visual_style.rich_style)
        if y == 0:
            return strips[0]  # the legend
        strip, now = strips[y], GUTTER + self.now(self.position)
        lit = self.get_visual_style("chance-chart--now").rich_style
        seats = self.letters_now().get(y - 1, []) if y - 1 < self._rows else []
        if not seats:
            cell = Strip(Segment.apply_style(strip.crop(now, now + 1), post_style=lit), 1)
            return Strip.join([strip.crop(0, now), cell, strip.crop(now + 1)])
        # Seats at the same height: their letters side by side from the lit column (leftwards at the right edge).
        start = max(GUTTER, min(now, self.content_size.width - len(seats)))
        letters = Strip([Segment(self.letters[seat], self._seat_style(seat).rich_style + lit) for seat in seats], len(seats))
        return Strip.join([strip.crop(0, start), letters, strip.crop(start + len(seats))])

    def letters_now(self) -> dict[int, list[int]]:
        """The seats whose letter stands in each plot row at the moment shown: the row of its chance."""
        rows, k = self._rows, bisect_right(self._ends, self.position)
        if self._letters_at is not None and self._letters_at[:2] == (rows, k):
            return self._letters_at[2]
        placed: dict[int, list[int]] = {}
        levels = 4 * rows - 1
        for seat, (points, chances) in enumerate(self._lines if rows else []):
            if points is None:
                chance = chances[k] if k < len(chances) else None
            else:
                chance = chances[points.index(k)] if k in points else None
            if chance is not None:
                placed.setdefault((levels - round(chance * levels)) // 4, []).append(seat)
        self._letters_at = (rows, k, placed)
        return placed

    def now(self, position: int) -> int:
        """The plot column of record ``position``: the point after the turns ended by then."""
        return self.column(bisect_right(self._ends, position))

    def watch_position(self, old: int, new: int) -> None:
        if self.now(old) != self.now(new) or bisect_right(self._ends, old) != bisect_right(self._ends, new):
            self.refresh()  # the lit column, or the letters in it

    def _drawn(self) -> list[Strip]:
        """The legend, the plot and the marks at this size, unlit."""
        if self._kept is not None and self._kept[0] == self.content_size:
            return self._kept[1]
        width, height = self.content_size
        # The legend, the plot, then the marks under it; too low for a plot (the board
        # needs the rows), the chart folds to the legend and the strip of marks.
        rows = height - 2 if height - 2 >= PLOT_ROWS_LEAST else 0
        self._rows = rows
        columns = self._columns()
        cells = [[0] * columns for _ in range(rows)]  # the braille dots of each cell
        whose: list[list[int | None]] = [[None] * columns for _ in range(rows)]
        at = self._dot_columns()
        levels = 4 * rows - 1  # dot levels from the bottom (0) to the top
        for seat, (points, chances) in enumerate(self._lines if rows else []):
            columns_at = at if points is None else [at[k] for k in points]
            for x, level in dot_line(columns_at, [round(chance * levels) for chance in chances]):
                r, dot = divmod(levels - level, 4)
                c = x // 2
                cells[r][c] |= DOTS[x % 2][dot]
                if whose[r][c] is None:
                    whose[r][c] = seat
                elif whose[r][c] != seat:
                    whose[r][c] = -1  # another seat's line is there too
        marks = [" "] * columns
        for k, mark in self._marked:
            c = self.column(k)
            if marks[c] == " " or MARKS.index(mark) > _severity(marks[c]):
                marks[c] = GLYPHS[mark]
        axis = self.get_visual_style("chance-chart--axis")
        lines = [self.legend(width)]
        for r in range(rows):
            label = "100%" if r == 0 else "  0%" if r == rows - 1 else " 50%" if 2 * r == rows - 1 else ""
            runs = groupby(range(columns), key=lambda c: whose[r][c])  # one span per run of a seat's cells
            parts = [(f"{label:>4} ", axis)]
            parts += [
                ("".join(chr(BRAILLE + cells[r][c]) if cells[r][c] else " " for c in run), self._seat_style(seat)) for seat, run in runs
            ]
            lines.append(Content.assemble(*parts))
        lines.append(Content.assemble((" " * GUTTER, axis), ("".join(marks), self.get_visual_style("chance-chart--mark"))))
        strips = [Visual.to_strips(self, line, max(1, width), 1, self.visual_style, pad=True)[0] for line in lines[:height]]
        self._kept = (self.content_size, strips)
        return strips

    def notify_style_update(self) -> None:
        self._kept = self._letters_at = None  # a new theme: drawn again in its colours
        super().notify_style_update()

    def legend(self, width: int) -> Content:
        """Whose each letter (and colour) is, and what each mark says."""
        t = self.t
        seats = [(f"{letter} {name}", self._seat_style(seat)) for seat, (letter, name) in enumerate(zip(self.letters, self.names))]
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
