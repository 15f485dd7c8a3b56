"""The saved games as the browser lists them: one entry per file, broken files included.

No Textual here: each entry says what a row shows (game, players, date,
moves, result: in a translator's words) and keeps the loaded record for the
preview and the replay.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

from kobito_tui.app.words import save_error_words
from kobito_tui.core.game import Header
from kobito_tui.core.record import Record, fold
from kobito_tui.core.replay import printable_names
from kobito_tui.core.savefile import SUFFIX, SaveError, load
from kobito_tui.core.saves import list_saves
from kobito_tui.games import get_game
from kobito_tui.i18n import Translator
from kobito_tui.i18n.messages import english
from kobito_tui.i18n.seats import Seats, local_player
from kobito_tui.i18n.words import game_title, names

REPLAYS = "replays"  # the subfolder where the final screen's "Save replay" writes


@dataclass
class SaveEntry:
    path: Path
    example: bool  # shipped with the app: read-only
    header: Header | None = None  # None when even line 1 is unreadable
    record: Record | None = None  # None when the file does not load
    failure: SaveError | None = None  # why it does not (its line, and its reason as a message)
    final_state: Any = None
    over: bool = False
    winners: list[int] | None = None  # once over: the winning seats, [] for a draw
    modified: float = 0.0  # the file's mtime

    @property
    def error(self) -> str | None:
        """Why the file does not load, in English for tools: "line 12: …"."""
        return None if self.failure is None else f"line {self.failure.line}: {english(self.failure.message)}"

    def who(self, t: Translator) -> Seats:
        """The seats as the player at this screen reads them (the one human of a game against computers is "you")."""
        seats = () if self.header is None else self.header.seats
        return Seats(t, seats, local_player(seats))

    def players(self, t: Translator) -> str:
        return ", ".join(self.who(t).labels())

    @property
    def date(self) -> str:
        return "" if self.header is None else self.header.created.replace("T", " ").rstrip("Z")[:16]

    @property
    def moves(self) -> int:
        return 0 if self.record is None else sum(1 for event in self.record.events if "seat" in event)

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
        entry.failure = error
        entry.header = error.header
        return entry
    entry.header = entry.record.header
    game = entry.record.game
    entry.final_state = fold(game, printable_names(entry.header), entry.record.events)  # for the preview
    result = game.result(entry.final_state)
    entry.over = game.is_over(entry.final_state)
    if result is not None:
        entry.winners = list(result.winners)
    return entry


def title(t: Translator, entry: SaveEntry) -> str:
    return "?" if entry.header is None else game_title(t, entry.header.game)


def short_title(t: Translator, entry: SaveEntry) -> str:
    """The game for the list, in one short word: "Kobito", "Treasure"."""
    if entry.header is None:
        return "?"
    # Translators: the game's name in one short word, for a column of 8 or 9 letters.
    short = {"kobito": t.p("short game name", "Kobito"), "treasure": t.p("short game name", "Treasure")}
    return short.get(entry.header.game) or get_game(entry.header.game).title


def result(t: Translator, entry: SaveEntry) -> str:
    """What the Result column says: who won, "in progress", or on which line the file is unreadable.
    (Names as they are: make them printable to show them.)"""
    if entry.failure is not None:
        # Translators: why a saved game cannot be read.
        return t("⚠ line {line}: {reason}", line=entry.failure.line, reason=save_error_words(t, entry.failure))
    if not entry.over:
        return t("in progress")
    if not entry.winners:
        return t("draw")
    who = entry.who(t)
    others = [who.name(seat) for seat in entry.winners if not who.is_reader(seat)]
    if len(others) == len(entry.winners):
        # Translators: in the saved games' Result column, cut after 11 characters: the names first.
        return t.n("{names} won", "{names} won", len(others), names=names(t, others))
    # Translators: in the saved games' Result column (cut after 11 characters): the reader won.
    return t.p("you", "You won") if not others else t.p("you", "You and {names} won", names=names(t, others))


def winners(t: Translator, entry: SaveEntry) -> str:
    """The list's Winner column: the winners' names alone, so a short column keeps
    what tells them apart ("Computer 2"); else what :func:`result` says."""
    if entry.failure is None and entry.over and entry.winners:
        who = entry.who(t)
        return names(t, [who.label(seat) for seat in entry.winners])
    return result(t, entry)


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
    "game": lambda entry: entry.header.game if entry.header else "",
    "players": lambda entry: [(seat.kind, seat.name.lower()) for seat in entry.header.seats] if entry.header else [],
    "date": lambda entry: entry.date,
    "moves": lambda entry: entry.moves,
    "result": lambda entry: (entry.failure is not None, not entry.over, entry.winners or []),
    "file": lambda entry: (entry.example, entry.path.name),
}
