"""The lobby's rules: rooms, their chairs, and who may sit, watch or hand a seat to a computer.

Pure domain: no asyncio, no sockets, no live game.  A :class:`Visitor` is one
connected player (identity, name, where they are); the :class:`Lobby` answers
each request with a result or a :class:`~kobito_tui.table.Refusal` and never
touches the store or a table: the hub does what a result asks.  Time comes
from an injected clock, so the away rule and the limit on seat-code guesses
are tested without waiting.

Who is who: a key's name is bound to the key on first use (the store keeps
it); no other key and no guest may take it (:func:`name_refusal`).  One
identity has one seat per table.  A seat code (six words) proves a *guest's*
seat, whose identity lasts one connection; a keyed seat comes back only with
its key.  Guessing codes is limited per connection and per address.
"""

from __future__ import annotations

import re
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from datetime import UTC, datetime
from typing import Any, Literal

import msgspec

from kobito_tui.core.game import check_players, option_message
from kobito_tui.core.leaving import STAND_IN
from kobito_tui.core.levels import BOT_LEVELS
from kobito_tui.core.safetext import printable
from kobito_tui.games import game_ids, get_game
from kobito_tui.i18n import LANGUAGES
from kobito_tui.i18n.messages import english_error
from kobito_tui.serve import protocol
from kobito_tui.serve.pace import HOUR_S, PACES, Clocks, Pace
from kobito_tui.serve.seatcode import canonical, new_code
from kobito_tui.serve.store import ENDED, OPEN, OVER, PLAYING
from kobito_tui.serve.table_limits import Limits
from kobito_tui.table import Refusal

CODE_WINDOW_S = 600.0  # wrong seat codes count for this long
CODE_TRIES_PER_CONNECTION = 5  # wrong codes one connection may give in that window
CODE_TRIES_PER_ADDRESS = 20  # wrong codes from one address (its every connection) in that window
REMATCH_S = 120.0  # how long a rematch waits for every player seated to accept it
GUEST = "guest:"  # the start of a guest's identity
WEB = "web:"  # the start of the identity of a player invited to the web door by name
# What a door may say a player is: a key, an invited name, a new guest, or a guest a browser's cookie brings back.
IDENTITY = re.compile(r"key:SHA256:\S{1,89}|web:[0-9a-f]{32}|guest(?::[0-9a-f]{16})?")
SETTINGS: dict[str, type] = {"guide": bool, "lang": str, "notify": bool}  # what a player's settings may hold


def claim(name: str) -> str:
    """What two names that read alike have in common: "Ann" and " ann" are one claim."""
    return " ".join(name.casefold().split())


def name_refusal(identity: str, name: str, owner: str | None) -> Refusal | None:
    """Why ``identity`` may not go by ``name``, whose claim is ``owner``'s (None: nobody's)."""
    if owner is not None and owner != identity:
        return Refusal("name-taken", {"name": name})
    return None


def settings_refusal(settings: dict[str, Any]) -> Refusal | None:
    """Why ``settings`` are not a player's: an unknown entry, or a value of the wrong kind."""
    for key, value in settings.items():
        if type(value) is not SETTINGS.get(key) or key == "lang" and value not in LANGUAGES:
            return Refusal("bad-settings", {"setting": printable(key, 16)})
    return None


@dataclass(eq=False)
class Visitor:
    """One connected player: who (``identity``, ``name``), from where, and where they are."""

    identity: str
    name: str
    address: str = ""
    room: Room | None = None
    seat: int | None = None
    codes: set[str] = field(default_factory=set)  # the seats it sat at: their finished games are its replays
    wrong_codes: deque[float] = field(default_factory=deque)  # when it gave a seat code that fits no seat
    settings: dict[str, Any] = field(default_factory=dict)  # tips, language (a key's are stored too)

    @property
    def guest(self) -> bool:
        return self.identity.startswith(GUEST)


