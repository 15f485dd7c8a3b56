"""The saved games as the browser lists them: one entry per file, broken files included.

No Textual here: each entry says what a row shows (game, players, date,
moves, result) and keeps the loaded record for the preview and the replay.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

from kobito_tui.core.game import Header
from kobito_tui.core.games import get_game
from kobito_tui.core.record import Record, fold
from kobito_tui.core.replay import printable_names
from kobito_tui.core.savefile import SUFFIX, SaveError, load
from kobito_tui.core.saves import list_saves

REPLAYS = "replays"  # the subfolder where the final screen's "Save replay" writes


@dataclass
class SaveEntry:
    path: Path
    example: bool  # shipped with the app: read-only
    header: Header | None = None  # None when even line 1 is unreadable
    record: Record | None = None  # None when the file does not load
    error: str | None = None  # "line 12: …" when it does not
    final_state: Any = None
    over: bool = False
    winner: str = ""  # "Ann", "Ann and Bob", "draw"
    modified: float = 0.0  # the file's mtime

    @property
    def game_title(self) -> str:
        if self.header is None:
            return "?"
        return get_game(self.header.game).title

    @property
    def game_name(self) -> str:
        """Short, for the list: "Kobito", "Treasure"."""
        return "?" if self.header is None else self.game_title.split()[-1]

    @property
    def players(self) -> str:
        return "" if self.header is None else ", ".join(seat.name for seat in self.header.seats)

    @property
    def date(self) -> str:
        return "" if self.header is None else self.header.created.replace("T", " ").rstrip("Z")[:16]

    @property
    def moves(self) -> int:
        return 0 if self.record is None else sum(1 for event in self.record.events if "seat" in event)

    @property
    def result(self) -> str:
        """What the Result column says: the winner, "in progress", or why the file is unreadable."""
        if self.error is not None:
            return f"⚠ {self.error}"
        if not self.over:
            return "in progress"
        return "draw" if self.winner == "draw" else f"{self.winner} won"

    @property
    def name(self) -> str:
        return f"{self.path.name} (example)" if self.example else self.path.name

    @property
    def short_name(self) -> str:
        """For the list: no suffix, a star for the examples, the subfolder of saved replays."""
        if self.example:
            return f"★ {self.path.stem}"
        return f"{REPLAYS}/{self.path.stem}" if self.path.parent.name == REPLAYS else self.path.stem


def read_entry(path: Path, example: bool = False) -> SaveEntry:
    """The entry for one file; never raises for a bad file (its reason is kept)."""
    entry = SaveEntry(path, example)
    try:
        entry.modified = path.stat().st_mtime
    except OSError:
        pass
    try:
        entry.record = load(path)
    except SaveError as error:
        entry.error = f"line {error.line}: {error.reason}"
        entry.header = error.header
        return entry
    entry.header = entry.record.header
    game = entry.record.game
    entry.final_state = fold(game, printable_names(entry.header), entry.record.events)  # for the preview
    result = game.result(entry.final_state)
    entry.over = game.is_over(entry.final_state)
    if result is not None:
        names = [entry.header.name(seat) for seat in result.winners]
        entry.winner = " and ".join(names) if names else "draw"
    return entry


def example_paths() -> list[Path]:
    """The example games shipped in the package ``kobito_tui.examples`` (the repo's saves/)."""
    folder = files("kobito_tui.examples")
    return sorted(Path(str(item)) for item in folder.iterdir() if item.name.endswith(SUFFIX))


def scan(saves_dir: Path) -> list[SaveEntry]:
    """The player's saves, the saved replays that are not the same game as a save
    (the final screen's "Save replay" copies a finished game), then the examples."""
    saves = [read_entry(path) for path in list_saves(saves_dir)]
    records = [entry.record for entry in saves if entry.record is not None]
    replays = [entry for entry in map(read_entry, list_saves(saves_dir / REPLAYS)) if entry.record not in records]
    return [*saves, *replays, *(read_entry(path, example=True) for path in example_paths())]


# Sort keys: "saved" (the player's saves, last saved first, then the examples) and one per column.
SORT_KEYS = {
    # examples keep the order of their names: their mtimes only say when they were checked out
    "saved": lambda entry: (entry.example, 0.0 if entry.example else -entry.modified, entry.path.name),
    "game": lambda entry: entry.game_name,
    "players": lambda entry: entry.players.lower(),
    "date": lambda entry: entry.date,
    "moves": lambda entry: entry.moves,
    "result": lambda entry: (entry.error is not None, not entry.over, entry.result),
    "file": lambda entry: (entry.example, entry.path.name),
}
