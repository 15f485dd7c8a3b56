"""The final scores: winner, scores, each player's accuracy, and Analyse / Play again (Rematch, over a hub) / Save replay / Title."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Protocol, runtime_checkable

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import ActiveBinding
from textual.containers import Center, Horizontal, Middle, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.widgets import Button, Footer, Static

from kobito_tui.analysis.report import Report
from kobito_tui.analysis.sidecar import Keeper
from kobito_tui.analysis.verdicts import mark_words, percent
from kobito_tui.app import actions
from kobito_tui.app.replay import ReplayScreen
from kobito_tui.app.replay.analysing import Analysis, analysis_of
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
from kobito_tui.serve.protocol import RatingChange
from kobito_tui.table import Refusal

Fetch = Callable[[], Record | Refusal | None]


@runtime_checkable
class Rematches(Protocol):
    """A home whose finished games may be played again by the same players, once each accepts (a hub's lobby)."""

    def rematch_line(self, t: Translator) -> str | None:
        """How the rematch stands, in ``t``'s words ("Waiting for Bob…"); None: this terminal is offered none (a spectator)."""

    def rematch_open(self) -> bool:
        """Whether this terminal's player may still accept it."""


@runtime_checkable
class RatingNews(Protocol):
    """A home whose finished games may be rated (a hub's lobby): each rated seat's rating before and after."""

    def rating_changes(self) -> list[RatingChange] | None:
        """This terminal's finished table's rating changes, empty until reckoned (waits on the network: call it
        from a thread); None: none to ask for (a spectator, a game not at a hub)."""


RATINGS_TRIES, RATINGS_PAUSE_S = 20, 0.5  # the hub reckons ratings off its loop: asked again until they come


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
            return list(share(given, goal, room - sum(given)))
        given = goal
    return list(given)


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
    scores = result.scores
    seats = sorted(range(len(names)), key=lambda seat: -scores[seat]) if scores is not None else range(len(names))
    winner = t("★ winner")
    rows = []
    for seat in seats:
        score = [str(scores[seat])] if scores is not None else []
        rows.append([names[seat], *score, *(cells[seat] for _, cells in details), winner if seat in result.winners else ""])
    return ScoresTable(headings, rows)


def summary_words(t: Translator, report: Report, who: Seats) -> str:
    """Each player's accuracy (share of turns without a mark), then the turn that lost the most;
    the seats as ``who``'s reader reads them, as the scores above them: "You 100% · Computer 2 84%",
    "Biggest swing: your turn, …" (the reader's seat by its role, never its stored name)."""
    accuracy = " · ".join(t("{name} {accuracy}", name=who.label(seat.seat), accuracy=percent(seat.accuracy)) for seat in report.seats)
    lines = [t("Accuracy: {players}", players=accuracy)]
    swing = max(report.turns, key=lambda turn: turn.chance_before - turn.chance_after, default=None)
    if swing is not None and swing.chance_before > swing.chance_after:
        before, after = percent(swing.chance_before), percent(swing.chance_after)
        if who.is_reader(swing.seat):
            said = t.p("you", "Biggest swing: your turn, {before} → {after}", before=before, after=after)
        else:
            said = t("Biggest swing: {name}, {before} → {after}", name=who.label(swing.seat), before=before, after=after)
        lines.append(said + (f" ({mark_words(t, swing.mark)})" if swing.mark else ""))
    return "\n".join(lines)


class FinalScreen(ShellScreen):
    BINDINGS = actions.bindings(*actions.FINAL_SCREEN)
    SPARE_KEYS = ("app.quit", "app.help")  # the same keys on every screen

    def __init__(
        self,
        result: Result | None,
        header: Header,
        record: Record | None = None,
        seat: int | None = None,
        path: Path | None = None,
        analyse_at_once: bool | None = None,
        fetch: Fetch | None = None,
        keeper: Keeper | None = None,
    ) -> None:
        """The end of a game: its ``result`` and client ``header`` (the last update's);
        ``record``, the whole game, where it was hosted here (it can be saved as a replay, and
        analysed), saved at ``path``; else ``fetch``, which asks where it is kept (a hub: it waits
        on the network, so it runs off the UI thread) for the whole game to analyse, never to save
        here; ``keeper``, where its analyses are kept if not beside ``path`` (the hub's store).
        ``seat``, the one seat played at this terminal (its player reads "you"; None in hot
        seat).  ``analyse_at_once`` (by default unless headless: tests and benchmarks have nobody
        to read it) starts the computer's analysis in the background."""
        super().__init__(classes="final-screen")
        self.result, self.header, self.record, self.path = result or Result(winners=[]), header, record, path
        self.game: Record | None = record  # the whole game to analyse: ``record``, or the one fetched
        self.fetch, self.keeper = None if record is not None else fetch, keeper
        self.reader = reader_of(header.seats, seat)
        self.analyse_at_once = analyse_at_once
        self.analysis: Analysis | None = None

    def compose(self) -> ComposeResult:
        result, t = self.result, self.t
        who = Seats(t, self.header.seats, self.reader)
        with Middle(), Center(), Vertical(id="final-box"):
            yield Static(winners(t, who, result.winners), id="final-winner", markup=False)
            yield Static(result_words(t, result, who), id="final-summary", markup=False)
            for note in result.notes:  # a tie the tie-break settled: the engine says so
                yield Static(say(t, note, self.header.seats, self.reader), classes="final-note", markup=False)
            yield VerticalScroll(Static(scores_table(t, result, who.labels())), id="final-scores")
            if self.game is not None or self.fetch is not None:
                with Horizontal(id="final-analysis-row"):
                    yield Static("", id="final-analysis", markup=False)
                    yield Button(t("Analyse"), id="analyse", compact=True, disabled=self.game is None)
            if isinstance(self.app.home, RatingNews):
                ratings = Static("", id="final-ratings", markup=False)
                ratings.display = False  # until the hub has reckoned them (a game not rated: never)
                yield ratings
            rematch = self._rematch_line()
            if rematch is not None:
                yield Static(rematch, id="final-rematch", markup=False)
            with Horizontal(classes="dialog-buttons"):
                # Translators: over a hub, the final screen's button: the same players play again, once each accepts.
                again = t("Play again") if rematch is None else t("Rematch")
                yield Button(again, id="play_again", variant="primary", compact=True, disabled=not self._may_play_again())
                if self.record is not None:
                    yield Button(t("Save replay"), id="save_replay", compact=True)
                yield Button(self.app.home.home_words(t, short=True), id="title", compact=True)  # "Title", or "Lobby"
        yield Footer()

    def _rematch_line(self) -> str | None:
        home = self.app.home
        return home.rematch_line(self.t) if isinstance(home, Rematches) else None

    def _may_play_again(self) -> bool:
        home = self.app.home
        return not isinstance(home, Rematches) or home.rematch_line(self.t) is None or home.rematch_open()

    def rematch_changed(self) -> None:
        """The rematch's news came: the line and whether it may still be accepted."""
        for line in self.query("#final-rematch").results(Static):
            line.update(self._rematch_line() or "")
        for button in self.query("#play_again").results(Button):
            button.disabled = not self._may_play_again()
            button.label = self.t("Play again") if self._rematch_line() is None else self.t("Rematch")
        self.refresh_bindings()

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id is not None:  # each button's id is its action
            await self.run_action(event.button.id)

    def on_mount(self) -> None:
        if self.game is None and self.fetch is not None:
            self._fetch(self.fetch)
        else:
            self._analyse_at_once()
        home = self.app.home
        if isinstance(home, RatingNews):
            self._ask_ratings(home)

    @work(thread=True, group="ratings", exit_on_error=False)
    def _ask_ratings(self, home: RatingNews) -> None:
        for _ in range(RATINGS_TRIES):
            changes = home.rating_changes()
            if changes is None:
                return
            if changes:
                self.app.call_from_thread(self._show_ratings, changes)
                return
            time.sleep(RATINGS_PAUSE_S)

    def _show_ratings(self, changes: list[RatingChange]) -> None:
        """Each rated seat's rating now and its change ("Ratings: You 1526? (+26) · Bob 1474? (-26)")."""
        who = Seats(self.t, self.header.seats, self.reader)
        said = " · ".join(
            f"{who.label(c.seat)} {printable(c.after, 8)} ({printable(c.change, 8)})" for c in changes if 0 <= c.seat < self.header.players
        )
        for line in self.query("#final-ratings").results(Static):
            line.update(self.t("Ratings: {ratings}", ratings=said))
            line.display = True

    def _analyse_at_once(self) -> None:
        at_once = not self.app.is_headless if self.analyse_at_once is None else self.analyse_at_once
        if self.game is not None and at_once:
            self.analysis = analysis_of(self.app, self.game, self.path, keeper=self.keeper)
            self.analysis.listen(self._analysis_changed)
        self._analysis_changed()

    @work(thread=True, exclusive=True, group="final-record")
    def _fetch(self, fetch: Fetch) -> None:
        found = fetch()
        try:
            self.app.call_from_thread(self._fetched, found)
        except RuntimeError:  # the app is closing
            pass

    def _fetched(self, found: Record | Refusal | None) -> None:
        """The whole game came: Analyse is offered (and started at once) as for a game hosted here."""
        try:
            row = self.query_one("#final-analysis-row")
        except NoMatches:  # the screen is being taken down
            return
        if isinstance(found, Record):
            self.game = found
            row.query_one("#analyse", Button).disabled = False
            self.refresh_bindings()
            self._analyse_at_once()
        elif found is None:  # not given to this terminal (a spectator): nothing to offer
            row.display = False
        else:
            row.query_one("#final-analysis", Static).update(self.t("Refused: {reason}", reason=say(self.t, found)))

    def on_unmount(self) -> None:
        if self.analysis is not None:
            self.analysis.forget(self._analysis_changed)

    def _analysis_changed(self) -> None:
        """A progress line while the analysis works, then each player's accuracy and the biggest swing."""
        analysis = self.analysis
        if analysis is None:
            return  # not analysed here (the button starts it)
        line = self.query_one("#final-analysis", Static)
        who = Seats(self.t, self.header.seats, self.reader)
        if analysis.refusal is not None:  # it stopped: why, never "Analysing…" without end
            line.update(self.t("Refused: {reason}", reason=say(self.t, analysis.refusal)))
        elif analysis.report is not None:
            line.update(summary_words(self.t, analysis.report, who))
        elif analysis.total:
            line.update(self.t("Analysing: {done} of {total} turns judged…", done=analysis.done, total=analysis.total))
        else:
            line.update(self.t("Analysing…"))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "analyse":
            return self.game is not None
        if action == "play_again":
            return self._may_play_again() or None
        return self.record is not None if action == "save_replay" else True

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The footer's way home in the home's words: "Title" here, "Lobby" over a hub."""
        words = {"title": self.app.home.home_words(self.t, short=True)}
        if self._rematch_line() is not None:
            words["play_again"] = self.t("Rematch")
        return {
            key: active._replace(binding=replace(active.binding, description=words[active.binding.action]))
            if active.binding.action in words
            else active
            for key, active in super().active_bindings.items()
        }

    def action_play_again(self) -> None:
        self.app.play_again(self.header)

    def action_save_replay(self) -> None:
        if self.record is not None:
            self.app.save_replay(self.record)

    def action_analyse(self) -> None:
        """The replay of this game, with the analysis (the one under way, or started now)."""
        if self.game is not None:
            self.app.push_screen(ReplayScreen(self.game, self.path, analyse=True, keeper=self.keeper))

    def action_title(self) -> None:
        self.app.to_title()
