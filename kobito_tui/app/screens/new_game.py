"""The new-game dialog: game, seats, rule options (defaults shown) and seed.

Dismisses with a :class:`Header` built by ``core.record.new_header``, or None."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from kobito_tui.app import actions
from kobito_tui.app.games import APP_GAMES, app_game
from kobito_tui.app.screens.base import ShellScreen
from kobito_tui.app.widgets.bounded_input import OPTION_MAX_CHARS, BoundedInput
from kobito_tui.app.widgets.tickbox import TickBox
from kobito_tui.core.game import Game, Header, OptionSpec, Seat, option_message
from kobito_tui.core.levels import chosen, seat_choice
from kobito_tui.core.record import new_header
from kobito_tui.core.safetext import NAME_MAX_CHARS, printable
from kobito_tui.games import game_ids, get_game
from kobito_tui.i18n import Translator
from kobito_tui.i18n.messages import say
from kobito_tui.i18n.options import option_help, option_label, option_value
from kobito_tui.i18n.seats import default_name, typed_name
from kobito_tui.i18n.words import game_title, seat_kinds, seat_problem

MAX_SEATS = 6


def available_games() -> list[Game]:
    """The registered games the app has a board for, in menu order."""
    return [get_game(game_id) for game_id in game_ids() if game_id in APP_GAMES]


def player_counts(game: Game) -> list[tuple[str, int]]:
    return [(str(n), n) for n in range(game.min_players, game.max_players + 1)]


def offered(t: Translator, game: Game, spec: OptionSpec, players: int) -> list[tuple[str, Any]]:
    """``spec``'s choices in words: the default and those the engine takes for ``players`` players
    (no fifth seat to start with four players), so that a choice offered is not refused."""

    def taken(choice: Any) -> bool:
        try:
            game.normalize_options({spec.name: choice}, players)
        except ValueError:
            return False
        return True

    return [(option_value(t, spec.name, choice), choice) for choice in spec.choices if choice == spec.default or taken(choice)]


def option_widget(t: Translator, game: Game, spec: OptionSpec, players: int) -> Widget:
    ident = f"opt-{spec.name}"
    if spec.choices:
        return Select(offered(t, game, spec, players), value=spec.default, allow_blank=False, compact=True, id=ident)
    if spec.kind is bool:
        return TickBox("", spec.default, compact=True, id=ident)
    return BoundedInput(
        str(spec.default), type="integer" if spec.kind is int else "text", max_length=OPTION_MAX_CHARS, compact=True, id=ident
    )


def option_rows(t: Translator, game: Game, players: int) -> list[Horizontal]:
    """A row per rule option: its name with the default, and a control set to the default."""
    rows = []
    for spec in game.option_specs():
        words = {"label": option_label(t, game.id, spec), "value": option_value(t, spec.name, spec.default)}
        # Translators: a rule option's name and its default value, e.g. "Turn limit (default 0)".
        label = Label(t("{label} (default {value})", **words), classes="form-label wide")
        row = Horizontal(label, option_widget(t, game, spec, players), classes="form-row")
        row.tooltip = option_help(t, game.id, spec) or None
        rows.append(row)
    return rows


def _seat_number(widget: Widget, prefix: str) -> int:
    """The seat of a seat row's control, from its id ("kind-2": 2)."""
    assert widget.id is not None, "a seat's controls are named"
    return int(widget.id.removeprefix(prefix))


