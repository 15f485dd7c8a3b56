"""`kobito serve`: the hub and its SSH door in one process, until Ctrl+C or SIGTERM;
and `kobito serve export TABLE FILE`, `check` and `backup FILE`, which only read the
store (through SQLite's own locking), so they work while a server runs."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sqlite3
import sys
from pathlib import Path

import platformdirs

from kobito_tui.core.safetext import printable
from kobito_tui.core.savefile import save
from kobito_tui.serve.door import Door, DoorSettings
from kobito_tui.serve.hub import STORE_NAME, Hub
from kobito_tui.serve.limits import Caps, Startups
from kobito_tui.serve.lock import DataDirInUse
from kobito_tui.serve.store import OPEN, OVER, PLAYING, SET_ASIDE, StoreReader, StoreUnusable
from kobito_tui.serve.table_limits import Limits


def data_dir(override: str | None) -> Path:
    return Path(override).expanduser() if override else Path(platformdirs.user_data_dir("kobito-tui", appauthor=False)) / "server"


async def _serve(args: argparse.Namespace) -> None:
    caps = Caps(Startups.parse(args.max_startups), args.startups_per_address, args.per_address, args.max_sessions, args.max_auth_tries, args.login_timeout)
    folder = data_dir(args.data_dir)
    limits = Limits(args.open_tables, args.open_tables_per_address, args.computer_tables, args.computer_tables_per_address)
    hub = Hub(  # the dir's lock, then the store
        folder, bot_delay=args.bot_delay, away_before_give_s=args.away_before_give, thinkers=args.thinkers, limits=limits
    )
    keys = Path(args.authorized_keys) if args.authorized_keys else None
    settings = DoorSettings(args.host, args.ssh_port, args.guests, keys, idle_timeout_s=args.idle_timeout, caps=caps)
    door = Door(folder, hub.socket_path, settings)  # a bad key file stops us before anything listens
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await hub.start()
    try:
        await door.start()
        guests = "guests welcome" if settings.guests_allowed else "no guests"
        print(f"kobito serve: ssh -p {door.port} {args.host}  ({guests}; data in {folder})", flush=True)
        print(f"host key fingerprint: {door.fingerprint}", flush=True)
        await stop.wait()
    finally:
        await hub.close()  # each program hears "the server is stopping", says so to its player and ends
        await door.close()
        print("kobito serve: stopped", flush=True)


def _reader(args: argparse.Namespace) -> StoreReader:
    """The store of ``--data-dir`` for reading; raises StoreUnusable (one line) if there is none or it is unusable."""
    path = data_dir(args.data_dir) / STORE_NAME
    reader = StoreReader.open(path)
    if reader is None:
        raise StoreUnusable(f"no tables in {printable(path.parent)}")
    return reader


def export(args: argparse.Namespace) -> int:
    reader = _reader(args)
    try:
        stored = reader.load(args.table)
    except KeyError:
        print(f"kobito: there is no table {printable(args.table, 40)}", file=sys.stderr)
        return 1
    finally:
        reader.close()
    if stored.record is None:
        print(
            f"kobito: table {printable(args.table, 40)} has no game to export ({stored.problem or stored.status})",
            file=sys.stderr,
        )
        return 1
    try:
        save(args.file, stored.record)
    except OSError as error:
        print(f"kobito: cannot write {printable(args.file)} ({printable(error, 200)})", file=sys.stderr)
        return 1
    return 0


def check(args: argparse.Namespace) -> int:
    """SQLite's full integrity check, then every table read as a start would: 1 if anything is wrong."""
    reader = _reader(args)
    try:
        reader.verify()
        tables = reader.tables()
    finally:
        reader.close()
    counts = {status: sum(t.status == status for t in tables) for status in (OPEN, PLAYING, OVER)}
    aside = [t for t in tables if t.problem is not None]
    earlier = sum(t.status == SET_ASIDE and t.problem is None for t in tables)
    print(
        f"{printable(reader.path)}: sound; {len(tables)} tables ({counts[OPEN]} open, {counts[PLAYING]} playing, "
        f"{counts[OVER]} over, {earlier} set aside earlier); {len(aside)} would be set aside"
    )
    for stored in aside:
        print(f"  table {printable(stored.table_id, 40)}: {printable(stored.problem, 200)}")
    return 1 if aside else 0


def backup(args: argparse.Namespace) -> int:
    """A consistent copy of the store (SQLite's online backup) into the new file ``args.file``."""
    target = Path(args.file)
    if target.exists():
        print(f"kobito serve: {printable(target)} exists; name a new file", file=sys.stderr)
        return 1
    reader = _reader(args)
    partial = target.with_name(target.name + ".partial")
    try:
        reader.backup(partial)
        copy = StoreReader.open(partial)  # the copy is checked as a server would check it
        assert copy is not None
        count = len(copy.tables())
        copy.close()
        os.replace(partial, target)
    except (OSError, sqlite3.Error) as error:
        print(f"kobito serve: cannot write {printable(target)} ({printable(error, 100)})", file=sys.stderr)
        return 1
    finally:
        reader.close()
        partial.unlink(missing_ok=True)
    print(f"kobito serve: {count} tables backed up to {printable(target)}")
    return 0


def main(args: argparse.Namespace) -> int:
    try:
        if args.serve_command is not None:
            return {"export": export, "check": check, "backup": backup}[args.serve_command](args)
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
        logging.getLogger("asyncssh").setLevel(logging.WARNING)
        asyncio.run(_serve(args))
    except (OSError, ValueError, DataDirInUse, StoreUnusable) as error:  # a port taken, a bad key file, a held or bad store
        print(f"kobito serve: {printable(error, 300)}", file=sys.stderr)
        return 1
    return 0
