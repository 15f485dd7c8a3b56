"""The saves folder as menus see it: labels for the list, and what Continue resumes."""

from __future__ import annotations

from pathlib import Path

from kobito_tui.core.games import get_game
from kobito_tui.core.savefile import SaveError, load, parse_header
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


def label(path: Path) -> str:
    """``Kobito · Ann, Bob, Computer 3 · 2026-11-30 10:24`` (the file name if unreadable)."""
    try:
        with path.open(encoding="utf-8") as file:
            header = parse_header(file.readline(), str(path))
        title = get_game(header.game).title
    except (OSError, UnicodeDecodeError, SaveError, ImportError):
        return f"{path.name} (unreadable)"
    players = ", ".join(seat.name for seat in header.seats)
    when = header.created.replace("T", " ").rstrip("Z")[:16]
    return f"{title} · {players} · {when}"
