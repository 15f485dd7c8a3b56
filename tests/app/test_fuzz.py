"""Random keys, clicks and resizes on every screen: no step may crash the app.

Seeded and reproducible: a failure names the scenario, its seed and the last
steps, so ``run(SCENARIOS[name], seed, steps)`` replays it.  Each scenario
stops after ``STEPS`` steps or ``BUDGET_S`` seconds, whichever comes first.
Saves carry hostile player names (markup, wide and right-to-left text, the
longest name allowed, and in the browser's folder a terminal escape).
"""

from __future__ import annotations

import asyncio
import os
import random
import time
import traceback
from collections.abc import Callable
from pathlib import Path

import pytest
from textual import events

from kobito_tui.app.board import board_class
from kobito_tui.app.main import KobitoApp
from kobito_tui.core.game import Seat
from kobito_tui.core.games import get_game
from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import Record, new_header
from kobito_tui.core.safetext import NAME_MAX_CHARS
from kobito_tui.core.savefile import save

# KOBITO_FUZZ_SEED and KOBITO_FUZZ_SECONDS fuzz further by hand (the suite keeps the defaults).
SEED = int(os.environ.get("KOBITO_FUZZ_SEED", "1"))
BUDGET_S = float(os.environ.get("KOBITO_FUZZ_SECONDS", "4"))
STEPS = 2000 if BUDGET_S <= 4 else 10**9
MIN_STEPS = 40  # even on a machine so busy that the budget is gone before the first step
STEP_TIMEOUT_S = 20.0  # one step longer than this is a hang
HOSTILE = ("[/]", "x[/b]", "[link=http://a]Eve", "[bold red]Bo", "漢字の名前", "مرحبا", "W" * NAME_MAX_CHARS)
PLAIN = ("Ann", "Bob", "Cy")
# Every key a player might press, except those that quit on purpose (q, ctrl+q, ctrl+c).
KEYS = (
    *"abcdeghijklmnoprstuvwxyz0123456789",
    "up", "down", "left", "right", "enter", "escape", "space", "tab", "shift+tab", "backspace",
    "pageup", "pagedown", "home", "end", "f1", "f2", "f3", "ctrl+p", "ctrl+s", "ctrl+z", "ctrl+y",
    "question_mark", "plus", "minus", "ctrl+u",
)
SIZES = ((80, 24), (90, 30), (160, 50), (79, 23), (60, 20), (120, 40), (100, 24))


def seats(kinds: str, seed: int, names: tuple[str, ...] = HOSTILE) -> tuple[Seat, ...]:
    """Hostile names, one seat per letter of ``kinds``: h human, b a random computer."""
    names = random.Random(seed).sample(names, len(kinds))
    return tuple(Seat(name) if kind == "h" else Seat(name, "bot", "random") for name, kind in zip(names, kinds))


def finished(folder: Path, game_id: str, kinds: str, seed: int, names: tuple[str, ...] = HOSTILE) -> Path:
    header = new_header(game_id, seats(kinds, seed, names), seed=seed)
    record, _ = random_game(get_game(game_id), header, random.Random(seed))
    path = folder / f"{game_id}-{seed}-done.jsonl"
    save(path, record)
    return path


def unfinished(folder: Path, game_id: str, kinds: str, seed: int, names: tuple[str, ...] = HOSTILE) -> Path:
    header = new_header(game_id, seats(kinds, seed, names), seed=seed)
    record, _ = random_game(get_game(game_id), header, random.Random(seed))
    path = folder / f"{game_id}-{seed}-open.jsonl"
    save(path, Record(record.header, record.events[:12]))
    return path


def full_folder(saves: Path, names: tuple[str, ...]) -> None:
    """Saves of both games, finished and not, and files that are not games."""
    saves.mkdir(parents=True, exist_ok=True)
    for seed, game_id in enumerate(("kobito", "treasure", "kobito", "treasure")):
        finished(saves, game_id, "hb", seed, names)
        unfinished(saves, game_id, "hh" if seed % 2 else "hb", seed + 10, names)
    if names is HOSTILE:  # a name with a terminal escape, written as a forged file would hold it
        escaped = unfinished(saves, "kobito", "hb", 99, ("Ann", "Bob"))
        text = escaped.read_text(encoding="utf-8").replace('"Ann"', '"Ann\\u001b]0;pwned\\u0007"', 1)
        escaped.write_text(text, encoding="utf-8")
    (saves / "broken.jsonl").write_text('{"format": 1, "game": "kobito"\n', encoding="utf-8")
    (saves / "empty.jsonl").write_text("", encoding="utf-8")


def new(game_id: str, kinds: str, **options) -> Callable[[Path], dict]:
    return lambda saves: {"new": new_header(game_id, seats(kinds, 7), options, seed=7)}


def keys(*pressed: str, folder: tuple[str, ...] | None = None) -> Callable[[Path], dict]:
    def start(saves: Path) -> dict:
        if folder:
            full_folder(saves, folder)
        return {"press": pressed}

    return start


