"""The final scores: winner, scores, and Play again / Save replay / Title."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Middle, Vertical
from textual.widgets import Button, DataTable, Footer, Static

from kobito_tui.app.screens.base import ShellScreen
from kobito_tui.core.game import Result
from kobito_tui.core.session import Session


def headline(result: Result, names: list[str]) -> str:
    if not result.winners:
        return "A draw"
    winners = " and ".join(names[seat] for seat in result.winners)
    return f"{winners} {'win' if len(result.winners) > 1 else 'wins'}!"


class FinalScreen(ShellScreen):
    BINDINGS = [
        Binding("p", "play_again", "Play again"),
        Binding("s", "save_replay", "Save replay"),
        Binding("t,escape", "title", "Title"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__(classes="final-screen")
        self.session = session

    def compose(self) -> ComposeResult:
        result = self.session.result or Result(winners=[])
        names = [seat.name for seat in self.session.header.seats]
        with Middle(), Center(), Vertical(id="final-box"):
            yield Static(headline(result, names), id="final-winner", markup=False)
            yield Static(result.summary, id="final-summary", markup=False)
            table = DataTable(id="final-scores", cursor_type="none", show_cursor=False)
            if result.scores is not None:
                table.add_columns("Player", "Score", "")
                ranked = sorted(range(len(names)), key=lambda seat: -result.scores[seat])
                for seat in ranked:
                    table.add_row(names[seat], str(result.scores[seat]), "★" if seat in result.winners else "")
            else:
                table.add_columns("Player", "")
                for seat, name in enumerate(names):
                    table.add_row(name, "★ winner" if seat in result.winners else "")
            yield table
            with Horizontal(classes="dialog-buttons"):
                yield Button("Play again", id="play_again", variant="primary", compact=True)
                yield Button("Save replay", id="save_replay", compact=True)
                yield Button("Title", id="title", compact=True)
        yield Footer()

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        await self.run_action(event.button.id)

    def action_play_again(self) -> None:
        self.app.play_again(self.session.header)

    def action_save_replay(self) -> None:
        self.app.save_replay(self.session.record)

    def action_title(self) -> None:
        self.app.to_title()
