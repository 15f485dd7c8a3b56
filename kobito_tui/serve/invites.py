"""One-time invite links to the web door, kept hashed in the store's ``invites`` table.

``kobito serve invite NAME`` makes one: a random token whose SHA-256 is kept
with the identity it signs in as (the one that goes by NAME, else a new
``web:`` identity that NAME will be bound to) and when it expires.  Used once,
the link becomes a session: the row gets the session cookie's hash and the
session's expiry, so the link never works again and the cookie outlives a
server restart.  Only hashes are stored: a copy of the store signs nobody in.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from kobito_tui.serve.lobby import WEB, claim

if TYPE_CHECKING:
    from kobito_tui.serve.store_pg import PlainConnection

INVITE_TTL_S = 7 * 24 * 3600.0  # how long a link waits to be used
SESSION_TTL_S = 90 * 24 * 3600.0  # how long a browser stays signed in by the link it used
TOKEN = re.compile(r"[A-Za-z0-9_-]{43}")  # secrets.token_urlsafe(32)


def new_token() -> str:
    return secrets.token_urlsafe(32)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def well_formed(token: str) -> bool:
    """Whether ``token`` (from a URL or a cookie: untrusted) is shaped like one of ours."""
    return TOKEN.fullmatch(token) is not None


@dataclass(frozen=True)
class Invited:
    """Who a link or a session signs in as."""

    identity: str
    name: str


class Invites:
    """The store's invites, through a connection of its own (the server's, or a command's while it runs)."""

    def __init__(self, store_path: Path, clock: Callable[[], float] = time.time, database: str | None = None) -> None:
        if database:  # the store is a PostgreSQL database (kobito serve --database)
            from kobito_tui.serve.store_pg import PlainConnection

            self._db: sqlite3.Connection | PlainConnection = PlainConnection(database)
        else:
            self._db = sqlite3.connect(store_path, timeout=5.0, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        self.clock = clock

    def close(self) -> None:
        self._db.close()

    def invite(self, name: str, ttl_s: float = INVITE_TTL_S, identity: str | None = None) -> tuple[str, Invited]:
        """A new link's token for ``identity`` going by ``name``; without one, for the identity that goes
        by ``name``, else a new one."""
        with self._lock:
            row = None if identity else self._db.execute("SELECT identity, name FROM identities WHERE claim = ?", (claim(name),)).fetchone()
            invited = Invited(*row) if row else Invited(identity or WEB + secrets.token_hex(16), name)
            token, now = new_token(), self.clock()
            self._db.execute("DELETE FROM invites WHERE expires < ?", (now,))
            self._db.execute(
                "INSERT INTO invites (token_hash, identity, name, expires) VALUES (?, ?, ?, ?)",
                (digest(token), invited.identity, invited.name, now + ttl_s),
            )
        return token, invited

    def peek(self, token: str) -> Invited | None:
        """Who the unused, unexpired link ``token`` signs in as (it stays unused)."""
        if not well_formed(token):
            return None
        with self._lock:
            row = self._db.execute(
                "SELECT identity, name FROM invites WHERE token_hash = ? AND session_hash IS NULL AND expires > ?",
                (digest(token), self.clock()),
            ).fetchone()
        return Invited(*row) if row else None

    def redeem(self, token: str, session: str) -> Invited | None:
        """Spend the link ``token``: from now on the session ``session`` signs in as it; None if it
        was used, has expired or never was (once only, even with two tries at the same moment)."""
        if not well_formed(token):
            return None
        with self._lock:
            now = self.clock()
            spent = self._db.execute(
                "UPDATE invites SET session_hash = ?, expires = ? WHERE token_hash = ? AND session_hash IS NULL AND expires > ?",
                (digest(session), now + SESSION_TTL_S, digest(token), now),
            )
            if spent.rowcount != 1:
                return None
        return self.session(session)

    def session(self, session: str) -> Invited | None:
        """Who the session cookie ``session`` signs in as, while it lasts."""
        if not well_formed(session):
            return None
        with self._lock:
            row = self._db.execute(
                "SELECT identity, name FROM invites WHERE session_hash = ? AND expires > ?", (digest(session), self.clock())
            ).fetchone()
        return Invited(*row) if row else None
