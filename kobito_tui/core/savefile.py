"""Save files: JSON Lines, line 1 the header, then one event per line.

Loading re-validates every event against the rules; anything wrong is refused
with its line and the reason as a :class:`Message` (for the app to put in the
player's words, and ``i18n.messages.english_error`` in English), and nothing but :class:`SaveError` leaves ``load``,
``loads`` or ``parse_header``, whatever the bytes.  Saving is atomic (temp
file, fsync, rename), so a crash mid-write never leaves half a file in place
of a good one.
"""

from __future__ import annotations

import errno
import json
import os
import re
from pathlib import Path
from typing import Any, Literal

import msgspec

from kobito_tui.core.atomic import write_atomically
from kobito_tui.core.game import FORMAT_VERSION, Header, OptionError, Seat, check_players, option_message
from kobito_tui.core.games import game_ids, get_game, known_games
from kobito_tui.core.levels import BOT_LEVELS
from kobito_tui.core.message import Message, MessageError
from kobito_tui.core.record import EventError, Record, fold
from kobito_tui.core.safetext import name_fault, printable
from kobito_tui.core.seatnames import unnamed
from kobito_tui.core.untrusted import depth_and_keys, read_regular

MAGIC = "kobito-tui"
SUFFIX = ".jsonl"

# What a save file may hold (docs/save-format.md, "Limits"); more is refused.
MAX_FILE_BYTES = 32 * 1024 * 1024  # a 100,000-event Kobito game takes about 6 MiB
MAX_LINE_CHARS = 64 * 1024  # the longest line the app writes (a setup) is under 1 KiB
MAX_EVENTS = 200_000  # lines after the header; a real game has a few hundred
MAX_DEPTH = 8  # arrays and objects inside each other; the format needs 4
# and a player's name: at most safetext.NAME_MAX_CHARS characters, none of them control characters
REASON_MAX_CHARS = 300  # a refusal quoting the file is cut to this

