"""Which store a server uses: ``--database URL`` (or ``KOBITO_DATABASE``) names a shared
PostgreSQL database; without one, the SQLite file in the data dir."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from kobito_tui.serve.store import SqliteStore, StoreReader
from kobito_tui.serve.store_api import Store, StoreReading, StoreUnusable

if TYPE_CHECKING:
    from kobito_tui.serve.store_pg import PostgresStore

DATABASE_ENV = "KOBITO_DATABASE"


def database_url(flag: str | None) -> str | None:
    """The database ``--database`` or the environment names (None: SQLite)."""
    return flag or os.environ.get(DATABASE_ENV) or None


def _postgres(url: str, migrate: bool) -> PostgresStore:
    try:  # psycopg is imported only by a server that uses PostgreSQL
        from kobito_tui.serve.store_pg import PostgresStore
    except ImportError:
        raise StoreUnusable("a PostgreSQL database needs psycopg: pip install 'psycopg[binary]'") from None
    return PostgresStore(url, migrate=migrate)


def open_store(path: Path, database: str | None) -> Store:
    """The store to serve from: the database at ``database``, else SQLite at ``path``;
    raises :class:`StoreUnusable` (one line) if it cannot be used."""
    return _postgres(database, migrate=True) if database else SqliteStore(path)


def open_reader(path: Path, database: str | None) -> StoreReading | None:
    """The store to read (check, export) without changing it; None: there is no SQLite file."""
    return _postgres(database, migrate=False) if database else StoreReader.open(path)
