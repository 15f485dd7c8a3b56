"""``TreasureBoard``: the Hide the Treasure screen area the shell plugs in.

A turn is three steps, each posted as its own move so the shell shows the
flip at once and undo can take one step back; after the third step the player
confirms with Enter or the End-turn button (the engine's ``end`` move), so a
mistaken last step can still be undone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import getters, on
from textual.app import ComposeResult
from textual.containers import Center
from textual.css.query import NoMatches
from textual.events import Resize
from textual.widgets import Button, Static

from kobito_tui.app import actions
from kobito_tui.app.board import GameBoard
from kobito_tui.app.treasure import words
from kobito_tui.app.treasure.controls import Choices, acting_pawn, move_cursor, step_target
from kobito_tui.app.treasure.grid import TileGrid
from kobito_tui.core.game import Event, Header
from kobito_tui.treasure.view import Pos, TreasureView

if TYPE_CHECKING:
    from kobito_tui.app.shell import ShellApp


class TreasureBoard(GameBoard):
    """The 5x5 grid, the player's own colour, the seats and the confirm button."""

    if TYPE_CHECKING:
        app = getters.app(ShellApp)  # the app as a Shell: its translator ``t`` known to the type checker

    can_focus = True

    BINDINGS = actions.bindings(*actions.TREASURE_BOARD)
    how_to, legend = staticmethod(words.how_to), staticmethod(words.legend)

    def __init__(self, header: Header, **kwargs: Any) -> None:
        super().__init__(header, **kwargs)
        self._view: TreasureView | None = None
        self._legal: list[Event] = []
        self._interactive = False
        self._choices = Choices()
        self._cursor: Pos = (0, 0)
        self._hint: Event | None = None
        self._status = ""
        self._lines: tuple[object, ...] = ()
        self._worded: tuple[object, ...] = ()
        self._waiting = False  # a move was posted and the shell has not shown its result yet
        self._typed_ahead: list[tuple[str, str | None]] = []  # keys pressed meanwhile

    def compose(self) -> ComposeResult:
        yield Static(id="treasure-mine", markup=False)  # it may name a seat: plain text
        with Center():
            yield TileGrid(id="treasure-grid")
        yield Static(id="treasure-seats")
        confirm = Button(words.confirm_label(self.app.t, "end"), id="treasure-confirm", compact=True, disabled=True)
        confirm.can_focus = False  # keys stay with the board
        with Center():
            yield confirm

    def on_mount(self) -> None:
        self._sync()

    def on_resize(self, event: Resize) -> None:
        self._sync()  # the seats line wraps between seats at the new width

    # -- the GameBoard contract -------------------------------------------
    def show(self, view: TreasureView, legal: list[Event], interactive: bool) -> None:
        view = self.worded(view)
        self._view, self._legal, self._interactive = view, legal, interactive
        self._choices = Choices.of(view, legal if interactive else [])
        self._hint = None
        self._waiting = False
        if self._choices.corners and self._cursor not in self._choices.corners:
            self._cursor = next(iter(self._choices.corners))
        self._sync()
        status = self.status()
        if status != self._status:
            self._status = status
            self.status_line = status
        if not interactive:
            self._typed_ahead.clear()
        elif self._typed_ahead:
            self._key(*self._typed_ahead.pop(0))

    def status(self) -> str:
        return words.status_text(self.app.t, self._view, self._legal, self._interactive, self.who(self._view))

    def hint(self, move: Event) -> None:
        """The ★ on the suggested step's tile, its words on the status line; Enter plays it."""
        self._hint = move
        if move["type"] == "place" and move in self._choices.corners.values():
            self._cursor = next(pos for pos, place in self._choices.corners.items() if place == move)
        self._sync()
        self.say(words.hint_text(self.app.t, move))

    def tips(self) -> list[tuple[object, str]]:
        return words.tips(self.app.t, self._view, self._choices) if self._interactive and self._view else []

    # -- input -----------------------------------------------------------
    def action_step(self, direction: str) -> None:
        self._key("step", direction)

    def action_confirm(self) -> None:
        self._key("confirm", None)

    def _key(self, action: str, direction: str | None) -> None:
        """A step or confirm key; keys typed before the last move is shown wait for it."""
        choices = self._choices
        if self._waiting:
            self._typed_ahead.append((action, direction))
        elif action == "step" and choices.corners and direction is not None:
            self._cursor = move_cursor(self._cursor, direction)
            self._sync()
        elif action == "step" and direction in choices.directions:
            self._choose(choices.directions[direction])
        elif action == "confirm" and self._hint is not None and self._hint in choices.directions.values():
            self._choose(self._hint)
        elif action == "confirm" and choices.corners:
            self._choose(choices.corners[self._cursor])
        elif action == "confirm" and choices.confirm is not None:
            self._choose(choices.confirm)
        elif self._interactive and self._view is not None:
            here = acting_pawn(self._view)
            target = None if action == "confirm" or here is None or direction is None else step_target(here, direction)
            self.say(words.no_step(self.app.t, self._view, choices, target))

    @on(TileGrid.Clicked)
    def _clicked(self, message: TileGrid.Clicked) -> None:
        move = self._choices.steps.get(message.pos) or self._choices.corners.get(message.pos)
        if move is not None:
            self.focus()
            self._choose(move)

    @on(Button.Pressed, "#treasure-confirm")
    def _confirm_pressed(self, message: Button.Pressed) -> None:
        message.stop()
        self.action_confirm()

    def _choose(self, move: Event) -> None:
        """Post ``move``; the grid stays as it is until the shell shows the result, in
        one frame (drawing the grid without its choices first would cost a second)."""
        self._choices = Choices()  # one move per show(): the next one is chosen on what it shows
        self._waiting = True
        self.post_message(self.MoveChosen(move))

    # -- rendering -------------------------------------------------------
    def _sync(self) -> None:
        """Bring the child widgets up to date (once they exist)."""
        view = self._view
        try:
            grid = self.query_one(TileGrid)
        except NoMatches:
            return
        if view is None:
            return
        choices = self._choices
        grid.show(view, choices, self._cursor if choices.corners else None, choices.target_of(self._hint))
        width = self.query_one("#treasure-seats", Static).content_size.width or self.content_size.width
        you, t = not self.watching, self.app.t
        worded = (t, view, width, you)  # what the two lines are worded from: a cursor key changes none of it
        if worded != self._worded:
            self._worded = worded
            lines = (words.colour_line(t, view, width, you), words.seats_line(t, view, width, you))
            if lines != self._lines:  # an update re-runs the layout: only when the words change
                self._lines = lines
                self.query_one("#treasure-mine", Static).update(lines[0])
                self.query_one("#treasure-seats", Static).update(lines[1])
        confirm = self.query_one("#treasure-confirm", Button)
        kind = "place" if choices.corners else choices.confirm["type"] if choices.confirm else "end"
        confirm.label = words.confirm_label(t, kind)
        confirm.disabled = not (choices.corners or choices.confirm)
        confirm.display = self._interactive and not view.over
        confirm.set_class(self._hint is not None and self._hint == choices.confirm, "-hint")
