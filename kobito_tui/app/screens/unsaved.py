"""When saving fails: what the file lacks, in words, and the dialog that
offers, on quitting, to save the game elsewhere."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Button, Input, Static

from kobito_tui.app import actions
from kobito_tui.app.screens.base import ShellDialog
from kobito_tui.core.safetext import printable
from kobito_tui.core.savefile import save
from kobito_tui.core.saves import new_save_path
from kobito_tui.core.session import Session


def not_saved(session: Session) -> str:
    """What the file lacks: "3 moves", or "the latest change" (an undo)."""
    n = session.unsaved_moves
    return f"{n} move{'' if n == 1 else 's'}" if n else "the latest change"


def failing(session: Session) -> str:
    """The status bar's warning while saving fails."""
    return f"Saving is failing: {not_saved(session)} not saved"


def lost(session: Session) -> str:
    """Exactly what is lost if the app stops now, with the reason."""
    error = session.save_error
    reason = f" ({printable(error.strerror or error)})" if error is not None else ""
    return f"{printable(session.path)} lacks {not_saved(session)} of the game{reason}"


class UnsavedDialog(ShellDialog):
    """Quitting while a game's file lacks moves.  Dismissed with the path the
    game was saved to, "lose" (quit without them) or None (back to the game)."""

    BINDINGS = actions.bindings(*actions.UNSAVED_SCREEN)

    def __init__(self, session: Session) -> None:
        super().__init__(classes="dialog-screen")
        self.session = session

    def compose(self) -> ComposeResult:
        default = new_save_path(Path.home(), self.session.header)
        with Vertical(classes="dialog message"):
            yield Static("Saving is failing", classes="dialog-title")
            yield Static(
                f"{lost(self.session)}. Save the game to another file, or quit without them.",
                classes="message-text",
                markup=False,
            )
            yield Input(str(default), id="save-as", compact=True)
            yield Static("", id="save-as-error", classes="message-text", markup=False)
            yield Button("Save there and quit", id="save-there", variant="primary", compact=True)
            yield Button(f"Quit, losing {not_saved(self.session)}", id="lose", variant="error", compact=True)
            yield Button("Back to the game", id="back", compact=True)

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
            problem = "Type the path of a new file."
        elif path.exists() or path.is_symlink():
            problem = f"{printable(path)} exists: choose a new file."
        else:
            try:
                save(path, self.session.record)
            except OSError as error:
                problem = f"Cannot save there: {printable(error)}"
        if problem is None:
            self.dismiss(path)
        else:
            self.query_one("#save-as-error", Static).update(problem)
