"""A widget that draws lines of styled, clickable tokens.

The board describes what to draw as :class:`Token` s (text, style classes,
an optional click) and the widget only renders them, so every part of the
table is one cheap widget that redraws when its tokens change.  A widget may
be given several *variants* of its lines, widest first: it draws the widest
that fits its width.  With ``big`` set (roomy terminals) each line takes three
rows and card tokens are drawn as framed cards.

Redrawing costs what changed: :meth:`TokenLines.draw` builds the tokens only
when what they show (its key) changed; new tokens in the same places repaint
only the cells of the tokens that differ (a cursor moving along the hand: two
cards); and the style of each set of classes and each line drawn are kept
until they are no longer shown.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, NamedTuple

from textual.content import Content
from textual.geometry import Offset, Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.style import Style
from textual.widget import Widget

from kobito_tui.app.kobito.glyphs import NUMBERS


class Token(NamedTuple):
    text: str
    classes: tuple[str, ...] = ()
    click: tuple[str, int] | None = None  # (what, index) posted as Picked when clicked
    card: bool = False  # framed when drawn big
    key: str = ""  # drawn dim before the token, outside its frame: the key that picks it ("3:")


TEXT_FLAGS = ("bold", "dim", "italic", "underline", "reverse", "strike")
Line = tuple[Token, ...]
Lines = tuple[Line, ...]


def token_width(token: Token, big: bool = False) -> int:
    return len(token.key) + len(token.text) + (2 if big and token.card else 0)


def line_width(line: Line, big: bool = False) -> int:
    return sum(token_width(token, big) for token in line) + max(len(line) - 1, 0)


def _rows(token: Token, big: bool) -> tuple[str, ...]:
    """The token's text (without its key) on each row of its line."""
    if not big:
        return (token.text,)
    if not token.card:
        blank = " " * len(token.text)
        return (blank, token.text, blank)
    rule = "─" * len(token.text)
    return (f"╭{rule}╮", f"│{token.text}│", f"╰{rule}╯")


def _key_rows(token: Token, big: bool) -> tuple[str, ...]:
    if not big:
        return (token.key,)
    blank = " " * len(token.key)
    return (blank, token.key, blank)


