"""*Play from here*: who plays each seat of the new game, human or computer."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Select, Static

from kobito_tui.app import actions
from kobito_tui.app.screens.base import ShellDialog
from kobito_tui.app.widgets.bounded_input import BoundedInput
from kobito_tui.core.game import Seat
from kobito_tui.core.levels import LEVELS, canonical, chosen, seat_choice
from kobito_tui.core.safetext import NAME_MAX_CHARS
from kobito_tui.i18n import Translator
from kobito_tui.i18n.seats import default_name, typed_name
from kobito_tui.i18n.words import name_problem, seat_kinds


def seat_kind(seat: Seat) -> str:
    """The seat's choice in the menu (an old level name chooses its new name)."""
    if not seat.is_bot:
        return seat_choice()
    level = canonical(seat.level or "medium")
    return seat_choice(level if level in LEVELS else "easy")


def make_seat(t: Translator, name: str, kind: str, seat: int) -> Seat:
    """The seat chosen in row ``seat`` (0-based); an empty or default name is none (the seat's role)."""
    what, level = chosen(kind)
    return Seat(typed_name(t, seat, name), "bot" if what == "bot" else "human", level)


class BranchDialog(ShellDialog):
    """Dismissed with the new seats, or None when cancelled; with ``kinds_fixed``
    only the names can change, not who plays (human or computer)."""

    BINDINGS: ClassVar[list[BindingType]] = [*actions.bindings(*actions.CANCEL_DIALOG)]

    def __init__(self, seats: tuple[Seat, ...], kinds_fixed: bool = False) -> None:
        super().__init__(classes="dialog-screen")
        self.seats = seats
        self.kinds_fixed = kinds_fixed

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="branch-dialog"):
            yield Static(self.t("Play from here — who plays each seat?"), classes="dialog-title")
            for number, seat in enumerate(self.seats):
                with Horizontal(classes="branch-seat"):
                    yield BoundedInput(
                        seat.name or default_name(self.t, number, seat.kind),
                        max_length=NAME_MAX_CHARS,
                        id=f"branch-name-{number}",
                        classes="branch-name",
                        compact=True,
                    )
                    yield Select(
                        seat_kinds(self.t),
                        value=seat_kind(seat),
                        allow_blank=False,
                        id=f"branch-kind-{number}",
                        compact=True,
                        disabled=self.kinds_fixed,
                    )
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.t("Play"), id="branch-play", variant="primary", compact=True)
                yield Button(self.t("Cancel"), id="branch-cancel", compact=True)

    def chosen_seats(self) -> tuple[Seat, ...]:
        return tuple(
            make_seat(
                self.t,
                self.query_one(f"#branch-name-{number}", Input).value,
                str(self.query_one(f"#branch-kind-{number}", Select).value),  # never blank: allow_blank=False
                number,
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
        problem = next(filter(None, (name_problem(self.t, seat.name) for seat in seats if seat.name)), None)
        if problem is not None:
            self.notify(problem, title=self.t("Play from here"), severity="error", markup=False)
        else:
            self.dismiss(seats)

    def action_cancel(self) -> None:
        self.dismiss(None)
