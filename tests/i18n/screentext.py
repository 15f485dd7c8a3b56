"""The screen as a player reads it, for language tests: rows of text, and what
the pseudo-language shows wrong on them (a cut line, an English word left).

The pseudo-language (``xx``) puts every message in ‹ › with accented letters,
so on a well-translated screen every ‹ has its › and no plain English word is
left but the allowed ones (player names, key names, card labels)."""

from __future__ import annotations

import io
import re
from collections.abc import Iterable

from rich.console import Console
from textual.widgets import Select

WORD = re.compile(r"[A-Za-z]{3,}")
KEYS = {"Esc", "Enter", "Tab", "Space", "Ctrl", "Shift", "ctrl", "esc", "enter", "tab", "space", "shift"}


def screen_lines(app) -> list[str]:
    """The current screen as rows of text (Textual's compositor: tests only)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True, force_terminal=True, legacy_windows=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text().splitlines()


async def new_game_forms(pilot):
    """The new-game form opened with ``n``, then set to each game in turn: yields the game's id."""
    await pilot.press("n")
    await pilot.pause()
    for game_id in ("kobito", "treasure"):
        pilot.app.screen.query_one("#game", Select).value = game_id
        await pilot.pause()
        yield game_id


def pseudo_problems(lines: list[str], allowed: Iterable[str] = ()) -> list[str]:
    """What is wrong on a pseudo-language screen: a message whose › is missing
    (cut), a › without its ‹, and English words not in ``allowed`` (or KEYS)."""
    problems, depth = [], 0
    for row, line in enumerate(lines, 1):
        for char in line:
            if char == "‹":
                depth += 1
            elif char == "›":
                if depth == 0:
                    problems.append(f"row {row}: › without ‹ (the start is cut): {line.strip()}")
                depth = max(0, depth - 1)
        english = [word for word in WORD.findall(line) if word not in KEYS and word not in set(allowed)]
        if english:
            problems.append(f"row {row}: English {english}: {line.strip()}")
    if depth:
        problems.append(f"{depth} message(s) without their › (cut)")
    return problems
