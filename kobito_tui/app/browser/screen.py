"""The saved-games browser: every save and example, sortable, with a preview.

Enter (or a click on the chosen row) opens a game: a finished one as a
replay, an unfinished one to continue; ``r`` replays (an unfinished game only
from its one human's view, never a hot-seat game before its end).  The screen is
dismissed with the path of a game to continue (or None), so the caller only
has to resume it: ``app.push_screen(BrowserScreen(saves_dir), app.resume)``.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, DataTable, Footer, Static

from kobito_tui.app.browser.dialogs import ConfirmDialog, RenameDialog
from kobito_tui.app.browser.entries import SORT_KEYS, SaveEntry, scan
from kobito_tui.app.browser.preview import Preview
from kobito_tui.app.replay import ReplayScreen
from kobito_tui.app.screens.base import ShellScreen
from kobito_tui.core.replay import refusal
from kobito_tui.core.safetext import is_unsafe, printable
from kobito_tui.core.savefile import SUFFIX

COLUMNS = (("Game", "game"), ("Players", "players"), ("Date", "date"), ("Moves", "moves"),
           ("Result", "result"), ("File", "file"))
# Cut to fit 80 columns; the file name gets what is left (at least a saved game's
# "kobito-20261130-102442"), and the preview shows everything whole.
WIDTHS = {"game": 8, "players": 11, "date": 10, "moves": 5, "result": 11}
FILE_MIN = 22
PADDING = 2 * len(COLUMNS) + 1  # a space each side of every cell, and the scrollbar
NAME_MAX_BYTES = 255  # a file name, as most file systems allow


def cell(text: str, width: int | None = None) -> Text:
    """Untrusted text as a plain table cell, cut to ``width`` with "…"."""
    return Text(printable(text, width))


def rename_problem(name: str) -> str | None:
    """Why ``name`` cannot be a save file's new name, or None when it can."""
    if "/" in name or "\\" in name or name.startswith("."):
        return "A name without folders, not starting with a dot."
    if any(is_unsafe(char) for char in name):
        return f"A name without control characters ({printable(name)})."
    if len(name.encode("utf-8", "surrogatepass")) > NAME_MAX_BYTES:
        return f"A name of at most {NAME_MAX_BYTES} bytes."
    return None


