"""The door's caps on who may come in and how much, as OpenSSH has them.

Unauthenticated connections in total, with random early drop (``MaxStartups
10:30:100``) and per address; sessions per connection (``MaxSessions``);
what one address holds at once, each connection counted as its sessions (at
least one); auth failures per connection (``MaxAuthTries``); the time to sign
in (``LoginGraceTime``).  Pure bookkeeping, no sockets: the door asks, this
answers with the reason to refuse (English: no language is known yet), or None.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Startups:
    """``start:rate:full``: from ``start`` connections signing in, drop a new one with
    probability ``rate`` %, rising linearly to 100 % at ``full``."""

    start: int = 10
    rate: int = 30
    full: int = 100

    @classmethod
    def parse(cls, text: str) -> Startups:
        """``10:30:100``, or one number: no dropping below it, every one at it."""
        try:
            parts = [int(part) for part in text.split(":")]
        except ValueError:
            raise ValueError(f"expected START:RATE:FULL, got {text!r}") from None
        if len(parts) == 1:
            parts = [parts[0], 100, parts[0]]
        if len(parts) != 3 or not (1 <= parts[0] <= parts[2] and 0 <= parts[1] <= 100):
            raise ValueError(f"expected START:RATE:FULL with 1 <= START <= FULL and RATE in 0..100, got {text!r}")
        return cls(*parts)

    def drops(self, signing_in: int, roll: float) -> bool:
        """Whether a new connection is dropped while ``signing_in`` others are (``roll`` uniform in [0, 1))."""
        if signing_in >= self.full:
            return True
        if signing_in < self.start:
            return False
        chance = self.rate + (100 - self.rate) * (signing_in - self.start) / (self.full - self.start)
        return roll * 100 < chance

    def __str__(self) -> str:
        return f"{self.start}:{self.rate}:{self.full}"


@dataclass(frozen=True)
class Caps:
    startups: Startups = field(default_factory=Startups)
    startups_per_address: int = 4  # connections signing in at once from one address
    per_address: int = 8  # sessions at once from one address (a connection without one counts as one)
    sessions: int = 2  # sessions on one SSH connection
    auth_tries: int = 6  # refused keys on one connection before it is closed
    login_timeout_s: float = 30.0  # from the connection to signed in
    programs: int = 64  # session programs at once through both doors, from everyone (connections signing in count)
    program_memory_mb: int = 200  # each program's data ceiling (RLIMIT_DATA): one at rest has about 55 MB

    @property
    def memory_mb(self) -> int:
        """The most that players' programs can take of the host's memory together."""
        return self.programs * self.program_memory_mb


TOO_MANY_TRIES = "Too many authentication failures"  # OpenSSH's words, known to every SSH user
FULL = "the server is full; try again later"


class Ledger:
    """Every connection in: how many sign in (in total, per address) and what each address holds."""

    def __init__(self, caps: Caps, roll: Callable[[], float] = random.random):
        self.caps, self.roll = caps, roll
        self.signing_in: Counter[str] = Counter()
        self.held: Counter[str] = Counter()  # per address: its connections, each counted as max(1, its sessions)

    @property
    def signing_in_total(self) -> int:
        return sum(self.signing_in.values())

    @property
    def held_total(self) -> int:
        return sum(self.held.values())

    def arrive(self, address: str) -> Visit | str:
        """A new connection from ``address``: its visit, or why it is refused."""
        caps = self.caps
        if caps.startups.drops(self.signing_in_total, self.roll()):
            return "the server is busy with other connections signing in; try again in a moment"
        if self.signing_in[address] >= caps.startups_per_address:
            return "too many connections from your address are signing in; try again in a moment"
        if self.held[address] >= caps.per_address:
            return f"too many sessions from your address at once (at most {caps.per_address})"
        if self.held_total >= caps.programs:
            return FULL
        self.signing_in[address] += 1
        self.held[address] += 1
        return Visit(self, address)


class Visit:
    """One connection's share of the ledger, from its arrival until it is gone."""

    def __init__(self, ledger: Ledger, address: str):
        self.ledger, self.address = ledger, address
        self.signing_in, self.gone = True, False
        self.sessions = 0
        self.failures = 0

    def signed_in(self) -> None:
        if self.signing_in:
            self.signing_in = False
            self.ledger.signing_in[self.address] -= 1

    def refused_key(self) -> bool:
        """One more key refused: whether that is the last this connection may try."""
        self.failures += 1
        return self.failures >= self.ledger.caps.auth_tries

    def open_session(self) -> str | None:
        """A new session on this connection, or why not."""
        caps, held = self.ledger.caps, self.ledger.held
        if self.sessions >= caps.sessions:
            return f"too many sessions on one connection (at most {caps.sessions})"
        if self.sessions >= 1 and held[self.address] >= caps.per_address:
            return f"too many sessions from your address at once (at most {caps.per_address})"
        if self.sessions >= 1 and self.ledger.held_total >= caps.programs:
            return FULL
        if self.sessions >= 1:
            held[self.address] += 1
        self.sessions += 1
        return None

    def close_session(self) -> None:
        if self.gone or self.sessions == 0:
            return
        self.sessions -= 1
        if self.sessions >= 1:
            self.ledger.held[self.address] -= 1

    def leave(self) -> None:
        if self.gone:
            return
        self.signed_in()
        self.gone = True
        ledger = self.ledger
        ledger.held[self.address] -= max(1, self.sessions)
        for counter in (ledger.held, ledger.signing_in):
            if counter[self.address] <= 0:
                del counter[self.address]