@dataclass
class Chair:
    """Who a seat belongs to: ``open``, a ``player`` (by identity, or by ``code``), or a ``computer``.
    A computer in a player's seat keeps the player's identity and code: a stand-in while they are away
    (theirs to take back), or for good once they ``left`` the game (still theirs to replay)."""

    kind: Literal["open", "player", "computer"] = "open"
    identity: str = ""
    name: str = ""
    level: str | None = None
    code: str = ""
    left: bool = False

    def owned_by(self, visitor: Visitor, code: str | None) -> bool:
        """By identity, or a guest's seat by its code (a keyed seat comes back only with its key)."""
        return self.kind == "player" and self._proves(visitor, code)

    def held_for(self, visitor: Visitor, code: str | None) -> bool:
        """A seat a computer stands in for ``visitor`` (by identity or code): theirs to take back."""
        return self.kind == "computer" and self.identity != "" and not self.left and self._proves(visitor, code)

    def _proves(self, visitor: Visitor, code: str | None) -> bool:
        if self.identity == visitor.identity:  # a guest's identity is its connection's own
            return True
        if code is None or not self.code or not self.identity.startswith(GUEST):
            return False
        return secrets.compare_digest(canonical(code).encode(), self.code.encode())

    def held_by(self, visitor: Visitor) -> bool:
        """Whether this seat is ``visitor``'s: by identity, or a guest's seat it has the code of."""
        return self.identity == visitor.identity or self.code != "" and self.code in visitor.codes  # a computer's own: ""


