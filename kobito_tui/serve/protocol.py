"""The messages between the hub and its clients: typed, versioned, size-limited.

Each frame is a 4-byte big-endian length and a MessagePack body, one tagged
:class:`msgspec.Struct` (field ``t``).  A client's frame is at most
:data:`MAX_CLIENT_FRAME` bytes; anything that does not decode to a client
message ends that connection.  What a client may learn is what an
:class:`~kobito_tui.table.Update` for its perspective holds: never raw
events, the seed, another seat's view or the undo stack.
"""

from __future__ import annotations

import typing
from functools import cache
from typing import Annotated, Any, Literal

import msgspec

from kobito_tui.core.game import Header, Result, Seat, SeatKind
from kobito_tui.games import get_game
from kobito_tui.table import PUBLIC, LogEntry, Refusal, SeatPerspective, Update

VERSION = 1
MAX_CLIENT_FRAME = 64 * 1024  # a move is a few dozen bytes
MAX_SERVER_FRAME = 8 * 1024 * 1024  # a full update of a long game's history
MAX_ANALYSIS_BYTES = 1024 * 1024  # a kept analysis's JSON (a long game's is some 100 KB); compressed, it fits a client frame
LENGTH = 4
STOPPING = "the server is stopping"  # the hub's Bye to every connection as it shuts down
HUNG_UP = "the hub closed the connection"  # what a client says when the hub went without a Bye


class WireMessage(msgspec.Struct, tag_field="t", forbid_unknown_fields=True, frozen=True):
    pass


# -- client to hub ------------------------------------------------------------
class Hello(WireMessage, tag="hello", frozen=True):
    version: int
    identity: str  # "key:SHA256:...", "web:...", "guest" or "guest:..." (lobby.IDENTITY)
    name: str
    address: str = ""  # where the player came from (the door says): caps and limits per address


class CreateTable(WireMessage, tag="create", frozen=True):
    id: int
    game: str
    seats: list[str]  # per seat: "open", or a computer level (core.levels.BOT_LEVELS)
    options: dict[str, bool | int | str] = {}
    pace: Annotated[str, msgspec.Meta(max_length=8)] = "live"  # or turn-based: serve.pace.PACES


class Join(WireMessage, tag="join", frozen=True):
    """Sit at ``seat`` (None: your own seat back, by identity or ``code``)."""

    id: int
    table: str
    seat: int | None = None
    code: str | None = None


class FindSeat(WireMessage, tag="find-seat", frozen=True):
    """The table of the seat ``code`` proves (a wrong code counts as a guess); Done's value is its id."""

    id: int
    code: str


class Spectate(WireMessage, tag="spectate", frozen=True):
    id: int
    table: str


class Leave(WireMessage, tag="leave", frozen=True):
    id: int


class Submit(WireMessage, tag="submit", frozen=True):
    id: int
    move: dict[str, bool | int | str | None | list[int | str | list[int | str]]]
    revision: int


class Undo(WireMessage, tag="undo", frozen=True):
    id: int


class Redo(WireMessage, tag="redo", frozen=True):
    id: int


class AskHint(WireMessage, tag="hint", frozen=True):
    id: int


class Resign(WireMessage, tag="resign", frozen=True):
    """The player leaves the game at their seat (for good: a computer plays on, or the others win)."""

    id: int


class VoteToEnd(WireMessage, tag="vote-end", frozen=True):
    """Vote to end the game as it stands, a seat holding it up (``accept`` False: withdraw every vote)."""

    id: int
    accept: bool = True


class GiveToComputer(WireMessage, tag="give", frozen=True):
    """The table's creator hands a long-away seat to a computer."""

    id: int
    seat: int
    level: str


SettingValue = bool | Annotated[str, msgspec.Meta(max_length=16)]
Settings = Annotated[dict[Annotated[str, msgspec.Meta(max_length=16)], SettingValue], msgspec.Meta(max_length=8)]
"""A player's settings (tips on or off, language): a few short entries; which, the hub checks."""


class SetSettings(WireMessage, tag="settings", frozen=True):
    """Keep these settings for this identity (merged into those it has)."""

    id: int
    settings: Settings


class ListReplays(WireMessage, tag="replays", frozen=True):
    """The finished tables this connection played at."""

    id: int


class GetRecord(WireMessage, tag="record", frozen=True):
    """The whole record of a finished table this connection played at."""

    id: int
    table: str


class GetRatings(WireMessage, tag="ratings", frozen=True):
    """The rating changes a finished table this connection played at made (none until they are reckoned)."""

    id: int
    table: Annotated[str, msgspec.Meta(max_length=40)]


AnalysisKey = Annotated[str, msgspec.Meta(max_length=80, pattern="^[0-9A-Za-z:.-]+$")]
"""Which estimate of a seat's decisions (the seed and the estimator's version: ``analysis.sidecar.estimate_key``)."""