class TokenLines(Widget):
    """Lines of tokens separated by single spaces."""

    COMPONENT_CLASSES = {
        *(f"c{n}" for n in range(1, NUMBERS + 1)),
        "kobito",
        "paint",
        "label",
        "dim",
        "active",
        "selected",
        "cursor",
        "playable",
        "target",
        "current",
        "hinted",
        "news",
    }
    auto_links = False  # tokens keep their own colours; clicks still work
    variants: reactive[tuple[Lines, ...]] = reactive((), repaint=False)  # the watcher repaints what changed
    big: reactive[bool] = reactive(False, layout=True)

    class Picked(Message):
        """A clickable token was clicked: ``what`` and ``index`` say which."""

        def __init__(self, what: str, index: int) -> None:
            super().__init__()
            self.what = what
            self.index = index

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._styles: dict[str, Style] = {}
        self._token_styles: dict[tuple[tuple[str, ...], tuple[str, int] | None], tuple[Style, Style]] = {}
        self._drawn: dict[tuple[Line, bool], list[Content]] = {}  # the lines last rendered, by what they show
        self._key: Hashable = None
        self._keyed = False

    @property
    def rows_per_line(self) -> int:
        return 3 if self.big else 1

    def draw(self, key: Hashable, build: Callable[[], tuple[Lines, ...]]) -> None:
        """Show ``build()``'s variants, built only if ``key`` (what they are drawn from) changed."""
        if not self._keyed or key != self._key:
            self._key, self._keyed = key, True
            self.variants = build()

    def watch_variants(self, old: tuple[Lines, ...], new: tuple[Lines, ...]) -> None:
        """A new height needs a new layout; new tokens in the old places repaint only the tokens that changed."""
        if _height(old) != _height(new):
            self.refresh(layout=True)
        elif (changed := self._changed(self._fit(old), self._fit(new))) is not None:
            if changed:
                self.refresh(*changed)
        else:
            self.refresh()

    def _changed(self, old: Lines, new: Lines) -> list[Region] | None:
        """The regions of the tokens that differ, or None when tokens moved (all is repainted)."""
        if not self.size or len(old) != len(new):
            return None
        rows, big, regions = self.rows_per_line, self.big, []
        for y, (before, after) in enumerate(zip(old, new)):
            if [token_width(token, big) for token in before] != [token_width(token, big) for token in after]:
                return None
            x = 0
            for was, token in zip(before, after):
                width = token_width(token, big)
                if was != token:
                    regions.append(Region(x, y * rows, width, rows))
                x += width + 1
        return regions

    def lines(self) -> Lines:
        """The widest variant that fits (the last one if none does)."""
        return self._fit(self.variants)

    def _fit(self, variants: tuple[Lines, ...]) -> Lines:
        width = self.content_size.width
        for lines in variants:
            if all(line_width(line, self.big) <= width for line in lines):
                return lines
        return variants[-1] if variants else ()

    def render(self) -> Content:
        drawn, big, shown = self._drawn, self.big, {}
        for line in self.lines():
            shown[line, big] = drawn.get((line, big)) or self._render_line(line)
        self._drawn = shown  # only what is shown is kept
        return Content("\n").join(row for line in self.lines() for row in shown[line, big])

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return _height(self.variants) * self.rows_per_line

    def _render_line(self, line: Line) -> list[Content]:
        rows: list[list[tuple[str, Style] | str]] = [[] for _ in range(self.rows_per_line)]
        for number, token in enumerate(line):
            style, key_style = self._token_style(token.classes, token.click)
            for row, key, text in zip(rows, _key_rows(token, self.big), _rows(token, self.big)):
                if number:
                    row.append(" ")
                if key:
                    row.append((key, key_style))
                row.append((text, style))
        return [Content.assemble(*row) for row in rows]

    def _token_style(self, classes: tuple[str, ...], click: tuple[str, int] | None) -> tuple[Style, Style]:
        """The style of a token with these classes and click, and of its key."""
        found = self._token_styles.get((classes, click))
        if found is None:
            style = Style()
            for name in classes:
                style += self._class_style(name)
            clicked = Style() if click is None else Style.from_meta({"@click": f"pick({click[0]!r}, {click[1]})"})
            found = self._token_styles[classes, click] = (style + clicked, self._class_style("dim") + clicked)
        return found

    def _class_style(self, name: str) -> Style:
        """Only what the class's rule sets, so the classes of a token add up."""
        if name not in self._styles:
            styles = self.get_component_styles(name)
            text = styles.text_style if styles.has_rule("text_style") else None
            on = {flag for flag in TEXT_FLAGS if text is not None and getattr(text, flag)}
            self._styles[name] = Style(
                styles.background if styles.has_rule("background") else None,
                styles.color if styles.has_rule("color") else None,
                bold="bold" in on or None,
                dim="dim" in on or None,
                italic="italic" in on or None,
                underline="underline" in on or None,
                reverse="reverse" in on or None,
                strike="strike" in on or None,
            )
        return self._styles[name]

    def notify_style_update(self) -> None:
        self._styles.clear()
        self._token_styles.clear()
        self._drawn.clear()
        super().notify_style_update()

    def action_pick(self, what: str, index: int) -> None:
        self.post_message(self.Picked(what, index))

    def spot(self, what: str, index: int) -> Offset | None:
        """Where the token with that click is drawn (for tests and hints)."""
        for y, line in enumerate(self.lines()):
            x = 0
            for token in line:
                if token.click == (what, index):
                    return Offset(x, y * self.rows_per_line + self.rows_per_line // 2)
                x += token_width(token, self.big) + 1
        return None


def _height(variants: tuple[Lines, ...]) -> int:
    return max((len(lines) for lines in variants), default=0)
