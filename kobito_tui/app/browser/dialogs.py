"""Yes-or-no questions ("really delete?", "watch its replay instead?") and "new name?"."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Static
from textual.widgets.button import ButtonVariant

from kobito_tui.app import actions
from kobito_tui.app.screens.base import ShellDialog
from kobito_tui.app.widgets.bounded_input import FILE_NAME_MAX_CHARS, BoundedInput


class ConfirmDialog(ShellDialog):
    """Dismissed with True (confirmed) or False."""

    BINDINGS = actions.bindings(*actions.CONFIRM_DIALOG)

    def __init__(self, question: str, confirm: str, variant: ButtonVariant = "error") -> None:
        super().__init__(classes="dialog-screen")
        self.question, self.confirm, self.variant = question, confirm, variant

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog browser-dialog"):
            yield Static(self.question, classes="dialog-title", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.confirm, id="confirm", variant=self.variant, compact=True)
                yield Button(self.t("Cancel"), id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#cancel", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "confirm")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class RenameDialog(ShellDialog):
    """Dismissed with the new name (without checks), or None."""

    BINDINGS = actions.bindings(*actions.CANCEL_DIALOG)

    def __init__(self, name: str) -> None:
        super().__init__(classes="dialog-screen")
        self.old_name = name

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog browser-dialog"):
            yield Static(self.t("Rename {file} to:", file=self.old_name), classes="dialog-title", markup=False)
            yield BoundedInput(self.old_name, max_length=FILE_NAME_MAX_CHARS, id="new-name")
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.t("Rename"), id="rename", variant="primary", compact=True)
                yield Button(self.t("Cancel"), id="cancel", compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(self.query_one(Input).value if event.button.id == "rename" else None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)
