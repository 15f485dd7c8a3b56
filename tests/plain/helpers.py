"""Playing the line door from a script: bytes in, the text out."""

from __future__ import annotations

import io
from pathlib import Path

from kobito_tui.core.record import new_header, parse_players
from kobito_tui.plain.start import run_plain


def door(
    tmp_path: Path, script: bytes, game: str = "kobito", players: str = "Ann,bot:easy", seed: int = 3, lang: str = "en", **options: object
) -> str:
    """The whole output of a new game played from ``script`` (its lines, then the end of input)."""
    header = new_header(game, parse_players(players), dict(options), seed)
    out = io.StringIO()
    assert run_plain(io.BytesIO(script), out, lang, tmp_path, new=header) == 0
    return out.getvalue()


def lines(*said: str) -> bytes:
    return "".join(line + "\n" for line in said).encode()


def saved(tmp_path: Path) -> Path:
    (path,) = tmp_path.glob("*.jsonl")
    return path
