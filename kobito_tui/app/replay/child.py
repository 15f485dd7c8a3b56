"""The analysis child process: a saved record on stdin; on stdout one JSON line per word,
``["progress", done, total]``, then ``["done", report]`` or ``["refused", message id, params]``.
Its stderr is closed off by the parent: nothing of it reaches the player's terminal."""

from __future__ import annotations

import json
import os
import sys

from kobito_tui.analysis.analyse import Unanalysable, analyse
from kobito_tui.core.savefile import loads

FAILED = "analysis.failed"  # any other error: its words are in i18n.messages


def _say(*word: object) -> None:
    sys.stdout.write(json.dumps(word) + "\n")
    sys.stdout.flush()


def main() -> None:
    jobs = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    seat = int(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[2] != "all" else None
    if hasattr(os, "nice"):
        os.nice(5)  # the game played meanwhile comes first
    try:
        record = loads(sys.stdin.read())
        report = analyse(record, jobs=jobs, seat=seat, progress=lambda done, total: _say("progress", done, total))
    except Unanalysable as error:
        _say("refused", error.message.id, error.message.params)
    except Exception:  # noqa: BLE001 - one plain word, no traceback
        _say("refused", FAILED, {})
    else:
        _say("done", report.to_json())


if __name__ == "__main__":
    main()
