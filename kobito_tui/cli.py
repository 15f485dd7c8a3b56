"""The `kobito` command: the app, plus check / bench / selfplay without the TUI.

Each command imports what it runs inside its branch of :func:`main`, not here:
measured (``kobito --help``, 9 runs alternated, medians), the lazy imports start in
0.57 s and importing every command's modules first in 5.1 s (9x), which each
``kobito check`` and each doors' session template would pay.
"""

from __future__ import annotations

import argparse
import difflib
import io
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from kobito_tui import __version__
from kobito_tui.games import game_ids
from kobito_tui.i18n import LANGUAGES, PSEUDO
from kobito_tui.quiet import quiet_dependencies


def _option(text: str) -> tuple[str, object]:
    """``name=value`` from the command line, with ints and booleans recognised."""
    name, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    lowered = value.lower()
    if lowered in ("true", "on", "yes"):
        return name, True
    if lowered in ("false", "off", "no"):
        return name, False
    return name, int(value) if value.lstrip("-").isdigit() else value


def _positive(kind: type[int] | type[float]) -> Callable[[str], int | float]:
    """An argparse type: a number above zero (a cap of 0 would let no one in)."""

    def parse(text: str) -> int | float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
        if not value > 0:
            raise argparse.ArgumentTypeError(f"expected a number above 0, got {text!r}")
        return value

    return parse


def _nearest(word: str, options: list[str]) -> list[str]:
    """The options closest to ``word`` (all of those equally close: ``--port`` is ``--ssh-port`` or ``--web-port``)."""
    score = {o: difflib.SequenceMatcher(None, word.lstrip("-"), o.lstrip("-")).ratio() for o in options}  # "--" alike in all
    best = max(score.values(), default=0.0)
    return sorted(o for o, r in score.items() if r == best) if best >= 0.5 else []


class HintingParser(argparse.ArgumentParser):
    """A parser (its subcommands' too) whose refusal of a mistyped option is one
    line naming the option and the nearest one it has: ``kobito serve --port 2400``
    otherwise read 2400 as a subcommand ("invalid choice: '2400'")."""

    def parse_known_args(self, args: Sequence[str] | None = None, namespace: Any = None) -> tuple[Any, list[str]]:
        self._given = list(sys.argv[1:] if args is None else args)
        return super().parse_known_args(args, namespace)

    def error(self, message: str) -> NoReturn:
        given: list[str] = getattr(self, "_given", [])
        parser = self._command_of(given)
        known = [option for option in parser._option_string_actions if option.startswith("--")]
        unknown = [word.partition("=")[0] for word in given if word.startswith("--") and word.partition("=")[0] not in known]
        if not unknown or unknown[0] == "--":
            super().error(message)
        near = _nearest(unknown[0], known)
        hint = f"did you mean {' or '.join(near)}?" if near else f"see {parser.prog} --help"
        self.exit(2, f"{parser.prog}: no option {unknown[0]}; {hint}\n")

    def _command_of(self, given: list[str]) -> argparse.ArgumentParser:
        """The (sub)command the words ``given`` name: whose options they should be."""
        parser: argparse.ArgumentParser = self
        for word in given:
            commands = [action for action in parser._actions if isinstance(action, argparse._SubParsersAction)]
            if commands and word in commands[0].choices:
                parser = commands[0].choices[word]
        return parser


