"""A tutorial as data: a fixed deal, a scripted opponent and the steps the player takes.

A :class:`Step` names the words to show (a message id of ``kobito_tui.i18n.tutorial``)
and the moves it asks for; it is done once one of them is played.  :class:`Lesson`
follows a game's events (:meth:`follow`) and says which step is current and whether a move fits it.
Nothing here draws or reads keys: the app's tutorial screen does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from copy import deepcopy
from dataclasses import dataclass
from typing import Any

from kobito_tui.core.game import Event, Game, Header, Seat
from kobito_tui.core.record import Record, new_header

Accepts = Callable[[Event], bool]


@dataclass(frozen=True)
class Step:
    """One idea: the words ``id`` ask for one of the moves ``accepts`` takes;
    ``example`` is the move the hint shows (one ``accepts`` takes)."""

    id: str
    example: Event
    accepts: Accepts | None = None  # None: exactly ``example``

    def takes(self, move: Event) -> bool:
        return move == self.example if self.accepts is None else self.accepts(move)


@dataclass(frozen=True)
class Tutorial:
    """A scripted first game of ``game`` for seat 0 against a scripted seat 1."""

    game: str
    options: dict[str, Any]
    setup: Event  # the deal: the game's own setup chance event, fixed
    steps: tuple[Step, ...]
    opponent: tuple[Event, ...]  # seat 1's moves, in order
    closing: str  # the words shown once every step is done

    def record(self, you: str, computer: str) -> Record:
        """A new game on the fixed deal, seat names as given (the player's words for them)."""
        seats = (Seat(you), Seat(computer, "bot", "easy"))
        header: Header = new_header(self.game, seats, self.options, seed=0)
        return Record(header, [deepcopy(self.setup)])  # each game its own copy of the deal


class Lesson:
    """Where the player is in ``tutorial``."""

    def __init__(self, tutorial: Tutorial) -> None:
        self.tutorial = tutorial
        self.index = 0

    @property
    def step(self) -> Step | None:
        """The step to do now; None once all are done."""
        steps = self.tutorial.steps
        return steps[self.index] if self.index < len(steps) else None

    @property
    def done(self) -> bool:
        return self.step is None

    @property
    def words(self) -> str:
        """The message id to show now."""
        step = self.step
        return self.tutorial.closing if step is None else step.id

    def fits(self, move: Event) -> bool:
        """Whether ``move`` is what the current step asks for (nothing fits once done)."""
        step = self.step
        return step is not None and step.takes(move)

    def follow(self, events: Sequence[Event], seat: int = 0) -> bool:
        """Where ``seat``'s moves among ``events`` (the whole game so far, so an undo
        goes back a step too) have taken the player; True if the step changed."""
        before, self.index = self.index, 0
        for event in events:
            if event.get("seat") == seat and self.fits(event):
                self.index += 1
        return self.index != before


class ScriptedBot:
    """Plays ``moves`` in order (each when it is legal), then the first legal move
    that ends the turn, or else the first legal move: a computer that keeps the
    tutorial's board as the script needs it.  Where it is in the script is counted
    from its own moves in the history, so an undo takes it back too."""

    def __init__(self, moves: Sequence[Event]) -> None:
        self.moves = tuple(moves)

    def choose(self, game: Game, header: Header, view: Any, legal: list[Event], history: list[Event]) -> Event:
        seat = legal[0].get("seat")
        played = sum(1 for event in history if event.get("seat") == seat)
        if played < len(self.moves) and self.moves[played] in legal:
            return self.moves[played]
        return next((move for move in legal if game.closes_turn(move)), legal[0])
