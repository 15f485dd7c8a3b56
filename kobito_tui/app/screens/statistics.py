"""The Statistics screen: a player's results from the saves folder, per game, against each
computer level and each friend (the counting is :mod:`kobito_tui.core.statistics`)."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import DataTable, Footer, Label, Select, Static
from textual.worker import Worker, WorkerState

from kobito_tui.app import actions
from kobito_tui.app.games import APP_GAMES
from kobito_tui.app.screens.base import ShellScreen
from kobito_tui.core.levels import RECIPES
from kobito_tui.core.safetext import printable
from kobito_tui.core.statistics import UNNAMED, YOU, Opponent, Statistics, Tally, read_folder
from kobito_tui.i18n import Translator
from kobito_tui.i18n.words import game_title, level_name

NAME_CHARS = 16  # a friend's name in the Opponent column, cut with "…" beyond


def column_names(t: Translator) -> tuple[str, ...]:
    return (
        t.p("column", "Opponent"),
        t.p("column", "Games"),
        t.p("column", "Won"),
        # Translators: how many finished games in 1st, 2nd, 3rd… place, as "3·1·0".
        t.p("column", "Places 1·2·3…"),
        t.p("column", "Points"),
        t.p("column", "Unfinished"),
    )


def player_name(t: Translator, stats: Statistics, player: str) -> str:
    return t("You") if player == YOU else printable(stats.names.get(player, player), NAME_CHARS)


def opponent_name(t: Translator, stats: Statistics, opponent: Opponent | None) -> str:
    if opponent is None:
        return t("All opponents")
    kind, key = opponent
    if kind == "bot":
        # Translators: an opponent in the Statistics: a computer of a level ("Computer: Easy").
        return t("Computer: {level}", level=level_name(t, key))
    return t("Players without a name") if opponent == UNNAMED else player_name(t, stats, key)


def cells(tally: Tally) -> tuple[Text, ...]:
    """A row's numbers, right-aligned: games, wins, places ("3·1·0"), average points (or "—"), unfinished games."""
    placed = "·".join(str(tally.places[place]) for place in range(1, max(tally.places, default=0) + 1))
    points = tally.average_points
    said = (str(tally.games), str(tally.wins), placed or "—", "—" if points is None else f"{points:.1f}", str(tally.unfinished))
    return tuple(Text(cell, justify="right") for cell in said)


def opponent_order(rows: dict[Opponent | None, Tally]) -> list[Opponent | None]:
    """All opponents first, the computers weakest first, friends by most games, then those without a name."""

    def key(opponent: Opponent | None) -> tuple[int, int, int, str]:
        if opponent is None:
            return (0, 0, 0, "")
        kind, name = opponent
        if kind == "bot":
            return (1, RECIPES.index(name), 0, "")
        tally = rows[opponent]
        return (3 if opponent == UNNAMED else 2, 0, -(tally.games + tally.unfinished), name)

    return sorted(rows, key=key)


class StatisticsScreen(ShellScreen):
    """One player's results (``p`` or the list: the next player), both games in one table.
    The folder is read in a thread: a large one takes seconds (about 3 ms a save), the keys work meanwhile."""

    BINDINGS = actions.bindings(*actions.STATISTICS_SCREEN)

    def __init__(self, saves_dir: Path) -> None:
        super().__init__(classes="statistics-screen")
        self.saves_dir = Path(saves_dir)
        self.stats: Statistics | None = None  # until the folder is read

    def compose(self) -> ComposeResult:
        yield Static(self.t("Statistics"), id="stats-title")
        with Vertical(id="stats-body"):
            yield Static(self.t("Reading the saved games…"), id="stats-reading")
        yield Footer()

    def on_mount(self) -> None:
        self.run_worker(partial(read_folder, self.saves_dir), thread=True, exit_on_error=False)

    async def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state == WorkerState.SUCCESS and isinstance(event.worker.result, Statistics):
            self.stats = event.worker.result
            body = self.query_one("#stats-body")
            await body.remove_children()
            await body.mount_all(self._results(self.stats))
            if self.stats.players():
                self.show(self.stats.players()[0])
                if self.focused is None:  # (the size notice keeps it while the window is too small)
                    self.query_one(DataTable).focus()
            self.refresh_bindings()  # p, where there is another player
        elif event.state == WorkerState.ERROR:  # the folder itself unreadable: said, as any file is
            self.app.show_error(self.t("Statistics"), printable(event.worker.error))

    def _results(self, stats: Statistics) -> list[Widget]:
        t, players = self.t, stats.players()
        shown: list[Widget] = []
        if players:
            options = [(Text(player_name(t, stats, player)), player) for player in players]  # a name is no markup
            chooser = Select(options, value=players[0], allow_blank=False, compact=True, id="stats-player")
            shown.append(Horizontal(Label(t("Player"), id="stats-player-label"), chooser, id="stats-who"))
            table: DataTable[str | Text] = DataTable(id="stats-table", cursor_type="row")
            for index, label in enumerate(column_names(t)):
                table.add_column(Text(label, justify="right" if index else "left"))  # numbers to the right
            notes = t("Games: finished games, the unfinished counted apart. Places: how many games in 1st, 2nd, 3rd… place.")
            points = t("Points: the average score of a finished game, where the game keeps one.")
            shown += [table, Static(f"{notes} {points}", id="stats-notes")]
        else:
            shown.append(Static(t("No games in the saves folder yet: play one, and your results show here."), id="stats-empty"))
        if stats.skipped:
            count = len(stats.skipped)
            skipped = t.n(
                "{count} file could not be read and is not counted (Load says why).",
                "{count} files could not be read and are not counted (Load says why).",
                count,
            )
            shown.append(Static(skipped, id="stats-skipped"))
        return shown

    def show(self, player: str) -> None:
        """``player``'s rows: per game a heading, then all opponents, then each opponent."""
        t, stats = self.t, self.stats
        if stats is None:
            return
        table = self.query_one(DataTable)
        table.clear()
        games = stats.tallies.get(player, {})
        for game_id in [game_id for game_id in APP_GAMES if game_id in games]:
            rows = games[game_id]
            table.add_row(Text(game_title(t, game_id), style="bold"), *[""] * 5)
            for opponent in opponent_order(rows):
                name = opponent_name(t, stats, opponent)
                table.add_row(Text("  " + name, style="bold" if opponent is None else ""), *cells(rows[opponent]))
        table.move_cursor(row=1)  # on the first game's total, under its heading

    def on_select_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str):
            self.show(event.value)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``p`` only where there is another player to go on to."""
        if action == "next_player" and (self.stats is None or len(self.stats.players()) < 2):
            return False
        return super().check_action(action, parameters)

    def action_next_player(self) -> None:
        players = self.stats.players() if self.stats is not None else []
        if players:
            chooser: Select[str] = self.query_one("#stats-player", Select)
            now = chooser.value if isinstance(chooser.value, str) else players[0]
            chooser.value = players[(players.index(now) + 1) % len(players)]