def build_parser() -> argparse.ArgumentParser:
    parser = HintingParser(prog="kobito", description="Kobito and Hide the Treasure in your terminal.")
    parser.add_argument("--version", action="version", version=f"kobito-tui {__version__}")
    parser.add_argument("--saves-dir", help="folder for save files (default: your user data folder)")
    parser.add_argument(
        "--lang",
        choices=(*LANGUAGES, PSEUDO),
        metavar="{" + ",".join(LANGUAGES) + "}",
        help="the app's language (default: $KOBITO_LANG, your last choice, then your locale)",
    )
    commands = parser.add_subparsers(dest="command")

    _new_game_arguments(commands.add_parser("new", help="start a new game straight away"))

    tutorial = commands.add_parser("tutorial", help="a first game that has you make every kind of move")
    tutorial.add_argument("game", nargs="?", default="kobito", choices=game_ids())

    load = commands.add_parser("load", help="resume a saved game")
    load.add_argument("file")
    replay = commands.add_parser("replay", help="watch a saved game")
    replay.add_argument("file")

    plain = commands.add_parser(
        "plain", help="play in plain lines of text, for a screen reader or a braille display (docs/plain.md)"
    ).add_subparsers(dest="plain_command", required=True)
    _new_game_arguments(plain_new := plain.add_parser("new", help="start a new game"))
    (plain_load := plain.add_parser("load", help="go on with a saved game")).add_argument("file")
    (plain_replay := plain.add_parser("replay", help="step through a saved game")).add_argument("file")
    for where in (plain_new, plain_load, plain_replay):  # the language after the command too: "kobito plain new kobito --lang uk"
        where.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help="the language of the lines")

    check = commands.add_parser("check", help="validate save files (exit 1 if any is bad)")
    check.add_argument("files", nargs="+")

    bench = commands.add_parser("bench", help="print performance figures")
    bench.add_argument("what", choices=["engine", "ui", "replay", "table", "serve", "web", "analyse", "history"])
    bench.add_argument("--game", choices=game_ids(), default="kobito")
    bench.add_argument("--players", type=int, default=4)
    bench.add_argument("--games", type=int, default=200)
    bench.add_argument(
        "--terminal",
        action="store_true",
        help="ui: key -> screen in a real pseudo-terminal, beside a bare Textual app; "
        "serve: real SSH sessions (ssh -> lobby alone and 30 at once, key -> screen, memory)",
    )
    bench.add_argument(
        "--abuse", action="store_true", help="serve: probe tables quiet, then while one client holds ? and another runs tables of computers"
    )
    bench.add_argument("--database", metavar="URL", help="serve: also time servers sharing this PostgreSQL database, seats across them")
    bench.add_argument("--servers", type=int, default=2, help="serve with --database: how many servers (at least 2)")
    bench.add_argument(
        "--against", metavar="REV", help="engine: this engine beside commit REV's, alternating runs; ui --terminal: REV's app keyed alike"
    )
    bench.add_argument("--json", action="store_true")

    analyse = commands.add_parser("analyse", help="a finished game's winning chances and marked turns")
    analyse.add_argument("file", nargs="?")
    analyse.add_argument("--json", action="store_true")
    analyse.add_argument("--jobs", type=_positive(int), default=1, help="decisions judged in parallel processes")
    analyse.add_argument("--lang", dest="analyse_lang", choices=LANGUAGES, help="the language of the moves and tables")
    analyse.add_argument("--seed", type=int, default=0, help="the analysis's own luck (rollouts, layouts)")
    analyse.add_argument("--calibrate", action="store_true", help="print the calibration table from self-play")
    analyse.add_argument("--game", choices=game_ids(), default="kobito", help="--calibrate: the game")
    analyse.add_argument("--games", type=_positive(int), default=300, help="--calibrate: self-play games")
    grading = analyse.add_mutually_exclusive_group()
    grading.add_argument("--write", action="store_true", help="--calibrate: store the fitted map for the analysis to use")
    grading.add_argument(
        "--held-out", action="store_true", help="--calibrate: grade the shipped map on these games (use a --seed it was not fitted on)"
    )

    serve = commands.add_parser("serve", help="a table server: players come in over SSH")
    serve.add_argument("--data-dir", help="tables, host key and socket (default: your user data folder)")
    serve.add_argument(
        "--database",
        metavar="URL",
        help="keep the tables in this PostgreSQL database (postgresql://...), "
        "which several servers may share (default: $KOBITO_DATABASE, else SQLite in the data folder)",
    )
    serve.add_argument("--host", default="127.0.0.1", help="address for SSH (default 127.0.0.1)")
    serve.add_argument("--ssh-port", type=int, default=2222, help="0: any free port")
    serve.add_argument("--authorized-keys", metavar="FILE", help="only these keys may enter")
    serve.add_argument(
        "--ssh-legacy-algorithms", action="store_true", help="also offer older SSH algorithms (asyncssh's defaults), for an old client"
    )
    serve.add_argument(
        "--guests", action=argparse.BooleanOptionalAction, default=None, help="let clients without a key in (default: on 127.0.0.1 only)"
    )
    serve.add_argument(
        "--per-address",
        type=_positive(int),
        default=8,
        metavar="N",
        help="sessions at once from one address, a connection without one counting as one (default 8)",
    )
    serve.add_argument("--max-sessions", type=_positive(int), default=2, metavar="N", help="sessions on one SSH connection (default 2)")
    serve.add_argument(
        "--max-programs",
        type=_positive(int),
        default=64,
        metavar="N",
        help="session programs at once through both doors, from everyone (default 64)",
    )
    serve.add_argument(
        "--session-memory",
        type=_positive(int),
        default=200,
        metavar="MB",
        help="each session program's memory ceiling (default 200; one at rest takes about 55)",
    )
    serve.add_argument(
        "--max-startups",
        default="10:30:100",
        metavar="START:RATE:FULL",
        help="connections signing in at once: from START, drop new ones with RATE %% chance, all at FULL (default 10:30:100)",
    )
    serve.add_argument(
        "--startups-per-address",
        type=_positive(int),
        default=4,
        metavar="N",
        help="connections signing in at once from one address (default 4)",
    )
    serve.add_argument(
        "--max-auth-tries",
        type=_positive(int),
        default=6,
        metavar="N",
        help="keys refused on one connection before it is closed (default 6)",
    )
    serve.add_argument("--login-timeout", type=_positive(float), default=30.0, metavar="SECONDS", help="time to sign in (default 30)")
    serve.add_argument(
        "--idle-timeout",
        type=_positive(float),
        default=30 * 60.0,
        metavar="SECONDS",
        help="end a session with no keys and nothing new on its screen this long (default 30 min)",
    )
    serve.add_argument(
        "--web-port",
        type=int,
        metavar="PORT",
        help="also let players in with a web browser on this port (0: any free port; default: no web door)",
    )
    serve.add_argument("--web-host", default="127.0.0.1", help="address for the web door (default 127.0.0.1; see docs/web.md for TLS)")
    serve.add_argument(
        "--web-origin",
        action="append",
        default=[],
        metavar="URL",
        help="a public address the web door is reached at through a reverse proxy (https://kobito.example); may repeat",
    )
    serve.add_argument(
        "--web-sessions", type=_positive(int), default=64, metavar="N", help="web sessions at once, from everyone (default 64)"
    )
    serve.add_argument(
        "--web-title", default="kobito", metavar="TEXT", help="the web page's title: your table server's name (default kobito)"
    )
    serve.add_argument(
        "--web-connections",
        type=_positive(int),
        default=256,
        metavar="N",
        help="connections to the web door at once, from everyone (default 256)",
    )
    serve.add_argument(
        "--web-connections-per-address",
        type=_positive(int),
        default=16,
        metavar="N",
        help="... from one address (a --trusted-proxy counts in the total only; default 16)",
    )
    serve.add_argument(
        "--web-header-timeout",
        type=_positive(float),
        default=10.0,
        metavar="SECONDS",
        help="time for a web request's line and headers to come in (default 10)",
    )
    serve.add_argument(
        "--web-request-timeout",
        type=_positive(float),
        default=30.0,
        metavar="SECONDS",
        help="close a web connection whose request, answer or wait for the next request has not moved this long (default 30)",
    )
    serve.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a reverse proxy whose X-Forwarded-Proto: https the web door believes (a Secure cookie, HSTS); may repeat",
    )
    serve.add_argument("--tls-cert", metavar="FILE", help="serve the web door over HTTPS with this certificate chain (PEM)")
    serve.add_argument("--tls-key", metavar="FILE", help="... and this private key (PEM)")
    from kobito_tui.serve.table_limits import Limits

    limits = Limits()
    serve.add_argument(
        "--open-tables",
        type=int,
        default=limits.open_tables,
        metavar="N",
        help=f"tables one player may have waiting for players (default {limits.open_tables})",
    )
    serve.add_argument(
        "--open-tables-per-address",
        type=int,
        default=limits.open_tables_per_address,
        metavar="N",
        help=f"... and all players from one address together (default {limits.open_tables_per_address})",
    )
    serve.add_argument(
        "--computer-tables",
        type=int,
        default=limits.computer_tables,
        metavar="N",
        help=f"tables of computers only one player may have playing (default {limits.computer_tables})",
    )
    serve.add_argument(
        "--computer-tables-per-address",
        type=int,
        default=limits.computer_tables_per_address,
        metavar="N",
        help=f"... and all players from one address together (default {limits.computer_tables_per_address})",
    )
    serve.add_argument("--thinkers", type=int, metavar="N", help="processes that think for the computers and hints (default: one per core)")
    serve.add_argument("--bot-delay", type=float, default=0.6, help=argparse.SUPPRESS)
    serve.add_argument("--open-socket", action="store_true", help=argparse.SUPPRESS)  # believe any client of the socket: tests, benches
    serve.add_argument("--away-before-give", type=float, default=60.0, help=argparse.SUPPRESS)
    serve.add_argument("--pace-hour", type=float, default=3600.0, help=argparse.SUPPRESS)  # seconds: to try turn-based tables
    serve_commands = serve.add_subparsers(dest="serve_command")
    serve_export = serve_commands.add_parser("export", help="write a table's game as a save file")
    serve_export.add_argument("--data-dir", default=argparse.SUPPRESS, help="the server's data folder")
    serve_export.add_argument("--database", default=argparse.SUPPRESS, metavar="URL", help="the server's PostgreSQL database")
    serve_export.add_argument("table")
    serve_export.add_argument("file")
    serve_check = serve_commands.add_parser("check", help="check the store: is it sound, which tables would be set aside")
    serve_check.add_argument("--data-dir", default=argparse.SUPPRESS, help="the server's data folder")
    serve_check.add_argument("--database", default=argparse.SUPPRESS, metavar="URL", help="the server's PostgreSQL database")
    serve_backup = serve_commands.add_parser("backup", help="copy the store into a new file (safe while the server runs)")
    serve_backup.add_argument("--data-dir", default=argparse.SUPPRESS, help="the server's data folder")
    serve_backup.add_argument("--database", default=argparse.SUPPRESS, metavar="URL", help="the server's PostgreSQL database")
    serve_backup.add_argument("file")
    serve_ratings = serve_commands.add_parser("ratings", help="the players' ratings per game (safe while the server runs)")
    serve_ratings.add_argument("--data-dir", default=argparse.SUPPRESS, help="the server's data folder")
    serve_ratings.add_argument("--database", default=argparse.SUPPRESS, metavar="URL", help="the server's PostgreSQL database")
    serve_ratings.add_argument(
        "--rebuild", action="store_true", help="fold every finished table again, from scratch, and say whether anything changed"
    )
    serve_stats = serve_commands.add_parser("stats", help="the players' history and ratings (safe while the server runs)")
    serve_stats.add_argument("--data-dir", default=argparse.SUPPRESS, help="the server's data folder")
    serve_stats.add_argument("--database", default=argparse.SUPPRESS, metavar="URL", help="the server's PostgreSQL database")
    serve_stats.add_argument("--json", action="store_true", help="everything, as one JSON document (the same bytes for the same history)")
    serve_invite = serve_commands.add_parser("invite", help="print a one-time link that signs a browser in as NAME")
    serve_invite.add_argument("--data-dir", default=argparse.SUPPRESS, help="the server's data folder")
    serve_invite.add_argument("--database", default=argparse.SUPPRESS, metavar="URL", help="the server's PostgreSQL database")
    serve_invite.add_argument("--url", help="the web door's address (default: where the server last listened)")
    serve_invite.add_argument("name")

    remote = commands.add_parser(
        "remote", help="the app as a client of a kobito serve hub (what each SSH session runs)",
        description="Who the player is comes in the environment: KOBITO_IDENTITY (key:SHA256:... or guest), "
        "KOBITO_NAME (the name to suggest; guests are asked), KOBITO_ADDRESS.",
    )  # fmt: skip  # arguments grouped a few a line by meaning
    remote.add_argument("--socket", required=True, help="the hub's Unix socket")
    template = commands.add_parser(
        "session-template", help="the doors' session template: forks a remote app per player (kobito serve starts it)"
    )
    template.add_argument("channel", type=int, help="the door's end of a socket pair (a file descriptor)")

    selfplay = commands.add_parser("selfplay", help="computer against computer: win rates and decision times")
    selfplay.add_argument("--game", choices=game_ids(), default="kobito")
    selfplay.add_argument("--players", default="bot:strong,bot:greedy", help="the bots, e.g. bot:strong,bot:greedy")
    selfplay.add_argument("--games", type=int, default=200)
    selfplay.add_argument("--seed", type=int, default=1)
    selfplay.add_argument("--budget", dest="budget_s", type=float, help="seconds per strong decision (default 0.8)")
    selfplay.add_argument(
        "--iterations",
        type=int,
        metavar="N",
        help="fixed work per hard decision instead of the clock: N Kobito search iterations (Treasure: every path)",
    )
    selfplay.add_argument("--jobs", type=int, default=1, help="games played in parallel processes")
    selfplay.add_argument("--option", "-o", action="append", type=_option, default=[], metavar="NAME=VALUE", help="a rule option")
    selfplay.add_argument("--keep", metavar="DIR", help="write every game as a save file in DIR")
    selfplay.add_argument("--json", action="store_true")
    return parser


