"""*Play from here*: who plays each seat of the new game, human or computer."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Select, Static

from kobito_tui.app.screens.base import ShellDialog
from kobito_tui.core.game import Seat
from kobito_tui.core.levels import canonical, seat_kinds
from kobito_tui.core.safetext import name_problem

KINDS = seat_kinds()


def seat_kind(seat: Seat) -> str:
    """The seat's choice in the menu (an old level name chooses its new name)."""
    if not seat.is_bot:
        return "human"
    level = canonical(seat.level or "medium")
    return f"bot:{level}" if any(value == f"bot:{level}" for _, value in KINDS) else "bot:easy"


def make_seat(name: str, kind: str, number: int) -> Seat:
    """The seat chosen in one row; an empty name becomes "Player n" / "Computer n"."""
    if kind == "human":
        return Seat(name.strip() or f"Player {number}")
    return Seat(name.strip() or f"Computer {number}", "bot", kind.partition(":")[2])


class BranchDialog(ShellDialog):
    """Dismissed with the new seats, or None when cancelled; with ``kinds_fixed``
    only the names can change, not who plays (human or computer)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, seats: tuple[Seat, ...], kinds_fixed: bool = False) -> None:
        super().__init__(classes="dialog-screen")
        self.seats = seats
        self.kinds_fixed = kinds_fixed

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="branch-dialog"):
            yield Static("Play from here — who plays each seat?", classes="dialog-title")
            for number, seat in enumerate(self.seats):
                with Horizontal(classes="branch-seat"):
                    yield Input(seat.name, id=f"branch-name-{number}", classes="branch-name", compact=True)
                    yield Select(
                        KINDS, value=seat_kind(seat), allow_blank=False, id=f"branch-kind-{number}", compact=True,
                        disabled=self.kinds_fixed,
                    )
            with Horizontal(classes="dialog-buttons"):
                yield Button("Play", id="branch-play", variant="primary", compact=True)
                yield Button("Cancel", id="branch-cancel", compact=True)

    def chosen_seats(self) -> tuple[Seat, ...]:
        return tuple(
            make_seat(
                self.query_one(f"#branch-name-{number}", Input).value,
                self.query_one(f"#branch-kind-{number}", Select).value,
                number + 1,
            )
            for number in range(len(self.seats))
        )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self._play() if event.button.id == "branch-play" else self.dismiss(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._play()

    def _play(self) -> None:
        seats = self.chosen_seats()
        problem = next(filter(None, (name_problem(seat.name) for seat in seats)), None)
        if problem is not None:
            self.notify(problem.capitalize() + ".", title="Play from here", severity="error")
        else:
            self.dismiss(seats)

    def action_cancel(self) -> None:
        self.dismiss(None)
