"""The key-bindings help: every key of the focused board (or control) and of
the screen it was opened from, grouped, then the keys that work everywhere.

Bindings hidden from the footer are listed too, but not those a widget leaves
out now (its ``check_action`` says False: a spectator's Undo).  A binding's ``tooltip`` (an
action's help line, :mod:`kobito_tui.app.actions`), when set, is its
description here; otherwise its footer description is used; either in the
app's language (:func:`kobito_tui.app.actions.localized`).
Over a game, two more tabs say how to do each thing on the board and what its
signs and short forms mean (the board's ``how_to`` and ``legend``).
"""

from __future__ import annotations

from dataclasses import replace
from itertools import groupby
from typing import TYPE_CHECKING, Any, cast

from rich.table import Table
from rich.text import Text
from textual.actions import parse
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical, VerticalScroll
from textual.content import Content
from textual.dom import DOMNode
from textual.keys import key_to_character
from textual.screen import Screen
from textual.widgets import Footer, Static, TabbedContent, TabPane

from kobito_tui.app import actions
from kobito_tui.app.board import GameBoard
from kobito_tui.app.screens.base import ShellScreen
from kobito_tui.i18n import Translator

if TYPE_CHECKING:
    from kobito_tui.app.shell import ShellApp

Rows = list[tuple[str, str]]  # (keys, what they do)


def textual_keys(t: Translator) -> Rows:
    """Textual's own keys, on every screen."""
    return [
        ("^p", t("Command palette: any action by name")),
        ("tab / shift+tab", t("Move between controls")),
    ]


def describe(binding: Binding) -> str:
    """What the binding does, in English: its help line, else its footer word."""
    return binding.tooltip or binding.description


def binding_rows(t: Translator, app: App[Any], bindings: list[tuple[str, Binding]]) -> Rows:
    """One row per description, its keys together, in ``t``'s language; a run of three
    or more like 1…9 "Card 1"…"Card 9" (one message, one parameter) becomes one row
    ("1–9", "Card 1–9")."""
    keys_of: dict[tuple[str, str], list[str]] = {}  # (action name, description) -> keys
    for _, binding in bindings:
        if binding.description and binding.action not in ("help", "app.help"):
            keys = keys_of.setdefault((parse(binding.action)[1], describe(binding)), [])
            # An action's key_display names its first key: the others are shown as they are ("→ / l").
            for shown in (app.get_key_display(binding), app.get_key_display(replace(binding, key_display=None))):
                if shown not in keys:
                    keys.append(shown)
                    break

    def run(item: tuple[tuple[str, str], list[str]]) -> tuple[str, ...]:
        (action, text), keys = item  # "Card 7" on one key may be part of a run
        message, params = actions.marked(text) or (text, {})
        return ("run", action, message) if len(params) == 1 and len(keys) == 1 else ("row", action, text)

    rows: Rows = []
    for (kind, _, message), group in groupby(keys_of.items(), key=run):
        items = list(group)
        if kind == "run" and len(items) > 2:
            (_, first), [first_key] = items[0]
            (_, last), [last_key] = items[-1]
            first_marked, last_marked = actions.marked(first), actions.marked(last)
            assert first_marked is not None and last_marked is not None  # a run is of marked words
            [(name, low)], [(_, high)] = first_marked[1].items(), last_marked[1].items()
            rows.append((f"{first_key}–{last_key}", actions.localized_with(t, message, **{name: f"{low}–{high}"})))
        else:
            rows += [(" / ".join(keys), actions.localized(t, text)) for (_, text), keys in items]
    return rows


def own_bindings(node: DOMNode) -> list[Binding]:
    """The bindings the app's classes declare for ``node``, one per key, a subclass's
    first (not Textual's built-in focus and copy keys)."""
    by_key: dict[str, Binding] = {}
    for cls in reversed(type(node).__mro__):
        if cls.__module__.startswith("kobito_tui"):
            by_key.update((binding.key, binding) for binding in Binding.make_bindings(cls.__dict__.get("BINDINGS", ())))
    return list(by_key.values())