@dataclass
class Room:
    """One table in the lobby, from its creation (open seats) to its end."""

    table_id: str
    game: str
    options: dict[str, Any]
    creator: str  # identity
    creator_name: str
    chairs: list[Chair]
    address: str = ""  # where its creator came from
    status: str = OPEN  # OPEN until the game begins (then the hub has a live table for it)
    started: str | None = None  # when the game began (its header's time)
    visitors: set[Visitor] = field(default_factory=set)  # seated and watching
    away_since: dict[int, float] = field(default_factory=dict)
    to_act: int | None = None  # whose turn it is, while the game is played (the hub follows its table)
    first: int | None = None  # the seat that began the game, once it has begun (a rematch begins with the next)
    rematch: dict[int, str] = field(default_factory=dict)  # once over: the seats that accepted a rematch (who did)
    rematch_deadline: float | None = None  # when the rematch times out (from the first acceptance)
    rematch_off: str = ""  # why the rematch will not be: "declined" (by ``declined``) or "timeout"
    declined: int | None = None
    next: str = ""  # the rematch's table, once every player accepted
    pace: Pace = field(default_factory=Pace)
    votes: set[int] = field(default_factory=set)  # the seats voting to end the game as it stands

    def seating(self) -> list[dict[str, Any]]:
        """What the store keeps of the room."""
        return [
            {
                "meta": {
                    "game": self.game,
                    "options": self.options,
                    "creator": self.creator,
                    "creator_name": self.creator_name,
                    "address": self.address,
                    **self.pace_kept(),
                }
            }
        ] + [asdict(c) for c in self.chairs]

    def pace_kept(self) -> dict[str, Any]:
        clocks = self.pace.clocks
        return {} if clocks is None else {"pace": self.pace.name, "clocks": clocks.kept()}

    @classmethod
    def from_seating(cls, table_id: str, seating: list[dict[str, Any]]) -> Room:
        meta = seating[0]["meta"]
        chairs = [Chair(**c) for c in seating[1:]]
        room = cls(table_id, meta["game"], meta["options"], meta["creator"], meta["creator_name"], chairs, meta.get("address", ""))
        if "pace" in meta:
            if meta["pace"] not in PACES:
                raise KeyError(meta["pace"])
            room.pace = Pace(meta["pace"], Clocks.from_kept(meta["clocks"]))
        return room

    @property
    def computers_only(self) -> bool:
        return all(c.kind == "computer" for c in self.chairs)

    def connected(self, seat: int) -> bool:
        return any(v.seat == seat for v in self.visitors)

    def created_by(self, visitor: Visitor) -> bool:
        """Whether ``visitor`` is this table's creator: by its identity, or seated at the seat
        the creator took (a guest's identity lasts one connection; back by the seat code, it is
        the creator again).  A guest creator who only watched is the creator while connected."""
        seat = visitor.seat if visitor.room is self else None
        return visitor.identity == self.creator or seat is not None and self.chairs[seat].identity == self.creator

    def info(self, now: float | None = None) -> protocol.TableInfo:
        """What every lobby is told of the room (``now``, wall-clock: a turn-based seat overdue or not)."""
        seats = [
            protocol.SeatInfo(c.kind, c.name, c.kind == "computer" or self.connected(i), c.level, c.left) for i, c in enumerate(self.chairs)
        ]
        spectators = sum(v.seat is None for v in self.visitors)
        to_act = self.to_act if self.status == PLAYING else None
        info = protocol.TableInfo(self.table_id, self.game, self.status, seats, spectators, self.creator_name, self.started, to_act)
        clocks = self.pace.clocks
        if clocks is not None:
            deadline = clocks.deadline(to_act) if self.status == PLAYING else None
            overdue = deadline is not None and (time.time() if now is None else now) >= deadline
            when = None if deadline is None else datetime.fromtimestamp(deadline, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
            info = msgspec.structs.replace(info, pace=self.pace.name, deadline=when, overdue=overdue)
        if self.votes:
            info = msgspec.structs.replace(info, votes=sorted(self.votes))
        if self.status != OVER:
            return info
        return msgspec.structs.replace(
            info, rematch=sorted(self.rematch), next=self.next, rematch_off=self.rematch_off, declined=self.declined
        )

    @property
    def deserted(self) -> bool:
        """A game going on with no player left in it (every seat a computer's, some by leaving)."""
        return self.status == PLAYING and any(c.left for c in self.chairs) and all(c.kind != "player" for c in self.chairs)

    @property
    def humans(self) -> list[int]:
        """The seats people play (a rematch waits for each of them)."""
        return [seat for seat, chair in enumerate(self.chairs) if chair.kind == "player"]


@dataclass(frozen=True)
class Seated:
    """A join that worked: ``visitor`` sits at ``seat`` of ``room``; ``code`` proves it later."""

    room: Room
    seat: int
    code: str  # "" for a keyed seat
    took_open: bool  # the seat was open: the seating changed
    took_back: bool  # a computer stood in for the visitor there: the seat is theirs again
    full: bool  # every seat is taken and the game has not begun: it begins now
    displaced: Visitor | None = None  # who sat there until the code took it: to be told
    before: Chair = field(default_factory=Chair)  # the chair as it was, and where the visitor was: for Lobby.unseat
    was: tuple[Room | None, int | None] = (None, None)
    away: float | None = None  # since when the seat was away


@dataclass(frozen=True)
class Given:
    """A seat of ``room`` handed to a computer; ``before`` whose it was (for :meth:`Lobby.take_back`)."""

    room: Room
    seat: int
    before: Chair


@dataclass(frozen=True)
class Rematched:
    """An answer to a rematch that counted: ``new`` is the rematch's room made now that every player accepted (to start),
    ``off`` whether this answer ended it (declined)."""

    room: Room
    new: Room | None = None
    off: bool = False


def first_player(events: list[dict[str, Any]]) -> int | None:
    """The seat that began a game, as its setup event says (both games record it as "first")."""
    for event in events:
        if event.get("type") == "setup":
            first = event.get("first")
            return first if type(first) is int else None
    return None


def _new_table_id() -> str:
    return secrets.token_hex(4)


class Lobby:
    """Every room and the rules of sitting at one."""

    def __init__(
        self,
        *,
        away_before_give_s: float = 60.0,
        limits: Limits = Limits(),
        clock: Callable[[], float] = time.monotonic,
        new_id: Callable[[], str] = _new_table_id,
        new_code: Callable[[], str] = new_code,
        rematch_s: float = REMATCH_S,
        wall: Callable[[], float] = time.time,
        hour_s: float = HOUR_S,
    ):
        """``clock`` times what lasts minutes (the away rule, code guesses, rematches); ``wall`` (seconds since
        the epoch) the turn-based tables' clocks, which outlast the server, in hours of ``hour_s``."""
        self.away_before_give_s, self.limits, self.clock, self.rematch_s = away_before_give_s, limits, clock, rematch_s
        self.wall, self.hour_s = wall, hour_s
        self.new_id, self.new_code = new_id, new_code
        self.rooms: dict[str, Room] = {}
        self.wrong_codes: dict[str, deque[float]] = {}  # per address: when a wrong seat code came

    def listing(self) -> list[protocol.TableInfo]:
        """The tables a newcomer is told of: the open and the playing (finished ones are for export)."""
        return [room.info() for room in self.rooms.values() if room.status not in ENDED]

    @staticmethod
    def guest_identity() -> str:
        """A guest's identity: its connection's own."""
        return f"{GUEST}{secrets.token_hex(8)}"

    def guest_name_held(self, identity: str, name: str) -> Refusal | None:
        """Why guest ``identity`` may not go by ``name`` now: a guest seated by that name at a table
        not over is connected (a guest's name is theirs while they sit; away, it may be them coming back)."""
        if not identity.startswith(GUEST):
            return None
        wanted = claim(name)
        for room in self.rooms.values():
            for seat, chair in enumerate(room.chairs):
                held = chair.kind == "player" and chair.identity.startswith(GUEST) and chair.identity != identity
                if held and room.status != OVER and claim(chair.name) == wanted and room.connected(seat):
                    return Refusal("name-seated", {"name": name})
        return None

    def create(self, visitor: Visitor, request: protocol.CreateTable) -> Refusal | Room:
        refusal = self._over_limits(visitor, all(kind != "open" for kind in request.seats))
        if refusal is not None:
            return refusal
        if request.game not in game_ids():
            return Refusal("unknown-game", {"game": printable(request.game, 40)})
        if any(kind not in ("open", *BOT_LEVELS) for kind in request.seats):
            return Refusal("bad-seat", {"levels": list(BOT_LEVELS)})
        if request.pace not in PACES:
            return Refusal("bad-pace", {"paces": list(PACES)})
        game = get_game(request.game)
        try:
            players = len(request.seats)
            check_players(game, players)  # the one player-count rule (core.game)
            options = game.normalize_options(dict(request.options), players)
        except (ValueError, TypeError) as error:  # ``why`` for the client to word, ``reason`` in English
            return Refusal("bad-options", {"reason": printable(english_error(error), 200), "why": option_message(error).dump()})
        chairs = [Chair() if kind == "open" else Chair("computer", level=kind) for kind in request.seats]
        room = Room(self.new_id(), request.game, options, visitor.identity, visitor.name, chairs, visitor.address)
        room.pace = Pace(request.pace, Clocks.start(request.pace, len(chairs), self.hour_s))
        self.rooms[room.table_id] = room
        return room

    def turn_passed(self, room: Room, before: int | None, to_act: int | None) -> bool:
        """The turn went from ``before`` to ``to_act`` (or the game began): the clocks run on; whether they changed."""
        room.to_act = to_act
        room.votes.clear()  # the game moved on: nobody holds it up now
        clocks = room.pace.clocks
        if clocks is None:
            return False
        clocks.turn_passed(before, self.wall())
        return True

    def _over_limits(self, visitor: Visitor, computers_only: bool) -> Refusal | None:
        """Why ``visitor`` may not have one more table of this kind (computers only, or waiting for players).
        A visitor with no address is a client of the hub's own socket: the host's."""
        status = PLAYING if computers_only else OPEN
        rooms = [r for r in self.rooms.values() if r.status == status and r.computers_only == computers_only]
        mine = sum(r.creator == visitor.identity for r in rooms)
        here = sum(r.address == visitor.address for r in rooms) if visitor.address else 0
        limits = self.limits
        if computers_only and mine >= limits.computer_tables:
            return Refusal("too-many-computer-tables", {"count": mine})
        if computers_only and here >= limits.computer_tables_per_address:
            return Refusal("too-many-computer-tables-here", {"count": here})
        if not computers_only and mine >= limits.open_tables:
            return Refusal("too-many-tables", {"count": mine})
        if not computers_only and here >= limits.open_tables_per_address:
            return Refusal("too-many-tables-here", {"count": here})
        return None

    def join(self, visitor: Visitor, request: protocol.Join) -> Refusal | Seated:
        room = self.rooms.get(request.table)
        if room is None:
            return Refusal("no-such-table", {"table": printable(request.table, 40)})
        code = request.code
        if code is not None and self._guessing(visitor):
            return Refusal("too-many-codes", {"minutes": round(CODE_WINDOW_S / 60)})
        seat = request.seat
        playing = room.status == PLAYING
        if seat is None:
            seat = next((i for i, c in enumerate(room.chairs) if c.owned_by(visitor, code) or playing and c.held_for(visitor, code)), None)
            if seat is None:
                return self._wrong_code(visitor) if code is not None else Refusal("no-seat-of-yours")
        if not 0 <= seat < len(room.chairs):
            return Refusal("no-such-seat", {"seat": seat})
        chair = before = room.chairs[seat]
        took_open, took_back = chair.kind == "open", playing and chair.held_for(visitor, code)
        if took_open:
            mine = next((i for i, c in enumerate(room.chairs) if c.held_by(visitor)), None)
            if mine is not None:
                return Refusal("one-seat-each", {"seat": mine})
            chair = room.chairs[seat] = Chair("player", visitor.identity, visitor.name, code=self.new_code() if visitor.guest else "")
        elif took_back:
            chair = room.chairs[seat] = replace(chair, kind="player", level=None)
        elif not chair.owned_by(visitor, code):
            return self._wrong_code(visitor) if code is not None else Refusal("seat-taken", {"seat": seat})
        was, away = (visitor.room, visitor.seat), room.away_since.get(seat)
        displaced = next((v for v in room.visitors if v.seat == seat and v.identity != visitor.identity), None)
        if displaced is not None:
            self.leave(displaced)
        self.leave(visitor)
        self._enter(visitor, room, seat)
        if chair.code:
            visitor.codes.add(chair.code)
        room.away_since.pop(seat, None)
        room.votes.clear()  # someone is back: a vote to end starts again if still wanted
        full = room.status == OPEN and all(c.kind != "open" for c in room.chairs)
        return Seated(room, seat, chair.code, took_open, took_back, full, displaced, before, was, away)

    def find_seat(self, visitor: Visitor, request: protocol.FindSeat) -> Refusal | Room:
        """The room of the seat ``request.code`` proves (a game not over); a code that fits none counts as a guess."""
        if self._guessing(visitor):
            return Refusal("too-many-codes", {"minutes": round(CODE_WINDOW_S / 60)})
        for room in self.rooms.values():
            if room.status not in ENDED and any(chair.owned_by(visitor, request.code) for chair in room.chairs):
                return room
        return self._wrong_code(visitor)

    def unseat(self, visitor: Visitor, seated: Seated) -> None:
        """Undo ``seated``, a join of ``visitor`` the hub could not store: the chair as it was,
        whoever the seat's code displaced back in it, and ``visitor`` back where it was."""
        room, seat = seated.room, seated.seat
        self.leave(visitor)
        room.chairs[seat] = seated.before
        if seated.took_open:
            visitor.codes.discard(seated.code)
        room.away_since.pop(seat, None)
        if seated.away is not None:
            room.away_since[seat] = seated.away
        if seated.displaced is not None:
            self._enter(seated.displaced, room, seat)
            room.away_since.pop(seat, None)
        was, was_seat = seated.was
        if was is not None:
            self._enter(visitor, was, was_seat)
            if was_seat is not None:
                was.away_since.pop(was_seat, None)

    def withdraw(self, room: Room) -> None:
        """Forget ``room``, just created: the hub could not store it."""
        del self.rooms[room.table_id]

    def _guessing(self, visitor: Visitor) -> bool:
        """Whether ``visitor`` (or its address) gave too many wrong codes of late."""
        since = self.clock() - CODE_WINDOW_S
        for times in (visitor.wrong_codes, self.wrong_codes.get(visitor.address, deque())):
            while times and times[0] < since:
                times.popleft()
        if len(self.wrong_codes) > 10_000:  # many addresses guessed: forget those done
            self.wrong_codes = {a: t for a, t in self.wrong_codes.items() if t and t[-1] >= since}
        address = self.wrong_codes.get(visitor.address, ())
        return len(visitor.wrong_codes) >= CODE_TRIES_PER_CONNECTION or len(address) >= CODE_TRIES_PER_ADDRESS

    def _wrong_code(self, visitor: Visitor) -> Refusal:
        now = self.clock()
        visitor.wrong_codes.append(now)
        self.wrong_codes.setdefault(visitor.address, deque()).append(now)
        return Refusal("wrong-code")

    def spectate(self, visitor: Visitor, request: protocol.Spectate) -> Refusal | Room:
        room = self.rooms.get(request.table)
        if room is None:
            return Refusal("no-such-table", {"table": printable(request.table, 40)})
        self.leave(visitor)
        self._enter(visitor, room, None)
        return room

    def leave(self, visitor: Visitor) -> Room | None:
        """``visitor`` stops watching its room (which it returns); a player's seat stays theirs (away)."""
        room, seat = visitor.room, visitor.seat
        if room is None:
            return None
        if seat is not None and room.status == OVER and not room.next and not room.rematch_off:  # gone from the end: no rematch
            room.rematch_off, room.declined = "declined", seat
        room.visitors.discard(visitor)
        visitor.room = visitor.seat = None
        if seat is not None and not room.connected(seat):
            room.away_since[seat] = self.clock()
        return room

    def give_to_computer(self, visitor: Visitor, request: protocol.GiveToComputer) -> Refusal | Given:
        """A player seated at the table (or its creator) hands a seat away for long enough to a computer at
        ``request.level``: an absent player stalls nobody."""
        room = visitor.room
        if room is None or visitor.seat is None and not room.created_by(visitor):
            return Refusal("not-at-table")
        if request.level not in BOT_LEVELS or not 0 <= request.seat < len(room.chairs):
            return Refusal("no-such-seat-or-level")
        chair, clocks = room.chairs[request.seat], room.pace.clocks
        if clocks is not None:  # turn-based: nobody need be there, but nobody may stall the game past their time
            why = "not-overdue"
            stalls = room.status == PLAYING and request.seat == room.to_act and clocks.overdue(request.seat, self.wall())
        else:  # live: away long enough (before the game begins no seat is long away)
            why, away = "not-away", room.away_since.get(request.seat)
            stalls = room.status != OPEN and away is not None and self.clock() - away >= self.away_before_give_s
        if chair.kind != "player" or not stalls:
            return Refusal(why, {"seat": request.seat})
        room.chairs[request.seat] = replace(chair, kind="computer", level=request.level)  # theirs to take back
        return Given(room, request.seat, chair)

    def holding_up(self, room: Room) -> int | None:
        """The seat holding the game up: turn-based, the seat to act past its time; live, a player away long enough."""
        if room.status != PLAYING:
            return None
        clocks = room.pace.clocks
        if clocks is not None:
            seat = room.to_act
            late = seat is not None and room.chairs[seat].kind == "player" and clocks.overdue(seat, self.wall())
            return seat if late else None
        now = self.clock()
        away = (seat for seat, since in sorted(room.away_since.items()) if now - since >= self.away_before_give_s)
        return next((seat for seat in away if room.chairs[seat].kind == "player"), None)

    def vote_to_end(self, visitor: Visitor, accept: bool) -> Refusal | int | None:
        """``visitor``'s vote to end its game as it stands while a seat holds it up (or, not ``accept``, every
        vote withdrawn): the seat holding it up once every other player has voted (the game ends), else None."""
        room, seat = visitor.room, visitor.seat
        if room is None or seat is None or room.chairs[seat].kind != "player":
            return Refusal("not-seated")
        held_by = self.holding_up(room)
        if held_by is None or held_by == seat:
            return Refusal("nobody-holds-up")
        if not accept:
            room.votes.clear()
            return None
        room.votes.add(seat)
        others = {other for other, chair in enumerate(room.chairs) if chair.kind == "player" and other != held_by}
        return held_by if others <= room.votes else None

    @staticmethod
    def resigning(visitor: Visitor) -> Refusal | int:
        """The seat ``visitor`` would leave the game from: theirs, at a game being played."""
        room, seat = visitor.room, visitor.seat
        if room is None or seat is None:
            return Refusal("not-seated")
        if room.status != PLAYING:
            return Refusal("game-over" if room.status == OVER else "not-begun")
        return seat

    @staticmethod
    def resigned(visitor: Visitor, over: bool) -> None:
        """``visitor``'s player has left the game at its seat (the table took it): the seat keeps who it was
        (for the replay) and, the game going on, is a computer stand-in's: the leaver is seated no more."""
        room, seat = visitor.room, visitor.seat
        assert room is not None and seat is not None
        chair = room.chairs[seat]
        if over:
            room.chairs[seat] = replace(chair, left=True)
            return
        room.chairs[seat] = replace(chair, kind="computer", level=STAND_IN, left=True)
        visitor.seat = None

    @staticmethod
    def take_back(given: Given) -> None:
        """Undo ``given`` (the hub could not store it): the seat is its player's again, still away."""
        given.room.chairs[given.seat] = given.before

    def waiting_for(self, identity: str) -> int:
        """How many games wait for a move of ``identity``'s."""
        return sum(
            room.status == PLAYING
            and room.to_act is not None
            and room.chairs[room.to_act].kind == "player"
            and room.chairs[room.to_act].identity == identity
            for room in self.rooms.values()
        )

    def played(self, visitor: Visitor) -> list[Room]:
        """The finished (or unfinished) tables ``visitor`` sat at (by its key, or a seat code it gave)."""
        return [room for room in self.rooms.values() if room.status in ENDED and any(c.held_by(visitor) for c in room.chairs)]

    def answer_rematch(self, visitor: Visitor, request: protocol.Rematch) -> Refusal | Rematched:
        """``visitor`` accepts or declines a rematch of the finished table it played at.  The first acceptance
        starts the wait (:attr:`rematch_s`); when every seated player has accepted, the rematch's room is made:
        same game, options and seats (computers at their levels, each player's seat theirs by identity),
        the next seat first."""
        room = self.rooms.get(request.table)
        if room is None:
            return Refusal("no-such-table", {"table": printable(request.table, 40)})
        seat = next((i for i, c in enumerate(room.chairs) if c.held_by(visitor)), None)
        if room.status != OVER or seat is None:
            return Refusal("no-rematch")
        self.expire_rematches()
        if room.next:  # begun already: its table is ``room.next``
            return Rematched(room)
        if room.rematch_off:
            return Refusal("rematch-off", {"why": room.rematch_off})
        if not request.accept:
            room.rematch_off, room.declined = "declined", seat
            return Rematched(room, off=True)
        if not room.rematch:
            room.rematch_deadline = self.clock() + self.rematch_s
        room.rematch[seat] = visitor.identity
        if any(s not in room.rematch for s in room.humans):
            return Rematched(room)
        new = self._rematch_room(room)
        room.next = new.table_id
        return Rematched(room, new)

    def _rematch_room(self, room: Room) -> Room:
        options = dict(room.options)
        if room.first is not None and "first_player" in options:
            options["first_player"] = (room.first + 1) % len(room.chairs)
        chairs = [
            Chair("computer", level=c.level)
            if c.kind != "player"
            else Chair("player", room.rematch[s], c.name, code=self.new_code() if room.rematch[s].startswith(GUEST) else "")
            for s, c in enumerate(room.chairs)
        ]
        new = Room(self.new_id(), room.game, options, room.creator, room.creator_name, chairs, room.address)
        new.pace = Pace(room.pace.name, Clocks.start(room.pace.name, len(chairs), self.hour_s))
        self.rooms[new.table_id] = new
        return new

    def unmatch(self, rematched: Rematched) -> None:
        """Undo the rematch's room of ``rematched`` (the hub could not store it): the finished table waits again."""
        if rematched.new is not None:
            self.rooms.pop(rematched.new.table_id, None)
            rematched.room.next = ""

    def expire_rematches(self) -> list[Room]:
        """The rooms whose rematch timed out just now (its players are to be told)."""
        now, expired = self.clock(), []
        for room in self.rooms.values():
            deadline = room.rematch_deadline
            if deadline is not None and not room.next and not room.rematch_off and now >= deadline:
                room.rematch_off = "timeout"
                expired.append(room)
        return expired

    @staticmethod
    def _enter(visitor: Visitor, room: Room, seat: int | None) -> None:
        visitor.room, visitor.seat = room, seat
        room.visitors.add(visitor)