_TOO_LARGE = Message("save.too-large", {"mib": MAX_FILE_BYTES // 2**20})

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_SCALAR = None | bool | int | float | str
_EVENT_LINE = msgspec.json.Decoder(dict[str, _SCALAR | list[_SCALAR | list[_SCALAR]]])  # depth 3 at most


class SaveError(Exception):
    """A file that cannot be loaded: ``path``, ``line`` and why, ``message`` ("save.…"),
    for whoever shows it to word (``str()`` is ``FILE:LINE: message-id``, safe to print).
    ``header`` is the file's header when line 1 was good (for listing the file).
    """

    def __init__(self, path: str, line: int, message: Message, header: Header | None = None):
        super().__init__(f"{printable(path)}:{line}: {printable(message, REASON_MAX_CHARS)}")
        self.path, self.line, self.message, self.header = path, line, message, header


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


# --- reading one line -----------------------------------------------------------


def decode_line(line: str, path: str, number: int, not_json: str = "save.not-json") -> Any:
    """One line's JSON value within the limits, with no key twice in an object
    (``not_json``: the message id saying it is not JSON)."""
    if len(line) > MAX_LINE_CHARS:
        raise SaveError(path, number, Message("save.long-line", {"max": MAX_LINE_CHARS}))
    try:
        value = msgspec.json.decode(line)
    except msgspec.DecodeError as error:
        raise SaveError(path, number, Message(not_json, {"detail": str(error)})) from None
    except RecursionError:
        raise SaveError(path, number, Message("save.too-deep", {"max": MAX_DEPTH})) from None
    # Cheap counts first: MAX_DEPTH brackets or fewer cannot nest deeper, and as
    # many colons as top-level keys leaves no room for a repeated key.
    colons = line.count(":")
    if line.count("[") + line.count("{") > MAX_DEPTH or colons != (len(value) if isinstance(value, dict) else 0):
        depth, keys = depth_and_keys(value)
        if depth > MAX_DEPTH:
            raise SaveError(path, number, Message("save.too-deep", {"max": MAX_DEPTH}))
        if colons and _STRING.sub("", line).count(":") != keys:  # a valid line's colons outside strings are its keys
            raise SaveError(path, number, Message("save.same-key"))
    return value


def _decode_events(lines: list[str], colons: int, path: str) -> list[Any]:
    """The event lines decoded (``colons`` in them all); the first bad one refused.

    Lines shaped like the events the games write (an object of scalars and
    lists of lists at most) are decoded in C, and their colons counted: as many
    as keys means no key appears twice.  Anything else takes the exact path
    of :func:`decode_line`, line by line.
    """
    try:
        events = list(map(_EVENT_LINE.decode, lines))
    except msgspec.DecodeError:
        events = None
    if events is None or colons != sum(map(len, events)) or max(map(len, lines), default=0) > MAX_LINE_CHARS:
        events = [decode_line(line, path, number) for number, line in enumerate(lines, start=2)]
    return events


# --- the header -----------------------------------------------------------------


def _bad_header(path: str, reason: Message) -> SaveError:
    """Line 1 refused: "bad header: " and ``reason``."""
    return SaveError(path, 1, Message("save.bad-header", {"reason": reason.dump()}))


def _seat(seat: _SeatJSON, index: int, path: str) -> Seat:
    """Seat ``index`` of a header; a name that is only an old default ("You", "Computer 2") is none."""
    fault = name_fault(seat.name) if seat.name else None  # "": a seat without a name
    if fault is not None:
        raise _bad_header(path, fault)
    if seat.kind == "bot" and seat.level not in BOT_LEVELS:
        raise _bad_header(path, Message("save.unknown-level", {"level": seat.level, "levels": list(BOT_LEVELS)}))
    if seat.kind == "human" and seat.level is not None:
        raise _bad_header(path, Message("save.human-level"))
    return unnamed(Seat(seat.name, seat.kind, seat.level), index)


def parse_header(line: str, path: str = "<text>") -> Header:
    """The header from line 1; SaveError if it is not a kobito-tui header we read."""
    try:
        raw = msgspec.convert(decode_line(line, path, 1, "save.not-a-header"), type=_HeaderJSON)
    except msgspec.ValidationError as error:
        raise SaveError(path, 1, Message("save.not-a-header", {"detail": str(error)})) from None
    if raw.format != MAGIC:
        raise SaveError(path, 1, Message("save.not-kobito", {"format": raw.format}))
    if raw.version != FORMAT_VERSION:
        raise SaveError(path, 1, Message("save.version", {"version": raw.version, "supported": FORMAT_VERSION}))
    if raw.game not in game_ids():
        raise SaveError(path, 1, Message("save.unknown-game", {"game": raw.game, "known": known_games()}))
    game = get_game(raw.game)
    try:
        check_players(game, len(raw.seats))
    except OptionError:
        counts = {"count": len(raw.seats), "min": game.min_players, "max": game.max_players}
        raise _bad_header(path, Message("save.players", counts)) from None
    try:
        options = game.normalize_options(dict(raw.options), len(raw.seats))
    except (ValueError, TypeError) as error:
        raise _bad_header(path, option_message(error)) from None
    if options != raw.options:
        raise _bad_header(path, Message("save.unusual-options"))
    return Header(
        game=raw.game,
        seats=tuple(_seat(seat, index, path) for index, seat in enumerate(raw.seats)),
        options=raw.options,
        seed=raw.seed,
        created=raw.created,
        app_version=raw.app,
        format=raw.version,
    )


# --- whole files ----------------------------------------------------------------


def _text(data: bytes, path: str) -> str:
    """``data`` as text; SaveError names the line of the first byte that is not UTF-8."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise SaveError(path, line, Message("save.not-utf8", {"byte": f"{data[error.start]:#04x}"})) from None


def loads(text: str | bytes, path: str = "<text>") -> Record:
    """Parse and validate a whole file's text; SaveError names the first bad line."""
    return loads_folded(text, path)[0]


def loads_folded(text: str | bytes, path: str = "<text>") -> tuple[Record, Any]:
    """:func:`loads`, and the game's state after the last event (the fold that validated it)."""
    if len(text) > MAX_FILE_BYTES:
        raise SaveError(path, 1, _TOO_LARGE)
    if isinstance(text, bytes):
        text = _text(text, path)
    if not text.strip():
        raise SaveError(path, 1, Message("save.empty"))
    newlines = text.count("\n")
    if newlines > MAX_EVENTS + 1:
        raise SaveError(path, MAX_EVENTS + 2, Message("save.too-many-events", {"max": MAX_EVENTS}))
    if not text.endswith("\n"):
        raise SaveError(path, newlines + 1, Message("save.truncated"))
    if "\r" in text:  # whitespace to JSON, but not what saving writes
        raise SaveError(path, text.count("\n", 0, text.index("\r")) + 1, Message("save.carriage-return"))
    lines = text.split("\n")[:-1]
    header = parse_header(lines[0], path)
    try:
        events = _decode_events(lines[1:], text.count(":") - lines[0].count(":"), path)
        state = fold(get_game(header.game), header, events)
    except SaveError as error:
        error.header = header
        raise
    except EventError as error:
        raise SaveError(path, error.index + 2, error.message, header) from None
    return Record(header, events), state


def load(path: Path | str) -> Record:
    """Load and validate a save file."""
    try:
        data = read_regular(str(path), MAX_FILE_BYTES)
    except MessageError as error:
        raise SaveError(str(path), 1, error.message) from None
    return loads(data, str(path))


def save(path: Path | str, record: Record) -> None:
    """Write ``record`` atomically: the old file stays whole until the new one is.
    A symlink is followed: its target is replaced, from a temp file in the target's folder."""
    path = Path(os.path.realpath(path))
    if path.is_symlink():  # still a link: a loop, never to be replaced by a plain file
        raise OSError(errno.ELOOP, "the save file is a symlink loop", str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, dumps(record), prefix=f".{path.name}.")


def check(paths: list[str]) -> list[SaveError]:
    """Why each file that does not load does not; empty if all are good."""
    problems = []
    for path in paths:
        try:
            load(path)
        except SaveError as error:
            problems.append(error)
    return problems
