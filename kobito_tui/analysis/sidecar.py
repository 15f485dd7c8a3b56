"""An analysis kept beside its save: ``FILE.analysis.json``.

The sidecar holds reports keyed by the estimator's version
(:func:`~.marks.estimator_version`), the digest of the record (its saved text),
the seat analysed (``"all"`` for every seat) and the seed, so a changed save, or
a changed estimator, is analysed anew.  It is written atomically (a temp file, then a rename); a sidecar
that cannot be read or does not fit is ignored (and replaced on the next store).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Protocol

from kobito_tui.core.atomic import write_atomically
from kobito_tui.core.message import MessageError
from kobito_tui.core.record import Record
from kobito_tui.core.savefile import dumps
from kobito_tui.core.untrusted import depth_and_keys, read_regular

from .analyse import Progress, analyse
from .checked import checked_report, parsed
from .marks import estimator_version
from .report import Report

SUFFIX = ".analysis.json"
MAX_BYTES = 32 * 1024 * 1024  # a sidecar larger than this is not read
MAX_DEPTH = 12  # arrays and objects inside each other: a sidecar holds 8 (a move's list, in a turn, in a report)


def sidecar_path(save: Path | str) -> Path:
    return Path(f"{save}{SUFFIX}")


def digest(record: Record) -> str:
    return hashlib.sha256(dumps(record).encode("utf-8")).hexdigest()


def seat_key(seat: int | None) -> str:
    """The seat analysed, in a key: its number, or "all"."""
    return "all" if seat is None else str(seat)


def estimate_key(seed: int = 0) -> str:
    """Which estimate of a seat's decisions: the seed and the estimator's version."""
    return f"{seed}:{estimator_version()}"


def _key(record: Record, seat: int | None, seed: int) -> str:
    return f"{digest(record)}:{seat_key(seat)}:{estimate_key(seed)}"


def _entries(path: Path) -> dict[str, Any]:
    """The sidecar's reports by key; none if it is not a regular file of JSON within the limits
    (opened as a save is: a FIFO, a device or a link to one is never read)."""
    try:
        data = parsed(read_regular(str(path), MAX_BYTES))
    except (MessageError, ValueError):
        return {}
    entries = data.get("reports") if isinstance(data, dict) else None
    if not isinstance(entries, dict) or depth_and_keys(data)[0] > MAX_DEPTH:  # deeper could not be written back
        return {}
    return entries


def load_cached(save: Path | str, record: Record, *, seat: int | None = None, seed: int = 0) -> Report | None:
    """The stored analysis of ``record`` as it is now, or None (none, another version, unreadable,
    or not an analysis of this record: a sidecar is outside text)."""
    entry = _entries(sidecar_path(save)).get(_key(record, seat, seed))
    try:
        return checked_report(entry, record, seat)
    except ValueError:
        return None


def store(save: Path | str, record: Record, report: Report, *, seat: int | None = None, seed: int = 0) -> None:
    """Keep ``report`` beside ``save`` (other entries for the same record by this estimator stay); raises OSError."""
    path = sidecar_path(save)
    current, version = digest(record), estimator_version()
    entries = {k: v for k, v in _entries(path).items() if k.startswith(current + ":") and k.endswith(":" + version)}
    entries[_key(record, seat, seed)] = report.to_json()
    write_atomically(path, json.dumps({"reports": entries}), prefix=".analysis-")


class Keeper(Protocol):
    """Where a finished game's analyses are kept for a second look: a sidecar, a hub's store."""

    def load(self, record: Record, seat: int | None) -> Report | None:
        """The kept analysis of ``record`` (``seat``'s; None: every seat's), checked against it, or None."""

    def store(self, record: Record, seat: int | None, report: Report) -> None:
        """Keep ``report`` if it can be (if not, the next look analyses anew)."""


class Sidecar:
    """The analyses beside the save at ``path``."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def load(self, record: Record, seat: int | None) -> Report | None:
        return load_cached(self.path, record, seat=seat)

    def store(self, record: Record, seat: int | None, report: Report) -> None:
        try:
            store(self.path, record, report, seat=seat)
        except OSError:
            pass  # a read-only folder: the report is kept for the session all the same


def analyse_cached(
    save: Path | str, record: Record, *, jobs: int = 1, seed: int = 0, seat: int | None = None, progress: Progress | None = None
) -> Report:
    """The kept analysis, or a new one (then kept, if the folder lets it be written)."""
    report = load_cached(save, record, seat=seat, seed=seed)
    if report is None:
        report = analyse(record, jobs=jobs, seed=seed, progress=progress, seat=seat)
        try:
            store(save, record, report, seat=seat, seed=seed)
        except OSError:
            pass  # a read-only folder: the analysis is shown all the same
    return report
