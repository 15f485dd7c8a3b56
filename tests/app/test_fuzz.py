"""Random keys, clicks and resizes on every screen: no step may crash the app.

Seeded and reproducible: a failure names the scenario, its seed and the last
steps, so ``run(name, seed, saves)`` replays it.  Each scenario stops after
``STEPS`` steps or ``BUDGET_S`` seconds, whichever comes first.  Saves carry
hostile player names (markup, wide and right-to-left text, the longest name
allowed, and in the browser's folder a terminal escape).  The machine is kept
busy meanwhile (a process burning a core at low priority: most crashes seen by players were
races that only a busy machine shows), and clicks come as Pilot's (each
waited for) and as a terminal sends them (presses and releases queued with
keys, landing on whatever the screen shows by the time they are read).

By hand: ``KOBITO_FUZZ_STEPS=20000 KOBITO_FUZZ_SEED=1,2,3`` runs each scenario
that many steps (no time budget) for each seed, and prints the steps taken.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import random
import subprocess
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path

import pytest
from textual import events
from textual.app import App
from textual.errors import NoWidget
from textual.pilot import OutOfBounds

from kobito_tui.app.games import board_class
from kobito_tui.app.main import files_app
from kobito_tui.core.game import Seat
from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import Record, new_header
from kobito_tui.core.safetext import NAME_MAX_CHARS
from kobito_tui.core.savefile import save
from kobito_tui.games import get_game

# KOBITO_FUZZ_SEED (a list: 1,2,3), KOBITO_FUZZ_SECONDS and KOBITO_FUZZ_STEPS fuzz further
# by hand (the suite keeps the defaults: about a minute and a half on 2 busy cores).
SEEDS = [int(seed) for seed in os.environ.get("KOBITO_FUZZ_SEED", "1").split(",")]
FIXED_STEPS = int(os.environ.get("KOBITO_FUZZ_STEPS", "0"))
BUDGET_S = float(os.environ.get("KOBITO_FUZZ_SECONDS", "2" if not FIXED_STEPS else "1e9"))
STEPS = FIXED_STEPS or (2000 if BUDGET_S <= 4 else 10**9)
MIN_STEPS = 15  # even on a machine so busy that the budget is gone before the first step
STEP_TIMEOUT_S = 20.0  # one step longer than this is a hang
HOSTILE = ("[/]", "x[/b]", "[link=http://a]Eve", "[bold red]Bo", "漢字の名前", "مرحبا", "W" * NAME_MAX_CHARS)
PLAIN = ("Ann", "Bob", "Cy")
# Every key a player might press, except those that quit on purpose (q, ctrl+q, ctrl+c).
KEYS = (
    *"abcdeghijklmnoprstuvwxyz0123456789",
    "up",
    "down",
    "left",
    "right",
    "enter",
    "escape",
    "space",
    "tab",
    "shift+tab",
    "backspace",
    "pageup",
    "pagedown",
    "home",
    "end",
    "f1",
    "f2",
    "f3",
    "ctrl+p",
    "ctrl+s",
    "ctrl+z",
    "ctrl+y",
    "question_mark",
    "plus",
    "minus",
    "ctrl+u",
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


def new(game_id: str, kinds: str, lang: str = "en", level: str = "random", **options) -> Callable[[Path], dict]:
    def start(saves: Path) -> dict:
        players = tuple(seat if not seat.is_bot else Seat(seat.name, "bot", level) for seat in seats(kinds, 7))
        return {"new": new_header(game_id, players, options, seed=7), "lang": lang}

    return start


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
    "statistics": keys("s", folder=HOSTILE),
    "replay-viewer": replay,
    "rules": keys("r"),
    "help": keys("f1"),
    "how-to-play": keys("h"),
    "palette": keys("ctrl+p", folder=PLAIN),
    "kobito-uk-hard": new("kobito", "hbb", lang="uk", level="hard"),
    "kobito-ru": new("kobito", "hb", lang="ru", refill="as-played"),
    "treasure-uk-seek": new("treasure", "hb", lang="uk", variant="seek"),
    "treasure-ru-hard": new("treasure", "hbb", lang="ru", level="hard", shared_pawn=True),
    "lobby": lambda saves: {"remote": None},
    "remote-game": lambda saves: {"remote": "kobito"},
}
REMOTE_NAMES = ("[b]Ann[/b]", "漢字の名前")


class Crash(AssertionError):
    pass


def make_app(start: dict, saves: Path, hub, rng: random.Random) -> App:
    if "remote" not in start:
        return files_app(saves, bot_delay=0, **start)
    from kobito_tui.app.remote import lobby_app

    name = rng.choice(REMOTE_NAMES)  # one key per name: a name is bound to the first key that used it
    key = hashlib.sha256(name.encode()).hexdigest()[:43]
    return lobby_app(hub.socket, f"key:SHA256:{key}", name, saves, lang=rng.choice(("en", "uk")))


async def sit_down(pilot, game_id: str) -> None:
    """In the lobby, a new table with a computer, and this player at its open seat."""
    from textual.widgets import DataTable

    from kobito_tui.app.screens.game import GameScreen
    from kobito_tui.app.screens.lobby import LobbyScreen

    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.is_mounted)
    table = app.home.connection.create(game_id, ["open", "easy"])
    rows = app.screen.query_one("#lobby-tables", DataTable)
    await until(pilot, lambda: any(key.value == table for key in rows.rows))  # among the earlier runs' tables
    rows.move_cursor(row=rows.get_row_index(table))
    await until(pilot, lambda: app.screen.chosen() == table)
    await pilot.press("j")
    await until(pilot, lambda: isinstance(app.screen, GameScreen))


async def until(pilot, test: Callable[[], bool], timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not test():
        if time.monotonic() > deadline:
            raise TimeoutError(f"not there within {timeout} s; the screen is {pilot.app.screen!r}")
        await pilot.pause(0.05)


async def run(name: str, seed: int, saves: Path, steps: int = STEPS, budget_s: float = BUDGET_S, hub=None) -> int:
    """Fuzz scenario ``name``; the number of steps taken.  An app that quits is started again."""
    rng = random.Random(f"{name}/{seed}")
    start = SCENARIOS[name](saves)
    pressed = start.pop("press", ())
    done, history = 0, []
    deadline = time.monotonic() + budget_s

    def more() -> bool:
        return done < steps and (done < MIN_STEPS or time.monotonic() < deadline)

    while more():
        app = make_app(start, saves, hub, rng)
        size = rng.choice(SIZES[:3])
        history.append(f"start {size}")
        try:
            async with app.run_test(size=size) as pilot:
                await pilot.press(*pressed)
                if start.get("remote"):
                    await sit_down(pilot, start["remote"])
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
    if roll < 0.2:
        return "press", rng.choice(KEYS)
    if roll < 0.55:  # keys faster than the app draws, as a held key repeats
        return "burst", tuple(rng.choice(KEYS) for _ in range(rng.randint(2, 8)))
    if roll < 0.7:
        return "click", (rng.randrange(size.width), rng.randrange(size.height))
    if roll < 0.9:  # clicks and keys as a terminal sends them: queued, read when the app gets to them
        return "burst", tuple(
            rng.choice(KEYS) if rng.random() < 0.4 else (rng.randrange(size.width), rng.randrange(size.height))
            for _ in range(rng.randint(2, 6))
        )
    if roll < 0.95:
        return "resize", rng.choice(SIZES)
    return "wait", 0.05


def mouse(kind: type[events.MouseEvent], x: int, y: int) -> events.MouseEvent:
    return kind(None, x, y, 0, 0, 1, False, False, False, screen_x=x, screen_y=y)


async def do(pilot, kind: str, what) -> None:
    if kind == "press":
        await pilot.press(what)
    elif kind == "burst":
        for item in what:
            if isinstance(item, str):
                pilot.app.post_message(events.Key(item, item if len(item) == 1 else None))
            else:  # a press and a release, as the driver posts them (the app makes the click)
                pilot.app.post_message(mouse(events.MouseDown, *item))
                pilot.app.post_message(mouse(events.MouseUp, *item))
        await pilot.pause()
    elif kind == "click":
        try:
            await pilot.click(offset=what)
        except (OutOfBounds, NoWidget):  # Pilot's own check: the window shrank since the spot was picked
            pass
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


@pytest.fixture(scope="module")
def busy():
    """A process burning a core for as long as the fuzz tests run, at the lowest priority: alone it
    fills the idle core, and in a parallel run (where the other workers keep the cores busy) it takes
    only what they leave. At normal priority it took 38 of the suite's 730 CPU seconds from them."""
    burner = subprocess.Popen([sys.executable, "-c", "import os\nos.nice(19)\nwhile True: pass"])
    yield burner
    burner.kill()
    burner.wait(10)


@pytest.fixture(scope="module")
def hub():
    """A `kobito serve` for the lobby and the remote game."""
    from tests.serve.helpers import served

    with served() as server:
        yield server


@pytest.mark.parametrize("name", list(SCENARIOS))
async def test_random_keys_clicks_and_resizes_never_crash(name, saves, real_boards, busy, request):
    remote = "remote" in SCENARIOS[name](saves)
    server = request.getfixturevalue("hub") if remote else None
    total = 0
    for seed in SEEDS:
        steps = await run(name, seed=seed, saves=saves, hub=server)
        assert steps > 0
        total += steps
    assert busy.poll() is None  # the machine was busy all along
    print(f"{name}: {total} steps, 0 internal errors")