def replay(saves: Path) -> dict:
    saves.mkdir(parents=True, exist_ok=True)
    return {"replay": finished(saves, "kobito", "hb", 3)}


# name: how the app starts (KobitoApp arguments, plus keys pressed first)
SCENARIOS: dict[str, Callable[[Path], dict]] = {
    "title": keys(),
    "new-game": keys("n"),
    "kobito": new("kobito", "hb"),
    "kobito-three": new("kobito", "hbb", refill="as-played"),
    "treasure": new("treasure", "hb"),
    "treasure-shared-seek": new("treasure", "hbb", variant="seek", shared_pawn=True),
    "curtain": new("kobito", "hh"),
    "curtain-treasure": new("treasure", "hh"),
    "browser": keys("l", folder=HOSTILE),
    "browser-plain-names": keys("l", folder=PLAIN),
    "replay-viewer": replay,
    "rules": keys("r"),
    "help": keys("f1"),
    "how-to-play": keys("h"),
    "palette": keys("ctrl+p", folder=PLAIN),
}


class Crash(AssertionError):
    pass


async def run(name: str, seed: int, saves: Path, steps: int = STEPS, budget_s: float = BUDGET_S) -> int:
    """Fuzz scenario ``name``; the number of steps taken.  An app that quits is started again."""
    rng = random.Random(f"{name}/{seed}")
    start = SCENARIOS[name](saves)
    pressed = start.pop("press", ())
    done, history = 0, []
    deadline = time.monotonic() + budget_s
    def more() -> bool:
        return done < steps and (done < MIN_STEPS or time.monotonic() < deadline)

    while more():
        app = KobitoApp(saves, bot_delay=0, **start)
        size = rng.choice(SIZES[:3])
        history.append(f"start {size}")
        try:
            async with app.run_test(size=size) as pilot:
                await pilot.press(*pressed)
                while more() and app.return_code is None:
                    step = one_step(rng, app.size)
                    history.append(step[0] + " " + repr(step[1]))
                    done += len(step[1]) if step[0] == "burst" else 1
                    await asyncio.wait_for(do(pilot, *step), STEP_TIMEOUT_S)
                    if app._exception is not None:
                        break
                # Keys still queued when run_test tears the app down meet an empty screen stack
                # (and the palette's search worker a removed list): Textual's test harness, not a
                # player's exit (ctrl+q lets queued keys run first). Let them run before leaving.
                if app.return_code is None:
                    await pilot.pause()
                    await pilot.pause()
        except Exception as error:  # what run_test re-raises of the app's crash, or a hang
            raise Crash(report(name, seed, history, error)) from error
        if app._exception is not None or (app.return_code or 0) != 0:
            raise Crash(report(name, seed, history, app._exception or f"exit code {app.return_code}"))
    return done


def one_step(rng: random.Random, size) -> tuple[str, object]:
    roll = rng.random()
    if roll < 0.25:
        return "press", rng.choice(KEYS)
    if roll < 0.7:  # keys faster than the app draws, as a held key repeats
        return "burst", tuple(rng.choice(KEYS) for _ in range(rng.randint(2, 8)))
    if roll < 0.9:
        return "click", (rng.randrange(size.width), rng.randrange(size.height))
    if roll < 0.95:
        return "resize", rng.choice(SIZES)
    return "wait", 0.05


async def do(pilot, kind: str, what) -> None:
    if kind == "press":
        await pilot.press(what)
    elif kind == "burst":
        for key in what:
            pilot.app.post_message(events.Key(key, key if len(key) == 1 else None))
        await pilot.pause()
    elif kind == "click":
        await pilot.click(offset=what)
    elif kind == "resize":
        await pilot.resize_terminal(*what)
        await pilot.pause()
    else:
        await pilot.pause(what)


def report(name: str, seed: int, history: list[str], error: object) -> str:
    last = "\n  ".join(history[-25:])
    return f"scenario {name!r}, seed {seed}, after {len(history)} steps: {error!r}{where(error)}\nlast steps:\n  {last}"


def where(error: object) -> str:
    """The frames of the app and of Textual's widgets the error passed through, innermost last."""
    frames = traceback.extract_tb(error.__traceback__) if isinstance(error, BaseException) else []
    shown = [
        f"{frame.filename.rpartition(part)[2]}:{frame.lineno} {frame.name}"
        for frame in frames
        for part in ("/kobito_tui/", "/site-packages/textual/")
        if part in frame.filename and (part == "/kobito_tui/" or "/widgets/" in frame.filename)
    ]
    return f" in {' > '.join(shown[-3:])}" if shown else ""


@pytest.fixture
def real_boards(monkeypatch):
    monkeypatch.setattr("kobito_tui.app.screens.game.board_class", board_class)


@pytest.mark.parametrize("name", list(SCENARIOS))
async def test_random_keys_clicks_and_resizes_never_crash(name, saves, real_boards):
    steps = await run(name, seed=SEED, saves=saves)
    print(f"{name}: {steps} steps")
    assert steps > 0