def _new_game_arguments(new: argparse.ArgumentParser) -> None:
    """The arguments of a new game (``kobito new``, ``kobito plain new``)."""
    new.add_argument("game", choices=game_ids())
    new.add_argument("--players", default="You,bot", help='e.g. "Ann,Bob,bot:hard" (computer levels: easy, medium, hard)')
    new.add_argument("--seed", type=int, help="a reproducible game, for tests and benchmarks (the seed foretells every deal)")
    new.add_argument("--variant", help="Hide the Treasure: standard, seek or shared")
    new.add_argument("--option", "-o", action="append", type=_option, default=[], metavar="NAME=VALUE", help="a rule option")


def _new_game_options(args: argparse.Namespace) -> dict[str, Any]:
    options = dict(args.option)
    if args.variant:
        variant = args.variant.lower()
        if variant in ("shared", "shared-pawn", "shared_pawn"):
            options["shared_pawn"] = True
        else:
            options["variant"] = variant
    return options


def _check(files: list[str]) -> int:
    from kobito_tui.core.safetext import printable
    from kobito_tui.core.savefile import check
    from kobito_tui.i18n.messages import english_error

    problems = check(files)
    for error in problems:
        print(printable(english_error(error)))  # file names and quoted file contents: no raw escapes
    return 1 if problems else 0


