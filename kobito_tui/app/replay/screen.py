"""The replay viewer: the live game's board, read-only, at any moment of a record.

Keys and buttons step by event or by turn, jump to start or end, play and
pause at several speeds; the log and the timeline jump wherever clicked.  The
perspective is everything, or exactly what one seat could see then, among
those the cursor allows (an unfinished game: its one human's view only; with
several humans it is not shown at all, only why).  *Play from here* writes a
new save file (the original is never touched) and dismisses the screen with
its path, for the caller to continue it as a live game.
"""

from __future__ import annotations

import gc
from pathlib import Path
from typing import ClassVar, TypeVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Button, ProgressBar, Static

from kobito_tui.analysis.analyse import Unanalysable
from kobito_tui.analysis.report import Report, TurnVerdict
from kobito_tui.analysis.sidecar import Keeper
from kobito_tui.analysis.verdicts import Verdicts, verdict_words
from kobito_tui.app import actions
from kobito_tui.app.games import board_class
from kobito_tui.app.replay.analysing import Analysis, analysis_of, kept_report
from kobito_tui.app.replay.branch import BranchDialog
from kobito_tui.app.replay.chart import ChanceChart
from kobito_tui.app.replay.log import ReplayLog
from kobito_tui.app.replay.timeline import Timeline
from kobito_tui.app.replay.verdict import VerdictBox
from kobito_tui.app.screens.base import ShellScreen
from kobito_tui.app.screens.message import MessageScreen
from kobito_tui.app.widgets.workarounds import GameFooter
from kobito_tui.core.game import Header, Seat
from kobito_tui.core.message import Message as LogMessage
from kobito_tui.core.record import Record
from kobito_tui.core.replay import ReplayCursor
from kobito_tui.core.safetext import printable
from kobito_tui.core.savefile import save
from kobito_tui.core.saves import new_save_path
from kobito_tui.i18n import Translator
from kobito_tui.i18n.messages import say
from kobito_tui.i18n.seats import Seats, local_player
from kobito_tui.i18n.words import game_title, replay_refusal

W = TypeVar("W", bound=Widget)
TITLE_PADDING = 2  # the title line's padding, a column each side
VIEW_NAME_CHARS = 10  # of a name on the View button
SPEEDS = (0.5, 1, 2, 4, 8)  # × the base pace
BASE_PACE = 0.5  # seconds per event at 1×


def controls(t: Translator) -> tuple[tuple[str, str, str, str], ...]:
    """(label, action, id, tooltip) of the buttons under the timeline; labels that
    change (play, speed, view) are set by show_position."""
    return (
        ("|◀", "jump(0)", "start", t("To the start (Home)")),
        ("◀◀", "turn(-1)", "turn-back", t("One turn back (PgUp)")),
        ("◀", "step(-1)", "back", t("One event back (←)")),
        ("", "play", "play", t("Play or pause (space)")),
        ("▶", "step(1)", "step", t("One event forward (→)")),
        ("▶▶", "turn(1)", "turn-forward", t("One turn forward (PgDn)")),
        ("▶|", "jump(-1)", "end", t("To the end (End)")),
        ("", "speed(1, True)", "speed", t("Playing speed (+ and -)")),
        ("", "perspective", "view", t("Whose eyes: everything, or one seat (v, 0-6)")),
        (t("Play from here"), "branch", "branch", t("A new game from this moment (b)")),
        (t("Analyse"), "analyse", "analyse", t("Each player's winning chance and the mistakes (a)")),
        (t("Back"), "close", "close", t("Close the replay (Esc)")),
    )


def speed_label(speed: float) -> str:
    return "½×" if speed == 0.5 else f"{speed:g}×"


