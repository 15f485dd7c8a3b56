"""What Continue resumes: the newest unfinished game in the saves folder."""

from __future__ import annotations

from pathlib import Path

from kobito_tui.core.savefile import SaveError, load
from kobito_tui.core.saves import list_saves
from kobito_tui.core.session import Session


def latest_unfinished(folder: Path) -> Path | None:
    """The most recently saved game that is not over (unreadable files are skipped)."""
    for path in list_saves(folder):
        try:
            record = load(path)
        except SaveError:
            continue
        if not Session(record).over:
            return path
    return None