class KeepAnalysis(WireMessage, tag="keep-analysis", frozen=True):
    """Keep this analysis of a finished table this connection played at, for its players' next look:
    ``report``, the report's JSON compressed with zlib (at most ``MAX_ANALYSIS_BYTES`` inflated),
    of ``seat``'s decisions (None: every seat's)."""

    id: int
    table: str
    seat: int | None
    key: AnalysisKey
    report: bytes


class GetAnalysis(WireMessage, tag="get-analysis", frozen=True):
    """The analysis kept of ``seat``'s decisions (None: every seat's) at a finished table this connection played at."""

    id: int
    table: str
    seat: int | None
    key: AnalysisKey


class AskLink(WireMessage, tag="link", frozen=True):
    """A one-time link to the web door that signs a browser in as this identity (a key's or an invited name's)."""

    id: int


class Rematch(WireMessage, tag="rematch", frozen=True):
    """Accept (or decline) a rematch of ``table``, a finished table this identity played at; Done's value
    is the rematch's table once every player has accepted."""

    id: int
    table: str
    accept: bool


ClientMessage = (
    Hello
    | CreateTable
    | Join
    | FindSeat
    | Spectate
    | Leave
    | Submit
    | Undo
    | Redo
    | AskHint
    | GiveToComputer
    | Resign
    | VoteToEnd
    | SetSettings
    | ListReplays
    | GetRecord
    | AskLink
    | KeepAnalysis
    | GetAnalysis
    | Rematch
    | GetRatings
)


# -- hub to client -----------------------------------------------------------
class SeatInfo(msgspec.Struct, frozen=True):
    kind: Literal["open", "player", "computer"]
    name: str = ""
    connected: bool = False
    level: str | None = None
    left: bool = False  # the player left the game (a computer plays on in the seat, or it is over)


class TableInfo(msgspec.Struct, frozen=True):
    table: str
    game: str
    status: str  # "open" | "playing" | "over"
    seats: list[SeatInfo]
    spectators: int
    creator: str  # the creator's name
    started: str | None = None
    to_act: int | None = None  # the seat whose turn it is (public in every game), while the game is played
    rematch: list[int] = []  # once over: the seats that accepted a rematch
    next: str = ""  # the rematch's table, once every player accepted
    rematch_off: str = ""  # why there will be no rematch: "declined" (by seat ``declined``) or "timeout"
    declined: int | None = None
    pace: str = "live"  # or turn-based: the time per move (serve.pace.PACES)
    deadline: str | None = None  # turn-based, while played: when the time of the seat to act runs out (UTC)
    overdue: bool = False  # that time has run out: any other player may hand the seat to a computer
    votes: list[int] = []  # the seats that voted to end the game as it stands (a seat holding it up)


class Welcome(WireMessage, tag="welcome", frozen=True):
    version: int
    tables: list[TableInfo]
    name: str = ""  # the name the hub knows you by (a key's is the one bound to it)
    settings: dict[str, Any] = {}  # your settings as kept (a key's, from the store)
    back_to: str = ""  # the table you were seated at when your last connection dropped (still played): you land there


class TableChanged(WireMessage, tag="table", frozen=True):
    """A table was created or changed: seats taken, who is connected or away, started, over."""

    info: TableInfo


class TableGone(WireMessage, tag="gone", frozen=True):
    table: str


class Done(WireMessage, tag="done", frozen=True):
    """Request ``id`` was carried out; ``value`` as the request says (a table id, a seat code)."""

    id: int
    value: str | None = None
    seat: int | None = None


class RefusedReply(WireMessage, tag="refused", frozen=True):
    id: int
    reason: str  # a refusal id: "not-your-turn", "seat-taken", ... (its words: i18n.messages.say)
    params: dict[str, Any] = {}


class HintMessage(WireMessage, tag="hint-move", frozen=True):
    id: int
    revision: int
    move: dict[str, Any]


class WireLogEntry(msgspec.Struct, frozen=True, array_like=True, forbid_unknown_fields=True):
    """A log entry: a message id and its parameters (no words: each client says it in its own)."""

    id: str
    params: dict[str, Any]


class WireHeader(msgspec.Struct, frozen=True):
    """A client's header: no seed."""

    game: str
    names: list[str]
    kinds: list[SeatKind]  # "human" | "bot"
    options: dict[str, Any]
    created: str
    app: str


class UpdateMessage(WireMessage, tag="update", frozen=True):
    table: str
    revision: int
    seat: int | None  # None: the public perspective
    header: WireHeader
    view: Any
    to_act: int | None
    legal: list[dict[str, Any]]
    can_undo: bool
    can_redo: bool
    result: Any
    history: list[dict[str, Any]]
    log: list[WireLogEntry]
    undone: int
    taken_back: list[WireLogEntry]
    full: bool


class Replays(WireMessage, tag="replay-list", frozen=True):
    id: int
    tables: list[TableInfo]


