"""The tutorial: a game screen whose lesson panel says the step to take, and that
plays only the move the step asks for (another move lights that one up instead).

The script, its fixed deal and its opponent are ``kobito_tui.tutorial``'s; this
screen only shows the words and filters the player's moves.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Button, Static

from kobito_tui.app import actions
from kobito_tui.app.board import GameBoard
from kobito_tui.app.log_panel import LogPanel
from kobito_tui.app.screens.base import ShellDialog
from kobito_tui.app.screens.game import GameScreen
from kobito_tui.app.screens.game_parts import TIP_STYLE
from kobito_tui.client import HINT, GameClient, LocalHost
from kobito_tui.i18n.tutorial import lesson, wrong_move
from kobito_tui.i18n.words import game_title
from kobito_tui.table import SeatPerspective, Update
from kobito_tui.table.local import LocalTable
from kobito_tui.tutorial import GAMES, Lesson, ScriptedBot, Tutorial, tutorial

PLAYER = 0  # the tutorial's seat for the player


class TutorialScreen(GameScreen):
    """A tutorial's game: the player in seat 0, its scripted computer in seat 1."""

    tips = False  # the lesson says what the guide's tips would

    def __init__(self, host: LocalTable, script: Tutorial, bot_delay: float = 0.6) -> None:
        super().__init__(GameClient(LocalHost(host)), bot_delay=bot_delay)
        self.lesson = Lesson(script)
        self.add_class("tutorial-screen")

    @classmethod
    def start(cls, game: str, you: str, computer: str, bot_delay: float = 0.6) -> TutorialScreen:
        """A new tutorial of ``game``, its seats named ``you`` and ``computer``."""
        script = tutorial(game)
        host = LocalTable(script.record(you, computer), None, bot_delay=bot_delay, bots={1: ScriptedBot(script.opponent)})
        return cls(host, script, bot_delay)

    def on_mount(self) -> None:
        # Translators: the side panel's title in a tutorial: "Tutorial: Kobito".
        title = self.t("Tutorial: {game}", game=game_title(self.t, self.header.game))
        self.query_one("#game-title", Static).update(title)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No tips key: the lesson says what the tips would."""
        return action != actions.GUIDE.action and super().check_action(action, parameters)

    def side_panels(self) -> ComposeResult:
        yield Static(self._lesson_words(), id="lesson", markup=False)

    def _lesson_words(self) -> str:
        return lesson(self.t, self.lesson.words)

    def _take(self, update: Update) -> None:
        super()._take(update)
        if update.perspective == SeatPerspective(PLAYER):
            if self.lesson.follow(self.client.histories[update.perspective].events):
                self.query_one("#lesson", Static).update(self._lesson_words())

    def on_game_board_move_chosen(self, message: GameBoard.MoveChosen) -> None:
        message.stop()
        message.prevent_default()  # the game screen's own handler would play any move
        if not self.client.to_move:
            return
        if self.lesson.done or self.lesson.fits(message.move):  # once done, the game is free
            self.play(message.move)
        else:
            self._show_step(wrong_move(self.t))

    def action_hint(self) -> None:
        """The hint is the step's own move, lit up (Enter plays it); once done, the computer's."""
        refusal = self.client.why_not(HINT)
        if self.lesson.done:
            super().action_hint()
        elif refusal is not None:
            self.say(refusal)
        else:
            self._show_step(None)

    def _show_step(self, words: str | None) -> None:
        """Light the step's move up on the board (its status line says how to play it), ``words`` in the log."""
        step, latest = self.lesson.step, self.client.latest
        if step is None or latest is None:
            return
        self.board.show(latest.view, list(latest.legal), True)
        self.board.hint(step.example)
        if words is not None:
            self.query_one("#log", LogPanel).add(Text(words, style=TIP_STYLE))


class TutorialChoice(ShellDialog):
    """Which game's tutorial: one button per game (↑/↓ or Tab, then Enter; Esc: none)."""

    BINDINGS = actions.bindings(*actions.TUTORIAL_DIALOG)

    def __init__(self) -> None:
        super().__init__(classes="dialog-screen")

    def compose(self) -> ComposeResult:
        t = self.t
        with Vertical(classes="dialog menu"):
            yield Static(t("Tutorial: which game?"), classes="dialog-title")
            for game in GAMES:
                yield Button(game_title(t, game), id=f"tutorial-{game}", classes="menu-choice", compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss((event.button.id or "").removeprefix("tutorial-"))