class NewGameScreen(ShellScreen):
    AUTO_FOCUS = "#game"
    BINDINGS = actions.bindings(*actions.NEW_GAME_SCREEN)

    def __init__(self) -> None:
        super().__init__(classes="form-screen")
        self.games = available_games()
        self.options_for = self.games[0].id  # the game whose rule options are shown

    def more_rows(self) -> ComposeResult:
        """Rows a form of another kind adds after the options (none here)."""
        yield from ()

    def compose(self) -> ComposeResult:
        t = self.t
        yield Static(t("New game"), classes="dialog-title")
        with VerticalScroll(id="new-game-form"):
            with Horizontal(classes="form-row"):
                yield Label(t("Game"), classes="form-label")
                yield Select(
                    [(game_title(t, game.id), game.id) for game in self.games],
                    value=self.games[0].id,
                    allow_blank=False,
                    compact=True,
                    id="game",
                )
            with Horizontal(classes="form-row"):
                yield Label(t("Players"), classes="form-label")
                yield Select(player_counts(self.games[0]), allow_blank=False, compact=True, id="players")
            for seat in range(MAX_SEATS):
                with Horizontal(classes="form-row seat-row", id=f"seat-{seat}") as row:
                    row.display = seat < self.games[0].min_players  # the first player count
                    yield Label(t("Seat {number}", number=seat + 1), classes="form-label")
                    kind = "human" if seat == 0 else "bot"
                    yield BoundedInput(
                        default_name(t, seat, kind), max_length=NAME_MAX_CHARS, compact=True, id=f"name-{seat}", classes="seat-name"
                    )
                    yield Select(
                        seat_kinds(t),
                        value=seat_choice(None if seat == 0 else app_game(self.games[0].id).default_level),
                        allow_blank=False,
                        compact=True,
                        id=f"kind-{seat}",
                    )
            yield Static(t("Rule options"), classes="form-section")
            yield Vertical(*option_rows(t, self.games[0], self.games[0].min_players), id="options")
            yield from self.more_rows()
            with Horizontal(classes="form-row"):
                # Translators: the number that fixes the shuffles, to play the same deal again.
                yield Label(t("Seed"), classes="form-label")
                yield BoundedInput(placeholder=t.p("seed", "random"), type="integer", max_length=OPTION_MAX_CHARS, compact=True, id="seed")
        yield Static("", id="form-error", markup=False)
        with Horizontal(classes="dialog-buttons"):
            yield Button(t("Start"), id="start", variant="primary", compact=True)
            yield Button(t("Cancel"), id="cancel", compact=True)
        yield Footer()

    @property
    def game(self) -> Game:
        game_id = self.query_one("#game", Select).value
        assert isinstance(game_id, str), "the game menu has no blank"
        return get_game(game_id)

    def _players(self) -> int:
        count = self.query_one("#players", Select).value
        assert isinstance(count, int), "the player count menu has no blank"
        return count

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
        await options.mount_all(option_rows(self.t, game, self._players()))

    @on(Select.Changed, ".seat-row Select")
    def _on_kind(self, event: Select.Changed) -> None:
        """A seat that changes between human and computer gets that kind's name, unless one was typed."""
        seat = _seat_number(event.select, "kind-")
        name = self.query_one(f"#name-{seat}", Input)
        kind = chosen(str(event.value))[0]
        if name.value.strip() in {"", *(default_name(self.t, seat, other) for other in ("human", "bot"))}:
            name.value = default_name(self.t, seat, kind)

    @on(Input.Changed, ".seat-name")
    def _on_name(self, event: Input.Changed) -> None:
        self._show_error(seat_problem(self.t, _seat_number(event.input, "name-"), event.value) or "")

    def _show_error(self, text: str) -> None:
        error = self.query_one("#form-error", Static)
        if str(error.render()) != text:  # each name typed checks: redraw only what changed
            error.update(text)

    @on(Select.Changed, "#players")
    def _on_players(self, event: Select.Changed) -> None:
        self._show_seats()
        self._fit_choices()

    def _fit_choices(self) -> None:
        """The options' choices for the player count; one no longer offered goes back to its default."""
        game, count = self.game, self.query_one("#players", Select).value
        for spec in game.option_specs():
            if spec.choices and isinstance(count, int):
                select = self.query_one(f"#opt-{spec.name}", Select)
                choices, value = offered(self.t, game, spec, count), select.value
                select.set_options(choices)
                select.value = value if value in (choice for _words, choice in choices) else spec.default

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
                kind.value = seat_choice(app_game(game.id).default_level)

    def _show_seats(self) -> None:
        count = self.query_one("#players", Select).value
        for seat in range(MAX_SEATS):
            self.query_one(f"#seat-{seat}").display = isinstance(count, int) and seat < count

    def seats(self) -> tuple[Seat, ...]:
        """The seats shown; ValueError names (in words) the first seat whose name is refused."""
        seats = []
        for seat in range(self._players()):
            name = self.query_one(f"#name-{seat}", Input).value.strip()
            problem = seat_problem(self.t, seat, name)
            if problem:
                raise ValueError(problem)
            kind, level = chosen(str(self.query_one(f"#kind-{seat}", Select).value))
            seats.append(Seat(typed_name(self.t, seat, name), "bot" if kind == "bot" else "human", level))
        return tuple(seats)

    def options(self) -> dict[str, Any]:
        values: dict[str, Any] = {}
        for spec in self.game.option_specs():
            widget = self.query_one(f"#opt-{spec.name}")
            value: Any
            if isinstance(widget, Input):
                text = widget.value
                value = int(text) if spec.kind is int and text.lstrip("-").isdigit() else text
            elif isinstance(widget, (Select, Checkbox)):
                value = widget.value
            else:
                raise TypeError(f"no option control for {spec.name}")
            values[spec.name] = value
        return values

    def seed(self) -> int | None:
        """The seed typed, or None for a random game; ValueError (in words) for a half-typed one."""
        text = self.query_one("#seed", Input).value.strip()
        if text and not text.lstrip("-").isdigit():
            raise ValueError(self.t("The seed is a whole number, or empty for a random game."))
        return int(text) if text else None

    def header(self) -> Header:
        """The new game's header; ValueError says in the player's words what stops it."""
        seats, seed = self.seats(), self.seed()
        try:
            return new_header(self.game.id, seats, self.options(), seed)
        except ValueError as error:  # the engine's reason why an option cannot be used
            reason = printable(say(self.t, option_message(error)), 200)
            raise ValueError(self.t("These options cannot be used: {reason}", reason=reason)) from None

    def action_start(self) -> None:
        try:
            header = self.header()
        except ValueError as error:
            self._show_error(self.t("Cannot start: {reason}", reason=str(error)))
            return
        self.dismiss(header)

    def action_cancel(self) -> None:
        self.dismiss(None)

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id is not None:  # each button's id is its action
            await self.run_action(event.button.id)
