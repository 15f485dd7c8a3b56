"""The new-game dialog: game, seats, rule options (defaults shown) and seed.

Dismisses with a :class:`Header` built by ``core.record.new_header``, or None."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Button, Footer, Input, Label, Select, Static

from kobito_tui.app import actions
from kobito_tui.app.screens.base import ShellScreen
from kobito_tui.app.widgets.tickbox import TickBox
from kobito_tui.core.game import Game, OptionSpec, Seat
from kobito_tui.core.games import entry, game_ids, get_game
from kobito_tui.core.levels import chosen, seat_choice, seat_kinds
from kobito_tui.core.record import new_header
from kobito_tui.core.safetext import name_problem

MAX_SEATS = 6
SEAT_KINDS = list(seat_kinds())


def default_name(seat: int, kind: str) -> str:
    if kind == "human":
        return "You" if seat == 0 else f"Player {seat + 1}"
    return f"Computer {seat + 1}"


def available_games() -> list[Game]:
    """The registered games whose engine is installed."""
    games = []
    for game_id in game_ids():
        try:
            games.append(get_game(game_id))
        except ImportError:
            continue
    return games


def shown(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def player_counts(game: Game) -> list[tuple[str, int]]:
    return [(str(n), n) for n in range(game.min_players, game.max_players + 1)]


def option_widget(spec: OptionSpec) -> Widget:
    ident = f"opt-{spec.name}"
    if spec.choices:
        choices = [(shown(choice), choice) for choice in spec.choices]
        return Select(choices, value=spec.default, allow_blank=False, compact=True, id=ident)
    if spec.kind is bool:
        return TickBox("", spec.default, compact=True, id=ident)
    return Input(str(spec.default), type="integer" if spec.kind is int else "text", compact=True, id=ident)


def option_rows(game: Game) -> list[Horizontal]:
    """A row per rule option: its name with the default, and a control set to the default."""
    rows = []
    for spec in game.option_specs():
        label = Label(f"{spec.label} (default {shown(spec.default)})", classes="form-label wide")
        row = Horizontal(label, option_widget(spec), classes="form-row")
        row.tooltip = spec.help or None
        rows.append(row)
    return rows


class NewGameScreen(ShellScreen):
    AUTO_FOCUS = "#game"
    BINDINGS = actions.bindings(*actions.NEW_GAME_SCREEN)

    def __init__(self) -> None:
        super().__init__(classes="form-screen")
        self.games = available_games()
        self.options_for = self.games[0].id  # the game whose rule options are shown

    def compose(self) -> ComposeResult:
        yield Static("New game", classes="dialog-title")
        with VerticalScroll(id="new-game-form"):
            with Horizontal(classes="form-row"):
                yield Label("Game", classes="form-label")
                yield Select(
                    [(game.title, game.id) for game in self.games],
                    value=self.games[0].id,
                    allow_blank=False,
                    compact=True,
                    id="game",
                )
            with Horizontal(classes="form-row"):
                yield Label("Players", classes="form-label")
                yield Select(player_counts(self.games[0]), allow_blank=False, compact=True, id="players")
            for seat in range(MAX_SEATS):
                with Horizontal(classes="form-row seat-row", id=f"seat-{seat}") as row:
                    row.display = seat < self.games[0].min_players  # the first player count
                    yield Label(f"Seat {seat + 1}", classes="form-label")
                    kind = "human" if seat == 0 else "bot"
                    yield Input(default_name(seat, kind), compact=True, id=f"name-{seat}", classes="seat-name")
                    yield Select(
                        SEAT_KINDS,
                        value=seat_choice(None if seat == 0 else entry(self.games[0].id).default_level),
                        allow_blank=False,
                        compact=True,
                        id=f"kind-{seat}",
                    )
            yield Static("Rule options", classes="form-section")
            yield Vertical(*option_rows(self.games[0]), id="options")
            with Horizontal(classes="form-row"):
                yield Label("Seed", classes="form-label")
                yield Input(placeholder="random", type="integer", compact=True, id="seed")
        yield Static("", id="form-error", markup=False)
        with Horizontal(classes="dialog-buttons"):
            yield Button("Start", id="start", variant="primary", compact=True)
            yield Button("Cancel", id="cancel", compact=True)
        yield Footer()

    @property
    def game(self) -> Game:
        return get_game(self.query_one("#game", Select).value)

    @on(Select.Changed, "#game")
    async def _on_game(self, event: Select.Changed) -> None:
        """The new game's seats, and its options once the old ones are gone (both games have first_player)."""
        game = self.game
        if game.id == self.options_for:
            return  # Select posts Changed for its first value too
        self.options_for = game.id
        self._fit_seats(game)
        options = self.query_one("#options", Vertical)
        await options.remove_children()
        await options.mount_all(option_rows(game))

    @on(Select.Changed, ".seat-row Select")
    def _on_kind(self, event: Select.Changed) -> None:
        """A seat that changes between human and computer gets that kind's name, unless one was typed."""
        seat = int(event.select.id.removeprefix("kind-"))
        name = self.query_one(f"#name-{seat}", Input)
        kind = chosen(str(event.value))[0]
        if name.value.strip() in {"", *(default_name(seat, other) for other in ("human", "bot"))}:
            name.value = default_name(seat, kind)

    @on(Input.Changed, ".seat-name")
    def _on_name(self, event: Input.Changed) -> None:
        problem = name_problem(event.value)
        self._show_error(f"Seat {int(event.input.id.removeprefix('name-')) + 1}: {problem}" if problem else "")

    def _show_error(self, text: str) -> None:
        error = self.query_one("#form-error", Static)
        if str(error.render()) != text:  # each name typed checks: redraw only what changed
            error.update(text)

    @on(Select.Changed, "#players")
    def _on_players(self, event: Select.Changed) -> None:
        self._show_seats()

    def _fit_seats(self, game: Game) -> None:
        """Player counts and computer levels for ``game``."""
        players = self.query_one("#players", Select)
        count = players.value if isinstance(players.value, int) else 2
        players.set_options(player_counts(game))
        players.value = min(max(count, game.min_players), game.max_players)
        self._show_seats()
        for seat in range(1, MAX_SEATS):
            kind = self.query_one(f"#kind-{seat}", Select)
            if chosen(str(kind.value))[1]:
                kind.value = seat_choice(entry(game.id).default_level)

    def _show_seats(self) -> None:
        count = self.query_one("#players", Select).value
        for seat in range(MAX_SEATS):
            self.query_one(f"#seat-{seat}").display = isinstance(count, int) and seat < count

    def seats(self) -> tuple[Seat, ...]:
        """The seats shown; ValueError names the first seat whose name is refused."""
        seats = []
        for seat in range(self.query_one("#players", Select).value):
            name = self.query_one(f"#name-{seat}", Input).value.strip()
            problem = name_problem(name)
            if problem:
                raise ValueError(f"Seat {seat + 1}: {problem}")
            seats.append(Seat(name, *chosen(self.query_one(f"#kind-{seat}", Select).value)))
        return tuple(seats)

    def options(self) -> dict[str, Any]:
        values: dict[str, Any] = {}
        for spec in self.game.option_specs():
            widget = self.query_one(f"#opt-{spec.name}")
            value = widget.value
            if isinstance(widget, Input):
                value = int(value) if spec.kind is int and value.lstrip("-").isdigit() else value
            values[spec.name] = value
        return values

    def action_start(self) -> None:
        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(seed_text) if seed_text else None
            header = new_header(self.game.id, self.seats(), self.options(), seed)
        except ValueError as error:
            self._show_error(f"Cannot start: {error}")
            return
        self.dismiss(header)

    def action_cancel(self) -> None:
        self.dismiss(None)

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        await self.run_action(event.button.id)
