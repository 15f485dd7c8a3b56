"""The final scores: winner, scores, and Play again / Save replay / Title."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Center, Horizontal, Middle, Vertical
from textual.widgets import Button, DataTable, Footer, Static

from kobito_tui.app import actions
from kobito_tui.app.result_details import detail_columns
from kobito_tui.app.screens.base import ShellScreen
from kobito_tui.app.words import result_words
from kobito_tui.core.game import Header, Result
from kobito_tui.core.record import Record
from kobito_tui.core.safetext import printable
from kobito_tui.i18n import Translator
from kobito_tui.i18n.words import winners


def headline(t: Translator, result: Result, names: list[str]) -> str:
    """"Ann wins!", "Ann and Bob win!", and "You win!" for the default seat name."""
    players = [printable(names[seat]) for seat in result.winners]
    if len(players) == 1 and players[0].strip().lower() == "you":
        return t("You win!")
    return winners(t, players)


def scores_table(t: Translator, result: Result, names: list[str]) -> DataTable:
    """One row per seat, best score first: the score, what the end reveals, the winners (plain text)."""
    table = DataTable(id="final-scores", cursor_type="none", show_cursor=False)
    details = detail_columns(t, result, len(names))
    scored = result.scores is not None
    table.add_columns(t("Player"), *([t("Score")] if scored else []), *(heading for heading, _ in details), "")
    seats = sorted(range(len(names)), key=lambda seat: -result.scores[seat]) if scored else range(len(names))
    winner = t("★ winner")
    for seat in seats:
        score = [str(result.scores[seat])] if scored else []
        cells = [names[seat], *score, *(cells[seat] for _, cells in details), winner if seat in result.winners else ""]
        table.add_row(*(Text(printable(cell)) for cell in cells))
    return table


class FinalScreen(ShellScreen):
    BINDINGS = actions.bindings(*actions.FINAL_SCREEN)
    SPARE_KEYS = ("app.quit", "app.help")  # the same keys on every screen

    def __init__(self, result: Result | None, header: Header, record: Record | None = None) -> None:
        """The end of a game: its ``result`` and client ``header`` (the last update's);
        ``record``, the whole game, where it was hosted here (it can be saved as a replay)."""
        super().__init__(classes="final-screen")
        self.result, self.header, self.record = result or Result(winners=[]), header, record

    def compose(self) -> ComposeResult:
        result = self.result
        names, t = [seat.name for seat in self.header.seats], self.t
        with Middle(), Center(), Vertical(id="final-box"):
            yield Static(headline(t, result, names), id="final-winner", markup=False)
            yield Static(result_words(t, result, names), id="final-summary", markup=False)
            yield scores_table(t, result, names)
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