def _bench(args: argparse.Namespace) -> int:
    """Each ``kobito_tui.bench.<what>`` module has ``run(args) -> dict`` and ``report(dict) -> str``."""
    from importlib import import_module

    bench = import_module(f"kobito_tui.bench.{args.what}")
    result = bench.run(args)
    print(json.dumps(result) if args.json else bench.report(result))
    return 0


def _plain(args: argparse.Namespace, folder: Path, new: Any) -> int:
    from kobito_tui.i18n import client_language
    from kobito_tui.plain.lines import ReaderLeft
    from kobito_tui.plain.start import run_plain

    lang = client_language(args.lang, os.environ)
    file = Path(args.file) if args.plain_command != "new" else None
    where = {"load_path": file} if args.plain_command == "load" else {"replay": file} if args.plain_command == "replay" else {"new": new}
    if isinstance(sys.stdout, io.TextIOWrapper):  # a terminal set to another encoding gets "?" for what it cannot show
        sys.stdout.reconfigure(errors="replace")
    try:
        return run_plain(sys.stdin.buffer, sys.stdout, lang, folder, **where)
    except ReaderLeft:  # the reader left (a pipe closed early): the game is saved; nothing more to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def main(argv: list[str] | None = None) -> int:
    quiet_dependencies()  # before a command imports asyncssh, aiohttp, textual…
    args = build_parser().parse_args(argv)
    if args.command == "check":
        return _check(args.files)
    if args.command == "bench":
        return _bench(args)
    if args.command == "analyse":
        from kobito_tui.analysis.command import run
        from kobito_tui.i18n import client_language

        return run(args, args.analyse_lang or client_language(args.lang, os.environ))
    if args.command == "serve":
        from kobito_tui.serve.server import main as serve

        return serve(args)
    if args.command == "remote":
        from kobito_tui.app.remote import run_remote

        return run_remote(Path(args.socket), os.environ)
    if args.command == "session-template":
        from kobito_tui.app.sessions import run_template

        return run_template(args.channel)
    if args.command == "selfplay":
        from kobito_tui.bots import selfplay

        try:
            result = selfplay.run(args)
        except (ValueError, KeyError, OSError) as error:
            from kobito_tui.i18n.messages import english_error

            print(f"kobito: {english_error(error)}", file=sys.stderr)
            return 2
        print(json.dumps(result) if args.json else selfplay.report(result))
        return 0

    from kobito_tui.core.saves import saves_dir

    folder = saves_dir(args.saves_dir)
    start: dict[str, Any] = {}
    if args.command == "new" or args.command == "plain" and args.plain_command == "new":
        from kobito_tui.core.record import new_header, parse_players

        try:
            start["new"] = new_header(args.game, parse_players(args.players), _new_game_options(args), args.seed)
        except (ValueError, KeyError) as error:
            from kobito_tui.i18n.messages import english_error

            print(f"kobito: {english_error(error)}", file=sys.stderr)
            return 2
    elif args.command in ("load", "replay"):
        start[args.command] = Path(args.file)
    elif args.command == "tutorial":
        start["tutorial"] = args.game
    if args.command == "plain":
        return _plain(args, folder, start.get("new"))

    from kobito_tui.app.main import run_app
    from kobito_tui.i18n import client_language

    return run_app(folder, lang=client_language(args.lang, os.environ), **start) or 0


if __name__ == "__main__":
    sys.exit(main())