class RecordText(WireMessage, tag="record-text", frozen=True):
    """A finished table's game in the save-file format (every hand shown: the game is over)."""

    id: int
    text: str


class RatingChange(msgspec.Struct, frozen=True):
    """A rated seat's rating before and after a table, as a player reads it ("1500?", "1526?", "+26")."""

    seat: int
    before: str
    after: str
    change: str


class RatingChanges(WireMessage, tag="rating-changes", frozen=True):
    id: int
    changes: list[RatingChange]


class AnalysisText(WireMessage, tag="analysis", frozen=True):
    """The analysis asked for, as kept (its JSON), or None: none is kept."""

    id: int
    report: str | None = None


class Bye(WireMessage, tag="bye", frozen=True):
    """The hub ends this connection, and why: ``text`` in English, and for the client to word,
    a refusal id with its parameters when there is one ("name-taken", "seat-taken-by-code")."""

    text: str
    reason: str = ""
    params: dict[str, Any] = {}


ServerMessage = (
    Welcome
    | TableChanged
    | TableGone
    | Done
    | RefusedReply
    | HintMessage
    | UpdateMessage
    | Replays
    | RecordText
    | RatingChanges
    | AnalysisText
    | Bye
)

_client_decoder: msgspec.msgpack.Decoder[ClientMessage] = msgspec.msgpack.Decoder(ClientMessage)
_server_decoder: msgspec.msgpack.Decoder[ServerMessage] = msgspec.msgpack.Decoder(ServerMessage)
_encoder = msgspec.msgpack.Encoder()


class ProtocolError(Exception):
    """A frame that is not a message we accept; the connection ends."""


def frame(message: WireMessage) -> bytes:
    body = _encoder.encode(message)
    return len(body).to_bytes(LENGTH, "big") + body


def frame_length(prefix: bytes, limit: int) -> int:
    size = int.from_bytes(prefix, "big")
    if size > limit:
        raise ProtocolError(f"a frame of {size} bytes is over the limit of {limit}")
    return size


def decode_client(body: bytes) -> ClientMessage:
    try:
        return _client_decoder.decode(body)
    except (msgspec.DecodeError, msgspec.ValidationError) as error:
        raise ProtocolError(f"not a message ({error})") from None


def decode_server(body: bytes) -> ServerMessage:
    try:
        return _server_decoder.decode(body)
    except (msgspec.DecodeError, msgspec.ValidationError) as error:
        raise ProtocolError(f"not a message ({error})") from None


# -- updates on the wire -------------------------------------------------------
def _entries(entries: tuple[LogEntry, ...]) -> list[WireLogEntry]:
    return [WireLogEntry(e.id, e.params) for e in entries]


def update_message(table: str, update: Update) -> UpdateMessage:
    """``update`` for the wire (it is already for one perspective; the header has no seed)."""
    perspective = update.perspective
    if not (perspective == PUBLIC or isinstance(perspective, SeatPerspective)):
        raise ValueError("only a seat's or the public's updates leave the hub")
    h = update.header
    return UpdateMessage(
        table=table,
        revision=update.revision,
        seat=perspective.seat if isinstance(perspective, SeatPerspective) else None,
        header=WireHeader(h.game, [s.name for s in h.seats], [s.kind for s in h.seats], h.options, h.created, h.app_version),
        view=msgspec.to_builtins(update.view),
        to_act=update.to_act,
        legal=list(update.legal),
        can_undo=update.can_undo,
        can_redo=update.can_redo,
        result=msgspec.to_builtins(update.result),
        history=list(update.history),
        log=_entries(update.log),
        undone=update.undone,
        taken_back=_entries(update.taken_back),
        full=update.full,
    )


@cache
def view_type(game_id: str) -> Any:
    """The class of ``game_id``'s views, from its ``view`` method's annotation."""
    return typing.get_type_hints(type(get_game(game_id)).view).get("return", Any)


def _log(entries: list[WireLogEntry]) -> tuple[LogEntry, ...]:
    return tuple(LogEntry(e.id, dict(e.params)) for e in entries)


def to_update(message: UpdateMessage) -> Update:
    """The :class:`Update` a local table would have given this perspective."""
    h = message.header
    seats = tuple(Seat(name, kind, None) for name, kind in zip(h.names, h.kinds))
    return Update(
        revision=message.revision,
        perspective=PUBLIC if message.seat is None else SeatPerspective(message.seat),
        header=Header(h.game, seats, h.options, None, h.created, h.app),
        view=msgspec.convert(message.view, type=view_type(h.game)),
        to_act=message.to_act,
        legal=tuple(message.legal),
        can_undo=message.can_undo,
        can_redo=message.can_redo,
        result=None if message.result is None else msgspec.convert(message.result, type=Result),
        history=tuple(message.history),
        log=_log(message.log),
        undone=message.undone,
        taken_back=_log(message.taken_back),
        full=message.full,
    )


def refusal(message: RefusedReply) -> Refusal:
    return Refusal(message.reason, dict(message.params))
