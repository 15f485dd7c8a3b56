"""`kobito serve`: the hub and its SSH door in one process, until Ctrl+C or SIGTERM;
and `kobito serve export TABLE FILE`."""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from pathlib import Path

import platformdirs

from kobito_tui.core.safetext import printable
from kobito_tui.core.savefile import save
from kobito_tui.serve.door import Door, DoorSettings
from kobito_tui.serve.hub import STORE_NAME, Hub
from kobito_tui.serve.limits import Caps, Startups
from kobito_tui.serve.table_limits import Limits
from kobito_tui.serve.store import SqliteStore


def data_dir(override: str | None) -> Path:
    return Path(override).expanduser() if override else Path(platformdirs.user_data_dir("kobito-tui", appauthor=False)) / "server"


async def _serve(args: argparse.Namespace) -> None:
    caps = Caps(Startups.parse(args.max_startups), args.startups_per_address, args.per_address, args.max_sessions, args.max_auth_tries, args.login_timeout)
    folder = data_dir(args.data_dir)
    limits = Limits(args.open_tables, args.open_tables_per_address, args.computer_tables, args.computer_tables_per_address)
    hub = Hub(folder, bot_delay=args.bot_delay, away_before_give_s=args.away_before_give, thinkers=args.thinkers, limits=limits)
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


def export(args: argparse.Namespace) -> int:
    path = data_dir(args.data_dir) / STORE_NAME
    if not path.is_file():
        print(f"kobito: no tables in {printable(path.parent)}", file=sys.stderr)
        return 1
    store = SqliteStore(path)
    try:
        stored = store.load(args.table)
    except KeyError:
        print(f"kobito: there is no table {printable(args.table, 40)}", file=sys.stderr)
        return 1
    finally:
        store.close()
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


def main(args: argparse.Namespace) -> int:
    if args.serve_command == "export":
        return export(args)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    try:
        asyncio.run(_serve(args))
    except (OSError, ValueError) as error:  # a port taken, an unreadable or bad key file
        print(f"kobito serve: {printable(error, 200)}", file=sys.stderr)
        return 1
    return 0
