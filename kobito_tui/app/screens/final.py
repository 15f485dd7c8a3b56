"""The final scores: winner, scores, and Play again / Save replay / Title."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Center, Horizontal, Middle, Vertical, VerticalScroll
from textual.widgets import Button, Footer, Static

from kobito_tui.app import actions
from kobito_tui.app.result_details import detail_columns
from kobito_tui.app.screens.base import ShellScreen
from kobito_tui.app.words import result_words
from kobito_tui.core.game import Header, Result
from kobito_tui.core.record import Record
from kobito_tui.core.safetext import printable
from kobito_tui.i18n import Translator
from kobito_tui.i18n.messages import say
from kobito_tui.i18n.seats import Seats, reader_of
from kobito_tui.i18n.words import winners


class ScoresTable:
    """A table of plain text (a rich renderable) whose columns wrap at spaces to the width: while
    the width allows, no column is narrower than its longest word, and the first never wraps."""

    def __init__(self, headings: list[str], rows: list[list[str]]) -> None:
        self.headings, self.rows = [printable(text) for text in headings], [[printable(text) for text in row] for row in rows]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        columns = [[heading, *cells] for heading, *cells in zip(self.headings, *self.rows)]
        whole = [max(map(cell_len, column)) or 1 for column in columns]
        body = [max(map(cell_len, column[1:]), default=1) or 1 for column in columns]
        words = whole[:1] + [max((cell_len(word) for text in column for word in text.split()), default=1) for column in columns[1:]]
        table = Table(box=None, padding=(0, 1), pad_edge=False, header_style="bold")
        room = options.max_width - 2 * (len(columns) - 1)
        for heading, width in zip(self.headings, widths([words, list(map(max, words, body)), whole], room)):
            table.add_column(Text(heading), width=width, overflow="fold")
        for row in self.rows:
            table.add_row(*map(Text, row))
        yield table


def widths(goals: list[list[int]], room: int) -> list[int | None]:
    """Column widths in ``room``: the first of ``goals`` (the longest words), then as near each
    next one (the cells on one line, then the headings too) as the room allows; too narrow for
    the first, rich's own shrinking, which splits words."""
    given = goals[0]
    if sum(given) > room:
        return [None] * len(given)
    for goal in goals[1:]:
        goal = list(map(max, given, goal))
        if sum(goal) > room:
            return share(given, goal, room - sum(given))
        given = goal
    return given


def share(given: list[int], goal: list[int], spare: int) -> list[int]:
    """``given`` widened by ``spare`` columns in turn toward ``goal`` (which needs more)."""
    given = list(given)
    while spare:
        for index, width in enumerate(given):
            if width < goal[index] and spare:
                given[index], spare = width + 1, spare - 1
    return given


def scores_table(t: Translator, result: Result, names: list[str]) -> ScoresTable:
    """One row per seat, best score first: the score, what the end reveals, the winners."""
    details = detail_columns(t, result, len(names))
    scored = result.scores is not None
    headings = [t("Player"), *([t("Score")] if scored else []), *(heading for heading, _ in details), ""]
    seats = sorted(range(len(names)), key=lambda seat: -result.scores[seat]) if scored else range(len(names))
    winner = t("★ winner")
    rows = []
    for seat in seats:
        score = [str(result.scores[seat])] if scored else []
        rows.append([names[seat], *score, *(cells[seat] for _, cells in details), winner if seat in result.winners else ""])
    return ScoresTable(headings, rows)


class FinalScreen(ShellScreen):
    BINDINGS = actions.bindings(*actions.FINAL_SCREEN)
    SPARE_KEYS = ("app.quit", "app.help")  # the same keys on every screen

    def __init__(self, result: Result | None, header: Header, record: Record | None = None, seat: int | None = None) -> None:
        """The end of a game: its ``result`` and client ``header`` (the last update's);
        ``record``, the whole game, where it was hosted here (it can be saved as a replay);
        ``seat``, the one seat played at this terminal (its player reads "you"; None in hot seat)."""
        super().__init__(classes="final-screen")
        self.result, self.header, self.record = result or Result(winners=[]), header, record
        self.reader = reader_of(header.seats, seat)

    def compose(self) -> ComposeResult:
        result, t = self.result, self.t
        who = Seats(t, self.header.seats, self.reader)
        with Middle(), Center(), Vertical(id="final-box"):
            yield Static(winners(t, who, result.winners), id="final-winner", markup=False)
            yield Static(result_words(t, result, who), id="final-summary", markup=False)
            for note in result.notes:  # a tie the tie-break settled: the engine says so
                yield Static(say(t, note, self.header.seats, self.reader), classes="final-note", markup=False)
            yield VerticalScroll(Static(scores_table(t, result, who.labels())), id="final-scores")
            with Horizontal(classes="dialog-buttons"):
                yield Button(t("Play again"), id="play_again", variant="primary", compact=True)
                if self.record is not None:
                    yield Button(t("Save replay"), id="save_replay", compact=True)
                yield Button(t("Title"), id="title", compact=True)
        yield Footer()

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        await self.run_action(event.button.id)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.record is not None if action == "save_replay" else True

    def action_play_again(self) -> None:
        self.app.play_again(self.header)

    def action_save_replay(self) -> None:
        if self.record is not None:
            self.app.save_replay(self.record)

    def action_title(self) -> None:
        self.app.to_title()
