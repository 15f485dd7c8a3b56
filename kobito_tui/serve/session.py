"""The program each SSH session runs on its own pseudo-terminal, for now a plain line screen.

``python -P -m kobito_tui.serve.session --socket PATH --identity ID --name NAME``:
a lobby (list, create, join, watch) and a table played by numbered moves,
through :class:`~kobito_tui.serve.client.RemoteTable`.  The Textual app's
remote mode replaces this screen once the app is a client of the table.
Everything a remote person typed (names, log lines naming them) is shown
through :func:`~kobito_tui.core.safetext.printable`.  Log lines, results and
refusals are in the client's language (its ``KOBITO_LANG`` or locale).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading

from kobito_tui.core.safetext import printable
from kobito_tui.i18n import resolve_language, translator
from kobito_tui.i18n.messages import say as words
from kobito_tui.serve import protocol as p
from kobito_tui.serve.client import Connection, HubClosed, RemoteTable
from kobito_tui.table import Refusal, Update

HELP = "new GAME SEAT... (each seat: open or random/greedy/strong) | join TABLE [SEAT or CODE] | watch TABLE | tables | terminal | quit"
_out = threading.Lock()


def say(*lines: str) -> None:
    with _out:
        sys.stdout.write("".join(line + "\r\n" for line in lines))
        sys.stdout.flush()


def table_line(info: p.TableInfo) -> str:
    seats = ", ".join(
        "(open)" if s.kind == "open" else f"{printable(s.name, 24)}{'' if s.connected else ' (away)'}" for s in info.seats
    )
    return f"  {info.table}  {info.game:<9} {info.status:<8} {seats}  watching: {info.spectators}"


class Screen:
    """The lobby and one table at a time."""

    def __init__(self, connection: Connection, name: str):
        self.connection, self.name = connection, name
        self.remote: RemoteTable | None = None
        self.t = translator(resolve_language(None, os.environ))

    def lobby(self) -> None:
        tables = [t for t in self.connection.tables.values() if t.status != "over"]
        say("Tables:", *([table_line(t) for t in tables] or ["  (none yet)"]), HELP)

    def show(self, update: Update) -> None:
        names = [seat.name for seat in update.header.seats]
        lines = [f"  {words(self.t, entry, names)}" for entry in update.log]
        if update.over and update.result is not None and update.result.summary is not None:
            lines.append(f"Game over: {words(self.t, update.result.summary, names)}")
        elif update.legal:
            lines.append(f"Your move (revision {update.revision}):")
            lines += [f"  {n}. {json.dumps({k: v for k, v in m.items() if k != 'seat'})}" for n, m in enumerate(update.legal, 1)]
            lines.append("Type a number, u to undo, r to redo, l to leave.")
        elif update.to_act is not None:
            lines.append(f"Waiting for {printable(update.header.name(update.to_act), 24)}.")
        say(*lines)

    def sit(self, remote: RemoteTable | Refusal) -> None:
        if isinstance(remote, Refusal):
            say(f"Refused: {words(self.t, remote)}")
            return
        self.remote = remote
        where = "watching" if remote.seat is None else f"seat {remote.seat + 1}"
        say(f"At table {remote.table_id}, {where}." + (f" Your seat code: {remote.code}" if remote.code else ""))
        remote.subscribe(remote.perspective, self.show)

    def command(self, line: str) -> bool:
        words = line.split()
        if not words:
            return True
        verb, args = words[0].lower(), words[1:]
        if self.remote is not None and self.remote.seat is not None and verb not in ("l", "leave", "quit", "q"):
            return self.play(verb)
        if verb in ("quit", "q"):
            return False
        if verb in ("l", "leave"):
            self.connection.request(p.Leave)
            self.remote = None
            self.lobby()
        elif verb == "new" and len(args) >= 2:
            created = self.connection.create(args[0], args[1:])
            say(f"Refused: {words(self.t, created)}" if isinstance(created, Refusal) else f"Table {created} created.")
        elif verb == "join" and args:
            seat = int(args[1]) - 1 if len(args) > 1 and args[1].isdigit() else None
            code = args[1] if len(args) > 1 and seat is None else None
            self.sit(self.connection.join(args[0], seat, code))
        elif verb == "watch" and args:
            self.sit(self.connection.spectate(args[0]))
        elif verb == "tables":
            self.lobby()
        elif verb == "terminal":
            size = os.get_terminal_size(sys.stdout.fileno())
            say(f"TERM={os.environ.get('TERM', '')} LANG={os.environ.get('LANG', '')} size={size.columns}x{size.lines}")
        else:
            say(HELP)
        return True

    def play(self, verb: str) -> bool:
        remote = self.remote
        assert remote is not None and remote.seat is not None
        update = remote.last
        if update is None:
            return True
        if verb in ("u", "undo"):
            refusal = remote.undo(remote.seat)
        elif verb in ("r", "redo"):
            refusal = remote.redo(remote.seat)
        elif verb.isdigit() and 1 <= int(verb) <= len(update.legal):
            refusal = remote.submit(remote.seat, update.legal[int(verb) - 1], update.revision)
        else:
            refusal = Refusal("what")
        if refusal is not None:
            say(f"Refused: {words(self.t, refusal)}")
        return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="kobito remote")
    parser.add_argument("--socket", required=True)
    parser.add_argument("--identity", required=True)
    parser.add_argument("--name", required=True)
    args = parser.parse_args(argv)
    try:
        connection = Connection(args.socket, args.identity, args.name)
    except (OSError, HubClosed) as error:
        say(f"kobito: the table server is not answering ({printable(error, 200)}).")
        return 1
    who = "your key" if args.identity.startswith("key:") else "a guest"
    say(f"Welcome to kobito, {printable(args.name, 24)} (signed in with {who}).")
    screen = Screen(connection, args.name)
    screen.lobby()
    try:
        for line in sys.stdin:
            if not screen.command(line.strip()):
                break
    except KeyboardInterrupt:
        pass
    except (HubClosed, TimeoutError, OSError) as error:
        say(f"kobito: the server is not answering ({printable(error, 200)}).")
        return 1
    finally:
        connection.close()
    say("Bye.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
