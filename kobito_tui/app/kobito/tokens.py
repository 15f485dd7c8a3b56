"""A widget that draws lines of styled, clickable tokens.

The board describes what to draw as :class:`Token` s (text, style classes,
an optional click) and the widget only renders them, so every part of the
table is one cheap widget that redraws when its tokens change.  A widget may
be given several *variants* of its lines, widest first: it draws the widest
that fits its width.  With ``big`` set (roomy terminals) each line takes three
rows and card tokens are drawn as framed cards.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from textual.content import Content
from textual.geometry import Offset, Size
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
    variants: reactive[tuple[Lines, ...]] = reactive(())
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

    @property
    def rows_per_line(self) -> int:
        return 3 if self.big else 1

    def watch_variants(self, old: tuple[Lines, ...], new: tuple[Lines, ...]) -> None:
        """A new height needs a new layout; new text only a repaint."""
        if _height(old) != _height(new):
            self.refresh(layout=True)

    def lines(self) -> Lines:
        """The widest variant that fits (the last one if none does)."""
        width = self.content_size.width
        for lines in self.variants:
            if all(line_width(line, self.big) <= width for line in lines):
                return lines
        return self.variants[-1] if self.variants else ()

    def render(self) -> Content:
        return Content("\n").join(row for line in self.lines() for row in self._render_line(line))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return _height(self.variants) * self.rows_per_line

    def _render_line(self, line: Line) -> list[Content]:
        rows: list[list[tuple[str, Style] | str]] = [[] for _ in range(self.rows_per_line)]
        for number, token in enumerate(line):
            style = Style()
            for name in token.classes:
                style += self._class_style(name)
            click = Style()
            if token.click is not None:
                what, index = token.click
                click = Style.from_meta({"@click": f"pick({what!r}, {index})"})
            key_style = self._class_style("dim") + click
            for row, key, text in zip(rows, _key_rows(token, self.big), _rows(token, self.big)):
                if number:
                    row.append(" ")
                if key:
                    row.append((key, key_style))
                row.append((text, style + click))
        return [Content.assemble(*row) for row in rows]

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