def left_out(node: DOMNode, binding: Binding) -> bool:
    """Whether ``node`` has no such action now (not merely a disabled one)."""
    namespace, name, parameters = parse(binding.action)
    return not namespace and node.check_action(name, parameters) is False


def everywhere(t: Translator, app: App[Any]) -> Rows:
    """The app's own keys (:data:`actions.APP`), then Textual's."""
    rows = [
        (
            " / ".join(app.get_key_display(binding) for binding in Binding.make_bindings([action.binding])),
            actions.localized(t, action.help),
        )
        for action in actions.APP
        if action.keys
    ]
    return [*rows, *textual_keys(t)]


def section_title(t: Translator, node: DOMNode) -> str:
    if isinstance(node, GameBoard):
        return t("On the board")
    return t("On this screen") if isinstance(node, Screen) else t("In this control")


def key_sections(screen: Screen[Any]) -> list[tuple[str, Rows]]:
    """``(title, rows)`` for the focused widget, its containers and ``screen``
    (keys the app declares: not the editing keys of a text box), then the keys
    that work everywhere."""
    sections: list[tuple[str, Rows]] = []
    t = cast("ShellApp", screen.app).t
    chain = list(screen.focused.ancestors_with_self) if screen.focused is not None else [screen]
    inner: list[DOMNode] = []  # a key a text box below takes is not the screen's
    for node in chain:  # focused widget → its containers → its screen
        if node is screen.app:
            break
        bindings = [
            (binding.key, binding)
            for binding in own_bindings(node)
            if not left_out(node, binding)
            and not any(widget.check_consume_key(binding.key, key_to_character(binding.key)) for widget in inner)
        ]
        inner.append(node)
        rows = binding_rows(t, screen.app, bindings)
        if rows:
            sections.append((section_title(t, node), rows))
    return [*sections, (t("Everywhere"), everywhere(t, screen.app))]


class HelpScreen(ShellScreen):
    BINDINGS = actions.bindings(*actions.HELP_SCREEN)

    def __init__(self, sections: list[tuple[str, Rows]]) -> None:
        super().__init__()
        self.sections = sections
        below = self.app.screen  # opened over it: its board, if any, says how to play on it
        board = next(iter(below.query(GameBoard)), None) if isinstance(below, Screen) else None
        self.how_to: Rows = list(board.how_to(self.app.t)) if board else []
        self.legend: Rows = list(board.legend(self.app.t)) if board else []

    @property
    def keys(self) -> Rows:
        """Every row, all sections together."""
        return [row for _, rows in self.sections for row in rows]

    def compose(self) -> ComposeResult:
        t = self.t
        with Middle(), Center(), Vertical(id="help-box"):
            if not self.how_to:
                yield Static(t("Keys"), classes="dialog-title")
                yield self._keys_table()
            else:
                with TabbedContent(id="help-tabs"):
                    with TabPane(t("How to"), id="help-how"):
                        yield VerticalScroll(Static(_explained(t, self.how_to), id="help-how-text"))
                    with TabPane(t("Keys"), id="help-keys-pane"):
                        yield self._keys_table()
                    with TabPane(t("Signs"), id="help-signs"):
                        yield VerticalScroll(Static(_explained(t, self.legend), id="help-signs-text"))
        yield Footer()

    def _keys_table(self) -> VerticalScroll:
        """Where, keys, what they do (plain text): the words wrap to the width, in any language."""
        table = Table(box=None, show_header=False, padding=(0, 1))
        table.add_column("Where")
        table.add_column("Key", no_wrap=True)
        table.add_column("Action")
        for title, rows in self.sections:
            for index, (key, description) in enumerate(rows):
                table.add_row(Text(title if index == 0 else "", style="bold"), Text(key), Text(description))
        return VerticalScroll(Static(table), id="help-keys")


def _explained(t: Translator, rows: Rows) -> Content:
    """``(what, words)`` rows as wrapping text: the what in bold, then its words."""
    lines = [Content.assemble((what, "bold"), " — ", words) for what, words in rows]
    footnote = Content.styled(
        "\n"
        + t(
            "F3 (How to play) tells the goal and a whole turn; F2 the rules; Tutorial on the title screen (t) plays a first game with you."
        ),
        "dim",
    )
    return Content("\n").join([*lines, footnote])
