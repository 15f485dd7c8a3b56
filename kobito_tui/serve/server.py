"""`kobito serve`: the hub, its SSH door and (with ``--web-port``) its web door in one process,
until Ctrl+C or SIGTERM; and `kobito serve export TABLE FILE`, `check` and `backup FILE`,
which only read the store (through SQLite's own locking, or PostgreSQL's), `invite NAME`,
which adds a link to it, and `ratings [--rebuild]` and `stats [--json]`, which fold the finished
tables into the history as the server does, so they work while a server runs."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sqlite3
import sys
import time
from pathlib import Path
from typing import Any

import platformdirs

from kobito_tui.core.safetext import name_fault, printable
from kobito_tui.core.savefile import save
from kobito_tui.i18n.messages import english
from kobito_tui.serve.door import Door, DoorSettings
from kobito_tui.serve.history import COMPUTER, canonical_json
from kobito_tui.serve.hub import STORE_NAME, Hub
from kobito_tui.serve.invites import Invites
from kobito_tui.serve.limits import Caps, Startups
from kobito_tui.serve.lock import DataDirInUse
from kobito_tui.serve.store import OPEN, OVER, PLAYING, SET_ASIDE, UNFINISHED, StoreError, StoreReader, StoreUnusable
from kobito_tui.serve.store_api import Store, StoreReading
from kobito_tui.serve.store_open import database_url, open_reader, open_store
from kobito_tui.serve.table_limits import Limits

WEB_URL_NAME = "web-url"  # where the web door was last reached: the address `invite` prints links for


def data_dir(override: str | None) -> Path:
    return Path(override).expanduser() if override else Path(platformdirs.user_data_dir("kobito-tui", appauthor=False)) / "server"


async def _serve(args: argparse.Namespace) -> None:
    caps = Caps(
        Startups.parse(args.max_startups),
        args.startups_per_address,
        args.per_address,
        args.max_sessions,
        args.max_auth_tries,
        args.login_timeout,
        args.max_programs,
        args.session_memory,
    )
    folder = data_dir(args.data_dir)
    limits = Limits(args.open_tables, args.open_tables_per_address, args.computer_tables, args.computer_tables_per_address)
    database = database_url(args.database)
    hub = Hub(  # the dir's lock, then the store
        folder,
        bot_delay=args.bot_delay,
        away_before_give_s=args.away_before_give,
        hour_s=args.pace_hour,
        thinkers=args.thinkers,
        limits=limits,
        database=database,
    )
    keys = Path(args.authorized_keys) if args.authorized_keys else None
    settings = DoorSettings(args.host, args.ssh_port, args.guests, keys, idle_timeout_s=args.idle_timeout, caps=caps)
    door = Door(folder, hub.socket_path, settings)  # a bad key file stops us before anything listens
    if not args.open_socket:
        hub.vouch = door.template.started  # both doors' programs come from its template
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    web = None
    if args.web_port is not None:
        # Imported only for a web door: aiohttp is a third of the server's start-up (0.22 of 0.62 CPU s).
        from kobito_tui.serve.webdoor import WebDoor, WebSettings
        from kobito_tui.serve.webguard import GuardSettings

        tls_cert, tls_key = (Path(args.tls_cert), Path(args.tls_key or args.tls_cert)) if args.tls_cert else (None, None)
        guard = GuardSettings(
            args.web_connections,
            args.web_connections_per_address,
            args.web_header_timeout,
            args.web_request_timeout,
            tuple(args.trusted_proxy),
        )
        web_settings = WebSettings(
            args.web_host,
            args.web_port,
            tuple(args.web_origin),
            args.web_sessions,
            args.idle_timeout,
            args.web_title,
            tls_cert,
            tls_key,
            guard,
        )
        web = WebDoor(hub.socket_path, web_settings, door.gate.ledger, door.template, Invites(hub.data_dir / STORE_NAME, database=database))
        web.guest_name, hub.on_place = hub.guest_name, web.moved  # one process: a guest's name, a tab's title
        web.waiting, hub.on_turn = hub.lobby.waiting_for, web.turned  # and the tables waiting for a move of theirs
    await hub.start()
    try:
        await door.start(args.ssh_legacy_algorithms)
        guests = "guests welcome" if settings.guests_allowed else "no guests"
        tables = f", tables in the {hub.store.where}" if database else ""
        memory = f"at most {caps.programs} sessions × {caps.program_memory_mb} MB = {caps.memory_mb} MB"
        print(f"kobito serve: ssh -p {door.port} {args.host}  ({guests}; {memory}; data in {folder}{tables})", flush=True)
        print(f"host key fingerprint: {door.fingerprint}", flush=True)
        if web is not None:
            await web.start()
            public = args.web_origin[0].rstrip("/") + "/" if args.web_origin else web.url
            (folder / WEB_URL_NAME).write_text(public + "\n", encoding="utf-8")
            hub.web = (public, web.invites)
            print(f"kobito serve: web {web.url}  (guests welcome; `kobito serve invite NAME` for a link)", flush=True)
        else:
            (folder / WEB_URL_NAME).unlink(missing_ok=True)  # no links for a door that is not there
        await stop.wait()
    finally:
        await hub.close()  # each program hears "the server is stopping", says so to its player and ends
        if web is not None:
            await web.close()  # before the SSH door, whose session template it shares
            web.invites.close()
        await door.close()
        print("kobito serve: stopped", flush=True)


def _reader(args: argparse.Namespace) -> StoreReading:
    """The store of ``--database`` or ``--data-dir`` for reading; raises StoreUnusable (one line) if there is none or it is unusable."""
    path = data_dir(args.data_dir) / STORE_NAME
    reader = open_reader(path, database_url(args.database))
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
    counts = {status: sum(t.status == status for t in tables) for status in (OPEN, PLAYING, OVER, UNFINISHED)}
    aside = [t for t in tables if t.problem is not None]
    earlier = sum(t.status == SET_ASIDE and t.problem is None for t in tables)
    print(
        f"{printable(reader.where)}: sound; {len(tables)} tables ({counts[OPEN]} open, {counts[PLAYING]} playing, "
        f"{counts[OVER]} over, {counts[UNFINISHED]} unfinished, {earlier} set aside earlier); {len(aside)} would be set aside"
    )
    for stored in aside:
        print(f"  table {printable(stored.table_id, 40)}: {printable(stored.problem, 200)}")
    return 1 if aside else 0


def backup(args: argparse.Namespace) -> int:
    """A consistent copy of the store (SQLite's online backup) into the new file ``args.file``."""
    target = Path(args.file)
    if database_url(args.database):
        print("kobito serve: the tables are in a PostgreSQL database: back it up with pg_dump (see docs/deploy.md)", file=sys.stderr)
        return 1
    if target.exists():
        print(f"kobito serve: {printable(target)} exists; name a new file", file=sys.stderr)
        return 1
    reader = _reader(args)
    assert isinstance(reader, StoreReader)  # SQLite: a PostgreSQL database was sent to pg_dump above
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


def _projection(args: argparse.Namespace) -> Store:
    """The store of ``--database`` or ``--data-dir``, its history caught up with the tables finished
    (as the server does when one finishes; a server running meanwhile takes turns with it)."""
    path = data_dir(args.data_dir) / STORE_NAME
    database = database_url(args.database)
    if database is None and not path.exists():
        raise StoreUnusable(f"no tables in {printable(path.parent)}")
    store = open_store(path, database)
    try:
        store.catch_up()
    except BaseException:
        store.close()
        raise
    return store


def ratings(args: argparse.Namespace) -> int:
    """Each game's ratings, best first; with ``--rebuild``, first the history and ratings folded again
    from every finished table, and whether that changed a byte of them."""
    store = _projection(args)
    try:
        if args.rebuild:
            before = canonical_json(store.stats())
            began = time.perf_counter()
            count = store.rebuild()
            took = time.perf_counter() - began
            stats = store.stats()
            same = "the same as they were, byte for byte" if canonical_json(stats) == before else "not as they were: the new ones are kept"
            print(
                f"kobito serve: rebuilt the history and ratings from {count} finished tables in {took:.1f} s: "
                f"{len(stats['ratings'])} ratings, {len(stats['history'])} history rows; {same}"
            )
        else:
            stats = store.stats()
    finally:
        store.close()
    print(leaderboard(stats))
    return 0


def leaderboard(stats: dict[str, Any]) -> str:
    """Each game's ratings as lines, best first (a provisional one marked "?")."""
    names = {row["identity"]: row["name"] for row in stats["history"]}  # the name each last played under
    lines: list[str] = []
    for game in sorted({r["game"] for r in stats["ratings"]}):
        rated = sorted((r for r in stats["ratings"] if r["game"] == game), key=lambda r: (-r["mu"], r["identity"]))
        lines.append(f"{game}: {len(rated)} rated players")
        for place, r in enumerate(rated, 1):
            name = printable(names.get(r["identity"]) or r["identity"], 24)
            lines.append(f"  {place:>3}  {name:<24} {r['shown']:>6}  {r['games']} games")
    return "\n".join(lines) if lines else "no rated games yet"


def stats(args: argparse.Namespace) -> int:
    """The history and the ratings: with ``--json`` all of it, as one JSON document, else a count."""
    store = _projection(args)
    try:
        found = store.stats()
    finally:
        store.close()
    if args.json:
        sys.stdout.write(canonical_json(found) + "\n")
    else:
        people = {row["identity"] for row in found["history"] if not row["identity"].startswith(COMPUTER)}
        tables = {row["table"] for row in found["history"]}
        print(f"kobito serve: {len(tables)} finished tables, {len(people)} players, {len(found['ratings'])} ratings (--json: all of it)")
    return 0


def invite(args: argparse.Namespace) -> int:
    """A one-time link for ``args.name`` (the identity that goes by that name, else a new one), printed."""
    fault = name_fault(args.name)
    if fault is not None:
        print(f"kobito serve: {printable(english(fault), 200)}", file=sys.stderr)
        return 1
    folder = data_dir(args.data_dir)
    url = args.url
    if url is None:
        try:
            url = (folder / WEB_URL_NAME).read_text(encoding="utf-8").strip()
        except OSError:
            print("kobito serve: no web door has run with this data folder: say where it is with --url", file=sys.stderr)
            return 1
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    database = database_url(args.database)
    open_store(folder / STORE_NAME, database).close()  # the store, made or brought up to date (its invites table)
    invites = Invites(folder / STORE_NAME, database=database)
    try:
        token, invited = invites.invite(args.name)
    finally:
        invites.close()
    print(f"{url.rstrip('/')}/invite/{token}")
    print(f"kobito serve: a link for {printable(invited.name, 40)}: it works once, within 7 days", file=sys.stderr)
    return 0


def main(args: argparse.Namespace) -> int:
    try:
        if args.serve_command is not None:
            return {"export": export, "check": check, "backup": backup, "invite": invite, "ratings": ratings, "stats": stats}[
                args.serve_command
            ](args)
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
        logging.getLogger("asyncssh").setLevel(logging.WARNING)
        logging.getLogger("aiohttp").setLevel(logging.WARNING)
        asyncio.run(_serve(args))
    except (
        OSError,
        ValueError,
        sqlite3.Error,
        DataDirInUse,
        StoreUnusable,
        StoreError,
    ) as error:  # a port taken, a bad key file, a held or bad store
        print(f"kobito serve: {printable(error, 300)}", file=sys.stderr)
        return 1
    return 0
