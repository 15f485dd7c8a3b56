"""Save files: JSON Lines, line 1 the header, then one event per line.

Loading re-validates every event against the rules; anything wrong is refused
as ``FILE:LINE: reason``.  Saving is atomic (temp file, fsync, rename), so a
crash mid-write never leaves half a file in place of a good one.
"""

from __future__ import annotations

import errno
import json
import os
import tempfile
from pathlib import Path
from typing import Any, Literal

import msgspec

from kobito_tui.core.game import FORMAT_VERSION, Header, Seat
from kobito_tui.core.games import GAME_IDS, get_game
from kobito_tui.core.record import EventError, Record, fold

MAGIC = "kobito-tui"
SUFFIX = ".jsonl"


class SaveError(Exception):
    """A file that cannot be loaded: ``str()`` is ``FILE:LINE: reason``."""

    def __init__(self, path: str, line: int, reason: str):
        super().__init__(f"{path}:{line}: {reason}")
        self.path, self.line, self.reason = path, line, reason


class _SeatJSON(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    name: str
    kind: Literal["human", "bot"] = "human"
    level: str | None = None


class _HeaderJSON(msgspec.Struct, forbid_unknown_fields=True):
    format: str
    version: int
    game: str
    seats: list[_SeatJSON]
    options: dict[str, Any]
    seed: int | None  # null: chance drawn from the OS's secure random source
    created: str
    app: str


def _dump(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def header_line(header: Header) -> str:
    seats = [msgspec.to_builtins(_SeatJSON(s.name, s.kind, s.level)) for s in header.seats]
    return _dump(
        {
            "format": MAGIC,
            "version": header.format,
            "game": header.game,
            "seats": seats,
            "options": header.options,
            "seed": header.seed,
            "created": header.created,
            "app": header.app_version,
        }
    )


def dumps(record: Record) -> str:
    """The file text of ``record``; loading then dumping gives the same bytes."""
    return "\n".join([header_line(record.header), *map(_dump, record.events)]) + "\n"


def parse_header(line: str, path: str = "<text>") -> Header:
    """The header from line 1; SaveError if it is not a kobito-tui header we read."""
    try:
        raw = msgspec.json.decode(line, type=_HeaderJSON)
    except msgspec.DecodeError as error:
        raise SaveError(path, 1, f"not a kobito-tui save file header ({error})") from None
    if raw.format != MAGIC:
        raise SaveError(path, 1, f"not a kobito-tui save file (format {raw.format!r})")
    if raw.version != FORMAT_VERSION:
        raise SaveError(path, 1, f"format version {raw.version} is not supported (this app reads {FORMAT_VERSION})")
    if raw.game not in GAME_IDS:
        raise SaveError(path, 1, f"unknown game {raw.game!r}")
    game = get_game(raw.game)
    try:
        options = game.normalize_options(dict(raw.options), len(raw.seats))
        if options != raw.options:
            raise ValueError("options are incomplete or not in their usual form")
        if not game.min_players <= len(raw.seats) <= game.max_players:
            raise ValueError(f"{len(raw.seats)} players (needs {game.min_players}–{game.max_players})")
    except ValueError as error:
        raise SaveError(path, 1, f"bad header: {error}") from None
    return Header(
        game=raw.game,
        seats=tuple(Seat(s.name, s.kind, s.level) for s in raw.seats),
        options=raw.options,
        seed=raw.seed,
        created=raw.created,
        app_version=raw.app,
        format=raw.version,
    )


def loads(text: str, path: str = "<text>") -> Record:
    """Parse and validate a whole file's text; SaveError names the first bad line."""
    if not text.strip():
        raise SaveError(path, 1, "empty file")
    if not text.endswith("\n"):
        last = text.count("\n") + 1
        raise SaveError(path, last, "truncated: the last line is incomplete")
    lines = text.split("\n")[:-1]
    header = parse_header(lines[0], path)
    events = []
    for number, line in enumerate(lines[1:], start=2):
        try:
            event = msgspec.json.decode(line)
        except msgspec.DecodeError as error:
            raise SaveError(path, number, f"not valid JSON ({error})") from None
        events.append(event)
    try:
        fold(get_game(header.game), header, events)
    except EventError as error:
        raise SaveError(path, error.index + 2, error.reason) from None
    return Record(header, events)


def load(path: Path | str) -> Record:
    """Load and validate a save file."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise SaveError(str(path), 1, f"cannot read ({error})") from None
    return loads(text, str(path))


def save(path: Path | str, record: Record) -> None:
    """Write ``record`` atomically: the old file stays whole until the new one is.
    A symlink is followed: its target is replaced, from a temp file in the target's folder."""
    path = Path(os.path.realpath(path))
    if path.is_symlink():  # still a link: a loop, never to be replaced by a plain file
        raise OSError(errno.ELOOP, "the save file is a symlink loop", str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(dumps(record))
            file.flush()
            os.fsync(file.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def check(paths: list[str]) -> list[str]:
    """One ``FILE:LINE: reason`` per file that does not load; empty if all are good."""
    problems = []
    for path in paths:
        try:
            load(path)
        except SaveError as error:
            problems.append(str(error))
    return problems
