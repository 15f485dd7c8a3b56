"""The saved-games browser: every save and example, sortable, with a preview.

Enter (or a click on the chosen row) opens a game: a finished one as a
replay, an unfinished one to continue; ``r`` replays (an unfinished game only
from its one human's view, never a hot-seat game before its end).  The screen is
dismissed with the path of a game to continue (or None), so the caller only
has to resume it: ``app.push_screen(BrowserScreen(saves_dir), app.resume)``.
"""

from __future__ import annotations

from pathlib import Path

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, DataTable, Footer, Static

from kobito_tui.app import actions
from kobito_tui.app.browser.dialogs import ConfirmDialog, RenameDialog
from kobito_tui.app.browser.entries import SORT_KEYS, SaveEntry, scan, short_title, winners
from kobito_tui.app.browser.preview import Preview
from kobito_tui.app.replay import ReplayScreen
from kobito_tui.app.screens.base import ShellScreen
from kobito_tui.app.words import file_error_words
from kobito_tui.core.safetext import is_unsafe, printable
from kobito_tui.core.savefile import SUFFIX
from kobito_tui.core.savelock import SaveLock, SaveLocked
from kobito_tui.i18n import Translator
from kobito_tui.i18n.words import replay_refusal

COLUMNS = ("game", "players", "date", "moves", "result", "file")
# Cut to fit 80 columns; the file name gets what is left (a saved game's
# "kobito-20261130-102442" whole in English), cut with "…" if need be, and the
# preview shows everything whole.  Headings and the game's short name are never
# cut: a language that needs more takes it from the file.
WIDTHS = {"game": 8, "players": 11, "date": 10, "moves": 5, "result": 11}
FILE_MIN = 8
PADDING = 2 * len(COLUMNS) + 1  # a space each side of every cell, and the scrollbar
NAME_MAX_BYTES = 255  # a file name, as most file systems allow


def column_names(t: Translator) -> dict[str, str]:
    """Each column's heading (and its name on the Sort button), by key."""
    return {
        "game": t.p("column", "Game"),
        "players": t.p("column", "Players"),
        "date": t.p("column", "Date"),
        "moves": t.p("column", "Moves"),
        "result": t.p("column", "Winner"),
        "file": t.p("column", "File"),
    }


def cell(text: str, width: int | None = None) -> Text:
    """Untrusted text as a plain table cell, cut to ``width`` with "…"."""
    return Text(printable(text, width))


def rename_problem(t: Translator, name: str) -> str | None:
    """Why ``name`` cannot be a save file's new name, or None when it can."""
    if "/" in name or "\\" in name or name.startswith("."):
        return t("A name without folders, not starting with a dot.")
    if any(is_unsafe(char) for char in name):
        return t("A name without control characters ({name}).", name=printable(name))
    if len(name.encode("utf-8", "surrogatepass")) > NAME_MAX_BYTES:
        return t.n("A name of at most {count} byte.", "A name of at most {count} bytes.", NAME_MAX_BYTES)
    return None