class ReplayScreen(ShellScreen):
    BINDINGS: ClassVar[list[BindingType]] = [*actions.bindings(*actions.REPLAY_SCREEN)]
    PALETTE = actions.REPLAY_PALETTE
    SPARE_KEYS = ("analyse", "close", "branch", "step(-1)", "perspective")  # each a button's too; → and ←: one is enough to learn
    AUTO_FOCUS = "#replay-log"  # the board is read-only: its keys stay out of the way

    def __init__(
        self,
        record: Record,
        path: Path | None = None,
        saves_dir: Path | None = None,
        analyse: bool = False,
        keeper: Keeper | None = None,
        viewer: int | None = None,
    ) -> None:
        """``analyse``: show the computer's analysis at once (from the final screen); ``keeper``:
        where it is kept, if not beside ``path`` (the hub's store for a served table); ``viewer``: the
        player's own seat, the only view of a game not over (a served game every player left)."""
        super().__init__(classes="replay-screen")
        self.record, self.analyse_at_once, self.keeper = record, analyse, keeper
        self.analysis: Analysis | None = None
        self.chart: ChanceChart | None = None
        self._verdicts: Verdicts | None = None
        self._verdict_shown: object = None
        self._verdict_words: dict[int, str] = {}  # id of a verdict → its words (a marked one replays to its turn)
        self._widgets: dict[str, Widget] = {}  # found once: a step looks up no widget
        self.cursor = ReplayCursor(record, viewer=viewer)
        # The record, its checkpoints and its analysis live as long as the screen: kept out of
        # the full collections (as the game screen keeps its game), which would otherwise walk
        # them all while the screen opens and now and then at a step (a long record: 0.1-0.3 s).
        # Only the young garbage is collected first: a full collection is what this saves.
        gc.collect(1)
        gc.freeze()
        self.path = path
        self.saves_dir = saves_dir
        # The perspective (None: everything), always one the cursor allows.
        self.seat: int | None = self.cursor.perspectives[0] if self.cursor.perspectives else None
        self.speed = 1.0
        self._timer: Timer | None = None
        self.board = board_class(record.header.game)(
            record.header, watching=True, reader=local_player(record.header.seats), id="replay-board"
        )

    @property
    def header(self) -> Header:
        """The record's header, players' names made printable (by the cursor)."""
        return self.cursor.header

    # -- layout ----------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(self.title_text(), id="replay-title", markup=False)
        yield Static("", id="replay-position", markup=False)
        with Horizontal(id="replay-table"):
            yield self.board
            with Vertical(id="replay-side"):
                yield ReplayLog(self.cursor, self.seat, self.t, id="replay-log")
                yield VerdictBox(id="replay-verdict-box")
        with Horizontal(id="replay-analysing"):
            yield Static("", id="replay-analysing-words", markup=False)
            yield ProgressBar(show_eta=False, id="replay-progress")
        report = kept_report(self.app, self.record) if self.analyse_at_once and self.cursor.over else None
        if report is not None:  # shown at once: laid out with the rest, not mounted after
            self.chart = self._new_chart(report)
            yield self.chart
        timeline = Timeline(self.cursor.length, id="replay-timeline")
        timeline.display = self.chart is None  # the chart shows the moment and jumps where clicked
        yield timeline
        with Horizontal(id="replay-controls"):
            for label, action, ident, tip in controls(self.t):
                yield Button(label, id=f"replay-{ident}", action=f"screen.{action}", tooltip=tip, compact=True)
        yield GameFooter()

    def on_mount(self) -> None:
        if self not in self.app.screen_stack:
            return  # closed before it was shown (keys typed fast): its widgets are gone
        reason = replay_refusal(self.t, self.header, self.cursor.over)
        if reason is not None:
            self.dismiss(None)
            self.app.push_screen(MessageScreen(self.t("This game is not over"), reason))
            return
        self.query_one("#replay-view", Button).disabled = len(self.cursor.perspectives) < 2
        self.show_position()
        if self.analyse_at_once:
            self.action_analyse()

    # -- the one place the screen is brought up to date -------------------
    def show_position(self) -> None:
        cursor = self.cursor
        self.board.show(cursor.view(self.seat), [], interactive=False)
        self._one("#replay-timeline", Timeline).position = cursor.position
        self._one("#replay-log", ReplayLog).show(self.seat)
        self._show_verdict()
        if self.chart is not None:
            self.call_after_refresh(self.fit_chart, True)  # the board's new moment may need more rows
        # Updated without a new layout (a step stays cheap), unless the line wraps or did.
        line = self._one("#replay-position", Static)
        text = self.position_text()
        wraps = len(text) > line.content_size.width
        line.update(text, layout=wraps or line.content_size.height > 1)
        self._label("#replay-speed", speed_label(self.speed))
        t = self.t
        # Translators: the button that chooses whose eyes the replay shows: everything, or one player's.
        self._label(
            "#replay-view", t("View: all") if self.seat is None else t("View: {name}", name=self.who.label(self.seat)[:VIEW_NAME_CHARS])
        )
        self._label("#replay-play", t("Pause") if self._timer else t.p("replay", "Play"))

    def _one(self, selector: str, kind: type[W]) -> W:
        """The widget ``selector`` finds, looked up once (the screen's widgets stay while it is up)."""
        found = self._widgets.get(selector)
        if not isinstance(found, kind):
            found = self._widgets[selector] = self.query_one(selector, kind)
        return found

    def _label(self, selector: str, text: str) -> None:
        button = self._one(selector, Button)
        if str(button.label) != text:
            wider = len(text) > len(str(button.label))
            button.label = Content(text)  # plain: a player's name is no markup
            if wider:  # a name on the View button: the row makes room for it
                button.refresh(layout=True)

    @property
    def who(self) -> Seats:
        """The seats as the watcher reads them: the one human of a game against computers is "you"."""
        return Seats(self.t, self.header.seats, local_player(self.header.seats))

    def title_text(self) -> str:
        """Whose eyes first (it changes), then the game, the players and the file,
        as many of them as fit the line (what is cut ends in "…")."""
        t, who = self.t, self.who
        if self.seat is None:
            eyes = t("everything shown")
        else:
            eyes = t.p("you", "as you saw it") if who.is_reader(self.seat) else t("as {name} saw it", name=who(self.seat))
        parts = [t("Replay"), eyes, game_title(t, self.header.game), ", ".join(who.labels())]
        if self.path is not None:
            parts.append(printable(self.path.name))
        room = max(self.size.width - TITLE_PADDING, 20) if self.size.width else None
        return printable(" · ".join(parts), room)

    def on_resize(self) -> None:
        self.query_one("#replay-title", Static).update(self.title_text())
        self.call_after_refresh(self.fit_chart)

    def fit_chart(self, shrink_only: bool = False) -> None:
        """The chart takes the rows the board does not need (its CSS bounds them): the board is
        whole.  Between resizes it only shrinks (a board that grows), so playing does not make it jump."""
        board, chart = self.board, self.chart
        if chart is None or not self.is_attached:
            return
        need = board.get_content_height(board.size, self.size, board.size.width) + board.styles.gutter.height
        height = chart.outer_size.height
        rows = height + self._one("#replay-table", Horizontal).size.height - need
        if rows < height or (rows > height and not shrink_only):
            chart.styles.height = max(0, rows)

    def position_text(self) -> str:
        cursor, t = self.cursor, self.t
        if cursor.position == cursor.length and cursor.over:
            result = cursor.game.result(cursor.state)
            if result is None or result.summary is None:
                return t("Game over")
            return t("Game over: {result}", result=say(t, result.summary, self.header.seats, self.who.reader))
        parts = [
            t("Event {number}/{count}", number=cursor.position, count=cursor.length),
            # Translators: a move is one action of a player; a turn (below) may hold several moves.
            t("move {number}/{count}", number=cursor.moves_done, count=cursor.moves),
        ]
        if cursor.turn:
            parts.append(t("turn {number}/{count}", number=cursor.turn, count=cursor.turns))
        who = self.who
        if cursor.to_act is not None and who.is_reader(cursor.to_act):
            parts.append(t.p("you", "your turn"))
        elif cursor.to_act is not None:
            parts.append(t("{name} to act", name=who(cursor.to_act)))
        elif (chance := self.chance_text()) is not None:
            parts.append(chance)
        return " · ".join(parts)

    def chance_text(self) -> str | None:
        """What comes next when no one is to act: the table set up (before the first turn), a
        player's draw or the deck shuffled; another chance event mid-game is not named (None)."""
        t, cursor = self.t, self.cursor
        if not cursor.turn:
            return t("setting up")
        event = cursor.events[cursor.position] if cursor.position < cursor.length else {}
        kind, player = event.get("type"), event.get("player")
        if kind == "draw" and isinstance(player, int) and 0 <= player < self.header.players:
            # Translators: the replay's status line, when the next event is a player's draw.
            return t.p("you", "you draw next") if self.who.is_reader(player) else t("{name} draws next", name=self.who(player))
        if kind == "reshuffle":
            # Translators: the replay's status line, when the next event shuffles the discards into a new deck.
            return t("the deck is shuffled next")
        return None

    # -- actions (keys and buttons) ----------------------------------------
    def action_step(self, delta: int) -> None:
        self.cursor.step(delta)
        self.show_position()

    def action_turn(self, delta: int) -> None:
        self.cursor.next_turn() if delta > 0 else self.cursor.previous_turn()
        self.show_position()

    def action_jump(self, position: int) -> None:
        self.cursor.jump(self.cursor.length if position < 0 else position)
        self.show_position()

    def action_play(self) -> None:
        if self._timer is not None:
            self._stop()
        else:
            if self.cursor.position == self.cursor.length:
                self.cursor.jump(self.cursor.start)
            self._timer = self.set_interval(BASE_PACE / self.speed, self._tick)
        self.show_position()

    def _tick(self) -> None:
        self.cursor.step(1)
        if self.cursor.position == self.cursor.length:
            self._stop()
        self.show_position()

    def _stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def action_speed(self, delta: int, cycle: bool = False) -> None:
        """One speed faster or slower; ``cycle`` wraps round (the speed button)."""
        index = SPEEDS.index(self.speed) + delta
        self.speed = SPEEDS[index % len(SPEEDS) if cycle else max(0, min(len(SPEEDS) - 1, index))]
        if self._timer is not None:
            self._stop()
            self._timer = self.set_interval(BASE_PACE / self.speed, self._tick)
        self.show_position()

    def action_perspective(self, seat: int | None = None) -> None:
        """Seat ``n`` (1-based, 0 = everything), or the next perspective the cursor allows."""
        allowed = self.cursor.perspectives
        if seat is None:
            wanted = allowed[(allowed.index(self.seat) + 1) % len(allowed)]
        elif seat <= self.header.players:
            wanted = None if seat == 0 else seat - 1
        else:
            return
        if wanted not in allowed:
            if self.who.is_reader(self.seat):
                words = self.t.p("you", "The game is not over: only what you see can be shown.")
            else:
                words = self.t("The game is not over: only what {name} sees can be shown.", name=self.who(self.seat))
            self.notify(words, title=self.t("View"), markup=False)
            return
        self.seat = wanted
        self.query_one("#replay-title", Static).update(self.title_text())
        self.show_position()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A branch is a new save file: only where the player's files are (not over SSH);
        the marked turns, once analysed; Analyse, until it is shown."""
        if action == "mistake":
            return self.report is not None or None
        if action == "analyse":
            return self.report is None
        return action != "branch" or self.app.home.local_files

    def action_branch(self) -> None:
        self._stop()
        # In an unfinished game who plays each seat stays: a seat handed to the
        # player would open to them a hand its opponent kept hidden.
        self.app.push_screen(BranchDialog(self.header.seats, kinds_fixed=not self.cursor.over), self._branch_chosen)

    def _branch_chosen(self, seats: tuple[Seat, ...] | None) -> None:
        if seats is None:
            return
        record = self.cursor.branch(self.cursor.position, seats)
        folder = self.saves_dir or self.app.home.saves_dir
        path = new_save_path(Path(folder), record.header)
        try:
            save(path, record)
        except OSError as error:
            # Translators: {error} is the system's reason, in English.
            reason = self.t(
                "{file}: {error}. Nothing was written; the replay stays open.",
                file=printable(path),
                error=printable(error.strerror or error),
            )
            self.app.push_screen(MessageScreen(self.t("The new game could not be saved"), reason))
            return
        self.dismiss(path)

    def action_close(self) -> None:
        self._stop()
        self.dismiss(None)

    # -- the computer's analysis -------------------------------------------
    @property
    def report(self) -> Report | None:
        return None if self.analysis is None else self.analysis.report

    def action_analyse(self) -> None:
        """Show the analysis: kept, or started now (a finished game only: the analyser says why not)."""
        if not self.cursor.over:
            self._say_refusal(Unanalysable("analysis.unfinished").message)
            return
        if self.analysis is None:
            self.analysis = analysis_of(self.app, self.record, self.path, keeper=self.keeper)
            self.analysis.listen(self._analysis_changed)
        self._analysis_changed()

    def _analysis_changed(self) -> None:
        analysis = self.analysis
        if analysis is None or not self.is_attached:
            return
        box = self.query_one("#replay-analysing")
        box.display = not analysis.finished
        if analysis.refusal is not None:
            self._say_refusal(analysis.refusal)
            analysis.forget(self._analysis_changed)
            self.analysis = None
        elif analysis.report is None:
            self.query_one("#replay-analysing-words", Static).update(
                self.t("Analysing: {done} of {total} turns judged…", done=analysis.done, total=analysis.total)
                if analysis.total
                else self.t("Analysing…")
            )
            self.query_one(ProgressBar).update(total=analysis.total or None, progress=analysis.done)
        elif self._verdicts is None:
            if self.chart is None:
                self.chart = self._new_chart(analysis.report)
                self.mount(self.chart, before=self.query_one("#replay-timeline"))
            self._verdicts = Verdicts(analysis.report)
            self.query_one("#replay-verdict-box").display = True  # shown from now on: a step lays nothing out anew unless its rows change
            self.call_after_refresh(self.fit_chart)
            self.query_one(Timeline).display = False  # the chart shows the moment and jumps where clicked
            self.query_one("#replay-analyse", Button).disabled = True
            self.refresh_bindings()
            self.show_position()

    def _new_chart(self, report: Report) -> ChanceChart:
        chart = ChanceChart(report, self.cursor.start, list(self.who.labels()), self.t, id="replay-chart")
        chart.position = self.cursor.position
        return chart

    def _say_refusal(self, message: LogMessage) -> None:
        self.notify(say(self.t, message, self.header.seats), title=self.t("Analyse"), severity="warning", markup=False)

    def _show_verdict(self) -> None:
        """The chart's moment, and beside the log the analysis of the turn played or just ended
        (blank between turns: the box keeps its least rows, so the log is not laid out anew)."""
        verdicts = self._verdicts
        if verdicts is None:
            return
        position = self.cursor.position
        if self.chart is not None:
            self.chart.position = position
        verdict = verdicts.at(position)
        if verdict is self._verdict_shown:
            return
        self._verdict_shown = verdict
        self._one("#replay-verdict-box", VerdictBox).say("" if verdict is None else self._said(verdict))

    def _said(self, verdict: TurnVerdict) -> str:
        """``verdict`` in words, worked out once (the best turn is told from the moment it began)."""
        key = id(verdict)
        if key not in self._verdict_words:
            state = self.cursor.state_at(verdict.index) if verdict.mark is not None and not verdict.forced else None
            self._verdict_words[key] = verdict_words(self.t, self.record, self.who, verdict, state)
        return self._verdict_words[key]

    def action_mistake(self, delta: int) -> None:
        """To just after the next (1) or previous (-1) marked turn."""
        report = self.report
        if report is None:
            self.notify(self.t("Analyse the game first (a)."), title=self.t("Mistakes"), markup=False)
            return
        position = self.cursor.position
        ends = [turn.end for turn in report.turns if turn.mark]
        later = [end for end in ends if end > position] if delta > 0 else [end for end in ends if end < position][::-1]
        if not later:
            words = self.t("No more marked turns after this one.") if delta > 0 else self.t("No marked turn before this one.")
            self.notify(words, title=self.t("Mistakes"), markup=False)
            return
        self.action_jump(later[0])

    def on_unmount(self) -> None:
        gc.unfreeze()  # collectable again once the replay has gone
        if self.analysis is not None:
            self.analysis.forget(self._analysis_changed)

    # -- mouse ---------------------------------------------------------------
    def on_timeline_jump(self, message: Timeline.Jump) -> None:
        self.action_jump(message.position)

    def on_replay_log_jump(self, message: ReplayLog.Jump) -> None:
        self.action_jump(message.position)

    def on_chance_chart_jump(self, message: ChanceChart.Jump) -> None:
        self.action_jump(message.position)
