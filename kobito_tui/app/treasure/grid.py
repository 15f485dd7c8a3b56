"""The 5x5 tile grid: draws one seat's view, reports clicked tiles.

Five tiles and their one-cell gaps share the grid's size (at least 6 cells by
2 lines a tile; larger terminals get larger tiles from the style sheet).  The
middle lines of a tile show the side facing up (colour letter and treasure
glyph, or a chest with the colour letter once known, ``?`` for a tile nobody
has seen in *seek*), then a pawn or a highlight (a step's arrow, a corner to
choose, a tile flipped this turn).  Colours come from ``styles/treasure.tcss``
component classes.  A change repaints only the tiles that look different (a
cursor move: two).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.segment import Segment
from rich.style import Style
from textual import events, getters
from textual.geometry import Offset, Region
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from kobito_tui.app.treasure.controls import Choices, acting_pawn
from kobito_tui.app.treasure.glyphs import (
    ARROWS,
    CHEST,
    CORNER,
    CURSOR,
    HINT,
    TRAIL,
    TREASURES,
    UNKNOWN,
    WON,
    pawn_label,
)
from kobito_tui.i18n.words import colour_letter
from kobito_tui.treasure.board import COLOURS, SIZE
from kobito_tui.treasure.view import Pos, TileView, TreasureView

if TYPE_CHECKING:
    from kobito_tui.app.shell import ShellApp

TILE_WIDTH, TILE_HEIGHT = 6, 2  # the smallest tile
PITCH_X, PITCH_Y = TILE_WIDTH + 1, TILE_HEIGHT + 1  # a tile and its gap, at the smallest


class TileGrid(Widget):
    """The board's tiles and pawns, with the acting pawn and its choices highlighted."""

    if TYPE_CHECKING:
        app = getters.app(ShellApp)  # the app as a Shell: its translator ``t`` known to the type checker

    COMPONENT_CLASSES = {
        *(f"tile--{colour}" for colour in COLOURS),
        "tile--chest",
        "tile--unknown",
        "tile--pawn",
        "tile--acting",
        "tile--target",
        "tile--hint",
        "tile--trail",
        "tile--corner",
        "tile--cursor",
        "tile--won",
        "tile--hover",
    }

    class Clicked(Message):
        """A tile was clicked."""

        def __init__(self, pos: Pos) -> None:
            super().__init__()
            self.pos = pos

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._view: TreasureView | None = None
        self._choices = Choices()
        self._cursor: Pos | None = None
        self._hint: Pos | None = None
        self._winning: set[Pos] = set()
        self._hover: Pos | None = None
        self._styles: dict[tuple[str, bool], Style] = {}  # component styles (a refresh empties Textual's own cache)

    def show(self, view: TreasureView, choices: Choices, cursor: Pos | None = None, hint: Pos | None = None) -> None:
        before = self._looks()
        self._view, self._choices, self._cursor, self._hint = view, choices, cursor, hint
        self._winning = _winning_tiles(view)
        self._repaint(before)

    def _looks(self) -> dict[Pos, object] | None:
        """What each tile shows (its side up and its mark); None before there is anything to show."""
        if self._view is None or not self._view.tiles:
            return None
        return {(row, col): (self._tile((row, col)), self._mark((row, col))) for row in range(SIZE) for col in range(SIZE)}

    def _repaint(self, before: dict[Pos, object] | None) -> None:
        """Repaint the tiles that look different from ``before`` (all of them without it)."""
        after = self._looks()
        if before is None or after is None or not self.size:
            self.refresh()
            return
        pitch_x, pitch_y = self.pitch
        changed = [
            Region(col * pitch_x, row * pitch_y, pitch_x - 1, pitch_y - 1) for (row, col), look in after.items() if before[row, col] != look
        ]
        if changed:
            self.refresh(*changed)

    def _style(self, component: str, partial: bool = False) -> Style:
        if (component, partial) not in self._styles:
            self._styles[component, partial] = self.get_component_rich_style(component, partial=partial)
        return self._styles[component, partial]

    def notify_style_update(self) -> None:
        self._styles.clear()
        super().notify_style_update()

    # -- drawing ---------------------------------------------------------
    @property
    def pitch(self) -> tuple[int, int]:
        """Cells across and lines down from one tile to the next (tile plus gap)."""
        width, height = self.size
        return max(PITCH_X, (width + 1) // SIZE), max(PITCH_Y, (height + 1) // SIZE)

    def render_line(self, y: int) -> Strip:
        (pitch_x, pitch_y), view = self.pitch, self._view
        width, height = pitch_x - 1, pitch_y - 1
        row, line = divmod(y, pitch_y)
        if view is None or not view.tiles or row >= SIZE or line >= height:
            return Strip.blank(self.size.width, self.rich_style)
        face_line = (height - 1) // 2
        draw = self._face if line == face_line else self._marker if line == face_line + 1 else self._fill
        gap = Segment(" ", self.rich_style)
        segments: list[Segment] = []
        for col in range(SIZE):
            if col:
                segments.append(gap)
            segments.append(draw((row, col), width))
        return Strip(segments).adjust_cell_length(self.size.width, self.rich_style)

    @property
    def _shown(self) -> TreasureView:
        """The view drawn: there is one from the first ``show`` on (before it the grid draws nothing)."""
        assert self._view is not None, "nothing shown yet"
        return self._view

    def _tile(self, pos: Pos) -> TileView:
        return self._shown.tiles[pos[0] * SIZE + pos[1]]

    def _tile_style(self, pos: Pos) -> Style:
        tile = self._tile(pos)
        if tile.colour is None:
            return self._style("tile--unknown")
        return self._style(f"tile--{tile.colour}" if tile.face_up else "tile--chest")

    def _face(self, pos: Pos, width: int) -> Segment:
        """Colour letter and treasure, or a chest with its colour letter (public
        memory) or ``?``; a tile turned up waiting for its reveal (replays) is ``?``."""
        tile = self._tile(pos)
        if tile.colour is None:
            text = UNKNOWN if tile.face_up else f"{UNKNOWN} {CHEST}"
        else:
            letter = colour_letter(self.app.t, tile.colour)
            text = f"{letter} {CHEST}"
            if tile.face_up:
                assert tile.treasure is not None  # a tile whose colour is known is known whole
                text = f"{letter} {TREASURES[tile.treasure]}"
        return Segment(f"{text:^{width}}", self._tile_style(pos))

    def _marker(self, pos: Pos, width: int) -> Segment:
        text, component = self._mark(pos)
        style = self._tile_style(pos)
        if component:
            style += self._style(component, partial=True)
        return Segment(f"{text:^{width}}", style)

    def _fill(self, pos: Pos, width: int) -> Segment:
        return Segment(" " * width, self._tile_style(pos))

    def _mark(self, pos: Pos) -> tuple[str, str | None]:
        """The second line of a tile: its text and highlight component."""
        view, choices = self._shown, self._choices
        if pos in view.pawns:
            label = pawn_label(None if view.shared_pawn else view.pawns.index(pos))
            return (f"»{label}«", "tile--acting") if pos == acting_pawn(view) else (label, "tile--pawn")
        hinted = pos == self._hint
        if pos in choices.steps:
            arrow = ARROWS[choices.steps[pos]["dir"]]
            if hinted:
                return HINT + arrow, "tile--hint"
            return arrow, "tile--hover" if pos == self._hover else "tile--target"
        if pos in choices.corners:
            if hinted:
                return HINT + CORNER, "tile--hint"
            if pos == self._cursor:
                return f"[{CURSOR}]", "tile--cursor"
            return CORNER, "tile--hover" if pos == self._hover else "tile--corner"
        if view.to_act is not None and pos in view.path[:-1]:
            return TRAIL, "tile--trail"
        if pos in self._winning:
            return WON, "tile--won"
        return "", None

    # -- input -----------------------------------------------------------
    def on_click(self, event: events.Click) -> None:
        pos = self._tile_at(event.get_content_offset(self))
        if pos is not None:
            event.stop()
            self.post_message(self.Clicked(pos))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._hover_over(self._tile_at(event.get_content_offset(self)))

    def on_leave(self, event: events.Leave) -> None:
        self._hover_over(None)

    def _tile_at(self, offset: Offset | None) -> Pos | None:
        """The tile under a point of the grid's content, or None (a gap, or outside)."""
        if offset is None:
            return None
        pitch_x, pitch_y = self.pitch
        col, x = divmod(offset.x, pitch_x)
        row, y = divmod(offset.y, pitch_y)
        return (row, col) if row < SIZE and col < SIZE and x < pitch_x - 1 and y < pitch_y - 1 else None

    def _hover_over(self, pos: Pos | None) -> None:
        """Light up the choice under the mouse, so a click's effect is seen first."""
        if pos != self._hover:
            before = self._looks()
            self._hover = pos
            self._repaint(before)


def _winning_tiles(view: TreasureView) -> set[Pos]:
    """The tiles of the winners' colours, once the game is over."""
    if view.result is None:
        return set()
    colours = {view.colours[seat] for seat in view.result.winners}
    return {divmod(index, SIZE) for index, tile in enumerate(view.tiles) if tile.colour in colours}