class BrowserScreen(ShellScreen):
    BINDINGS = actions.bindings(*actions.BROWSER_SCREEN)
    SPARE_KEYS = ("close", "rename", "sort", "delete")  # each a button's too

    def __init__(self, saves_dir: Path) -> None:
        super().__init__(classes="browser-screen")
        self.saves_dir = Path(saves_dir)
        self.entries: list[SaveEntry] = []
        self.sort_column = "saved"
        self.sort_reverse = False

    def compose(self) -> ComposeResult:
        t = self.t
        yield Static(t("Saved games and examples"), id="browser-title")
        with Vertical(id="browser-body"):
            table: DataTable[str | Text] = DataTable(id="browser-table", cursor_type="row", zebra_stripes=True)
            for key, label in column_names(t).items():
                table.add_column(label, key=key)
            yield table
            yield Preview(id="browser-preview")
        with Horizontal(id="browser-controls"):
            for label, action, ident in (
                (t("Replay"), "replay", "replay"),
                (t("Continue"), "continue", "continue"),
                (t("Rename"), "rename", "rename"),
                (t("Delete"), "delete", "delete"),
                (t("Sort"), "sort", "sort"),
                (t("Back"), "close", "close"),
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
        games = [short_title(self.t, entry) for entry in self.entries]
        headings = column_names(self.t)
        widths = {key: max(width, cell_len(headings[key])) for key, width in WIDTHS.items()}
        widths["game"] = max([widths["game"], *map(cell_len, games)])
        file_width = max(FILE_MIN, self.size.width - PADDING - sum(widths.values()))
        for index, (game, entry) in enumerate(zip(games, self.entries)):
            table.add_row(
                game,
                cell(entry.players(self.t), widths["players"]),
                cell(entry.date[:10]),
                "" if entry.record is None else str(entry.moves),
                cell(winners(self.t, entry), widths["result"]),
                cell(entry.short_name, file_width),
                key=str(index),
            )
        rows = [entry.path for entry in self.entries]
        if keep in rows:
            table.move_cursor(row=rows.index(keep))
        self._label_sort()
        self._preview()

    def _label_sort(self) -> None:
        arrow = "" if self.sort_column == "saved" else " ▼" if self.sort_reverse else " ▲"
        column = column_names(self.t).get(self.sort_column) or self.t("last saved")
        # Translators: the Sort button: the column the list is sorted by, and ▲ or ▼.
        self.query_one("#browser-sort", Button).label = self.t("Sort: {column}", column=column + arrow)

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
        playable = entry is not None and entry.record is not None and not entry.over and not entry.example
        self.query_one("#browser-continue", Button).disabled = not playable
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
        keys = ["saved", *COLUMNS]
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
        reason = replay_refusal(self.t, entry.record.header, entry.over)
        if reason is not None:
            self.notify(reason, title=self.t("This game is not over"), markup=False)
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
            words = self.t("Examples can only be replayed (Play from here starts a new game).")
            self.notify(words, title=self.t("Example"))
        elif entry.over:
            self.notify(self.t("This game is over: it can be replayed."), title=self.t("Finished game"))
        else:
            self.dismiss(entry.path)

    def _refuse(self, entry: SaveEntry | None) -> None:
        if entry is not None and entry.failure is not None:
            words = file_error_words(self.t, entry.path.name, entry.failure)
            self.notify(words, title=self.t("This file cannot be opened"), severity="error", markup=False)

    def _open_elsewhere(self, entry: SaveEntry, title: str) -> bool:
        """Whether a session has ``entry``'s game open (then it is said, under ``title``):
        its next move would write the file again."""
        try:
            SaveLock.take(entry.path).release()
        except SaveLocked:
            self.notify(self.t("This game is open in a game session."), title=title, severity="error")
            return True
        return False

    def action_delete(self) -> None:
        entry = self.chosen
        if entry is None or entry.example:
            self.notify(self.t("Examples cannot be deleted."), title=self.t("Example"))
            return
        if self._open_elsewhere(entry, self.t("Not deleted")):
            return

        def answered(yes: bool | None) -> None:
            if yes:
                try:
                    entry.path.unlink()
                except OSError as error:
                    self.notify(printable(error), title=self.t("Not deleted"), severity="error", markup=False)
                self.reload()

        question = self.t("Delete {file}? This cannot be undone.", file=printable(entry.path.name))
        self.app.push_screen(ConfirmDialog(question, self.t("Delete")), answered)

    def action_rename(self) -> None:
        entry = self.chosen
        if entry is None or entry.example:
            self.notify(self.t("Examples cannot be renamed."), title=self.t("Example"))
            return
        if self._open_elsewhere(entry, self.t("Not renamed")):
            return

        def answered(name: str | None) -> None:
            if name is None or name.strip() in ("", entry.path.name):
                return
            name = name.strip()
            name = name if name.endswith(SUFFIX) else name + SUFFIX
            problem = rename_problem(self.t, name)
            target = entry.path.with_name(name)
            if problem is None and target.exists():
                problem = self.t("{file} already exists.", file=printable(target.name))
            if problem is None:
                try:
                    entry.path.rename(target)
                except (OSError, ValueError) as error:
                    problem = printable(error)
            if problem is not None:
                self.notify(problem, title=self.t("Not renamed"), severity="error", markup=False)
                return
            self.reload(keep=target)

        self.app.push_screen(RenameDialog(printable(entry.path.name)), answered)

    def action_close(self) -> None:
        self.dismiss(None)
