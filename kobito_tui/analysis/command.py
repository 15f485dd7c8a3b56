"""``kobito analyse``: a save's analysis as tables or JSON, or the calibration table.

Bad input (a file that does not load, an unfinished game) is one line on stderr in
the reader's language and exit code 1; the analysis is kept in the save's sidecar.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from kobito_tui.core.message import MessageError
from kobito_tui.core.record import EventError
from kobito_tui.core.safetext import printable
from kobito_tui.core.savefile import SaveError, load
from kobito_tui.i18n.messages import say
from kobito_tui.i18n.translation import translator

from . import quality
from .sidecar import analyse_cached
from .words import document, table


def _progress(done: int, total: int) -> None:
    if sys.stderr.isatty():
        sys.stderr.write(f"\r{done}/{total}" + ("\n" if done == total else ""))
        sys.stderr.flush()


def run(args: Any, lang: str) -> int:
    t = translator(lang)
    if args.calibrate:
        result = quality.calibrate(args.game, args.games, args.jobs, args.seed, args.write, args.held_out)
        print(json.dumps(result) if args.json else quality.report(result))
        return 0
    if args.file is None:
        print(t("kobito analyse: name a save file (or --calibrate)"), file=sys.stderr)
        return 1
    try:
        record = load(args.file)
        report = analyse_cached(args.file, record, jobs=args.jobs, seed=args.seed, progress=_progress)
    except SaveError as error:
        print(f"{printable(error.path)}:{error.line}: {say(t, error.message)}", file=sys.stderr)
        return 1
    except (MessageError, EventError) as error:
        print(f"{printable(args.file)}: {say(t, error.message)}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(document(t, record, report, args.file), ensure_ascii=False))
    else:
        print(table(t, record, report))
    return 0
