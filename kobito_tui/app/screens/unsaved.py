"""When saving fails: what the file lacks, in words, and the dialog that
offers, on quitting, to save the game elsewhere."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Button, Input, Static

from kobito_tui.app import actions
from kobito_tui.app.screens.base import ShellDialog
from kobito_tui.app.widgets.bounded_input import PATH_MAX_CHARS, BoundedInput
from kobito_tui.core.safetext import printable
from kobito_tui.core.savefile import save
from kobito_tui.core.saves import new_save_path
from kobito_tui.core.session import Session
from kobito_tui.i18n import Translator
from kobito_tui.i18n.words import moves_not_saved


def failing(t: Translator, session: Session) -> str:
    """The status bar's warning while saving fails."""
    return t("Saving is failing: {what}", what=moves_not_saved(t, session.unsaved_moves))


def lost(t: Translator, session: Session) -> str:
    """Exactly what is lost if the app stops now, with the reason."""
    error = session.save_error
    path, n = printable(session.path), session.unsaved_moves
    if n:
        lacks = t.n("{path} lacks {count} move of the game", "{path} lacks {count} moves of the game", n, path=path)
    else:
        lacks = t("{path} lacks the latest change of the game", path=path)
    if error is None:
        return lacks
    # Translators: what a save file lacks, then why it could not be written (the system's words).
    return t("{lacks} ({reason})", lacks=lacks, reason=printable(error.strerror or error))


class UnsavedDialog(ShellDialog):
    """Quitting while a game's file lacks moves.  Dismissed with the path the
    game was saved to, "lose" (quit without them) or None (back to the game)."""

    BINDINGS = actions.bindings(*actions.UNSAVED_SCREEN)

    def __init__(self, session: Session) -> None:
        super().__init__(classes="dialog-screen")
        self.session = session

    def compose(self) -> ComposeResult:
        default = new_save_path(Path.home(), self.session.header)
        t, n = self.t, self.session.unsaved_moves
        with Vertical(classes="dialog message"):
            yield Static(t("Saving is failing"), classes="dialog-title")
            yield Static(
                t("{lost}. Save the game to another file, or quit without it.", lost=lost(t, self.session)),
                classes="message-text",
                markup=False,
            )
            yield BoundedInput(str(default), max_length=PATH_MAX_CHARS, id="save-as", compact=True)
            yield Static("", id="save-as-error", classes="message-text", markup=False)
            yield Button(t("Save there and quit"), id="save-there", variant="primary", compact=True)
            if n:
                losing = t.n("Quit, losing {count} move", "Quit, losing {count} moves", n)
            else:
                losing = t("Quit, losing the latest change")
            yield Button(losing, id="lose", variant="error", compact=True)
            yield Button(t("Back to the game"), id="back", compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "save-there":
            self._save_there()
        else:
            self.dismiss("lose" if event.button.id == "lose" else None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._save_there()

    def _save_there(self) -> None:
        path = Path(self.query_one("#save-as", Input).value.strip()).expanduser()
        problem = None
        if not path.name:
            problem = self.t("Type the path of a new file.")
        elif path.exists() or path.is_symlink():
            problem = self.t("{path} exists: choose a new file.", path=printable(path))
        else:
            try:
                save(path, self.session.record)
            except OSError as error:
                problem = self.t("Cannot save there: {error}", error=printable(error))
        if problem is None:
            self.dismiss(path)
        else:
            self.query_one("#save-as-error", Static).update(problem)