class BrowserScreen(ShellScreen):
    BINDINGS = [
        Binding("enter", "open", "Open", show=False),
        Binding("r", "replay", "Replay"),
        Binding("c", "continue", "Continue"),
        Binding("s", "sort", "Sort"),
        Binding("f2,m", "rename", "Rename"),
        Binding("delete,d", "delete", "Delete"),
        Binding("escape,q", "close", "Back"),
    ]

    def __init__(self, saves_dir: Path) -> None:
        super().__init__(classes="browser-screen")
        self.saves_dir = Path(saves_dir)
        self.entries: list[SaveEntry] = []
        self.sort_column = "saved"
        self.sort_reverse = False

    def compose(self) -> ComposeResult:
        yield Static("Saved games and examples", id="browser-title")
        with Vertical(id="browser-body"):
            table = DataTable(id="browser-table", cursor_type="row", zebra_stripes=True)
            for label, key in COLUMNS:
                table.add_column(label, key=key)
            yield table
            yield Preview(id="browser-preview")
        with Horizontal(id="browser-controls"):
            for label, action, ident in (
                ("Replay", "replay", "replay"),
                ("Continue", "continue", "continue"),
                ("Rename", "rename", "rename"),
                ("Delete", "delete", "delete"),
                ("Sort", "sort", "sort"),
                ("Back", "close", "close"),
            ):
                yield Button(label, id=f"browser-{ident}", action=f"screen.{action}", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        if self not in self.app.screen_stack:
            return  # closed before it was shown (keys typed fast): its widgets are gone
        self.reload()
        self.query_one(DataTable).focus()

    # -- the list ------------------------------------------------------------
    def reload(self, keep: Path | None = None) -> None:
        """Read the folder again and show it sorted, the cursor on ``keep`` if listed."""
        self.entries = scan(self.saves_dir)
        self._show_rows(keep)

    def _show_rows(self, keep: Path | None = None) -> None:
        self.entries.sort(key=SORT_KEYS[self.sort_column], reverse=self.sort_reverse)
        table = self.query_one(DataTable)
        table.clear()
        file_width = max(FILE_MIN, self.size.width - PADDING - sum(WIDTHS.values()))
        for index, entry in enumerate(self.entries):
            table.add_row(
                entry.game_name, cell(entry.players, WIDTHS["players"]), cell(entry.date[:10]),
                "" if entry.record is None else str(entry.moves),
                cell(entry.result, WIDTHS["result"]), cell(entry.short_name, file_width), key=str(index),
            )
        rows = [entry.path for entry in self.entries]
        if keep in rows:
            table.move_cursor(row=rows.index(keep))
        self._label_sort()
        self._preview()

    def _label_sort(self) -> None:
        arrow = "" if self.sort_column == "saved" else " ▼" if self.sort_reverse else " ▲"
        label = dict((key, label) for label, key in COLUMNS).get(self.sort_column, "last saved")
        self.query_one("#browser-sort", Button).label = f"Sort: {label}{arrow}"

    @property
    def chosen(self) -> SaveEntry | None:
        table = self.query_one(DataTable)
        if not self.entries or table.cursor_row is None:
            return None
        return self.entries[table.cursor_row]

    def _preview(self) -> None:
        self.query_one(Preview).show_entry(self.chosen)
        entry = self.chosen
        readable = entry is not None and entry.record is not None
        self.query_one("#browser-replay", Button).disabled = not readable
        self.query_one("#browser-continue", Button).disabled = not (readable and not entry.over and not entry.example)
        for ident in ("rename", "delete"):
            self.query_one(f"#browser-{ident}", Button).disabled = entry is None or entry.example

    def on_resize(self) -> None:
        if self.entries:  # the file names get the new width
            self._show_rows(self.chosen.path if self.chosen else None)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._preview()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_open()

    def on_data_table_header_selected(self, event: DataTable.HeaderSelected) -> None:
        """A click on a column's title sorts by it; a second click reverses."""
        column = str(event.column_key.value)
        self.sort_reverse = not self.sort_reverse if column == self.sort_column else column in ("date", "moves")
        self.sort_column = column
        self._show_rows(self.chosen.path if self.chosen else None)

    # -- actions ---------------------------------------------------------------
    def action_sort(self) -> None:
        """The next column to sort by (the buttons and ``s``)."""
        keys = ["saved", *(key for _, key in COLUMNS)]
        self.sort_column = keys[(keys.index(self.sort_column) + 1) % len(keys)]
        self.sort_reverse = self.sort_column in ("date", "moves")
        self._show_rows(self.chosen.path if self.chosen else None)

    def action_open(self) -> None:
        entry = self.chosen
        if entry is None or entry.record is None:
            self._refuse(entry)
        elif entry.over or entry.example:
            self.action_replay()
        else:
            self.action_continue()

    def action_replay(self) -> None:
        entry = self.chosen
        if entry is None or entry.record is None:
            self._refuse(entry)
            return
        reason = refusal(entry.header, entry.over)
        if reason is not None:
            self.notify(reason, title="This game is not over", markup=False)
            return
        self.app.push_screen(ReplayScreen(entry.record, entry.path, self.saves_dir), self._replay_closed)

    def _replay_closed(self, branched: Path | None) -> None:
        if branched is not None:
            self.dismiss(branched)  # a new game was branched off: continue it

    def action_continue(self) -> None:
        entry = self.chosen
        if entry is None or entry.record is None:
            self._refuse(entry)
        elif entry.example:
            self.notify("Examples can only be replayed (Play from here starts a new game).", title="Example")
        elif entry.over:
            self.notify("This game is over: it can be replayed.", title="Finished game")
        else:
            self.dismiss(entry.path)

    def _refuse(self, entry: SaveEntry | None) -> None:
        if entry is not None:
            self.notify(printable(f"{entry.path.name}: {entry.error}"), title="This file cannot be opened",
                        severity="error", markup=False)

    def action_delete(self) -> None:
        entry = self.chosen
        if entry is None or entry.example:
            self.notify("Examples cannot be deleted.", title="Example")
            return

        def answered(yes: bool | None) -> None:
            if yes:
                try:
                    entry.path.unlink()
                except OSError as error:
                    self.notify(printable(error), title="Not deleted", severity="error", markup=False)
                self.reload()

        question = f"Delete {printable(entry.path.name)}? This cannot be undone."
        self.app.push_screen(ConfirmDialog(question, "Delete"), answered)

    def action_rename(self) -> None:
        entry = self.chosen
        if entry is None or entry.example:
            self.notify("Examples cannot be renamed.", title="Example")
            return

        def answered(name: str | None) -> None:
            if name is None or name.strip() in ("", entry.path.name):
                return
            name = name.strip()
            name = name if name.endswith(SUFFIX) else name + SUFFIX
            problem = rename_problem(name)
            target = entry.path.with_name(name)
            if problem is None and target.exists():
                problem = f"{printable(target.name)} already exists."
            if problem is None:
                try:
                    entry.path.rename(target)
                except (OSError, ValueError) as error:
                    problem = printable(error)
            if problem is not None:
                self.notify(problem, title="Not renamed", severity="error", markup=False)
                return
            self.reload(keep=target)

        self.app.push_screen(RenameDialog(printable(entry.path.name)), answered)

    def action_close(self) -> None:
        self.dismiss(None)
