"""After an internal error: a private crash.log without local variables, and
a sentence that says what became of the game."""

from __future__ import annotations

import errno
import stat

import pytest

import kobito_tui.core.autosave as autosave

from .conftest import make_app, treasure
from .test_autosave import human_move
from .test_pilot import settle


def boom():
    hidden = ["10f", "4g", "SECRET-CARD"]  # a local the old traceback showed
    raise RuntimeError(f"boom with {len(hidden)} cards")


async def crash(app, until=lambda app: True):
    with pytest.raises(RuntimeError):
        async with app.run_test() as pilot:
            await settle(pilot, lambda: until(app))
            app.call_later(boom)
            await pilot.pause()
            await pilot.pause()


async def test_crash_log_is_private_and_holds_no_local_variables(saves, capsys):
    saves.mkdir(parents=True)
    log = saves / "crash.log"
    log.write_text("an older crash\n")
    log.chmod(0o644)
    app = make_app(saves, new=treasure("Ann,bot", first_player=0))
    await crash(app, lambda app: app.game_screen() is not None)
    assert stat.S_IMODE(log.stat().st_mode) == 0o600
    text = log.read_text()
    assert text.startswith("an older crash\n") and "RuntimeError: boom with 3 cards" in text
    assert "SECRET-CARD" not in text
    err = capsys.readouterr().err
    assert err.strip() == f"kobito stopped after an internal error. Your game is saved: choose Continue. Details: {log}"


async def test_a_new_crash_log_is_private(saves):
    await crash(make_app(saves))
    assert stat.S_IMODE((saves / "crash.log").stat().st_mode) == 0o600


async def test_without_a_game_open_nothing_is_said_about_one(saves, capsys):
    await crash(make_app(saves))
    assert capsys.readouterr().err.strip() == f"kobito stopped after an internal error. Details: {saves / 'crash.log'}"


async def test_a_game_whose_saving_fails_is_not_called_saved(saves, capsys, monkeypatch):
    app = make_app(saves, new=treasure("Ann,bot", first_player=0))

    def full(path, record):
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    async def crash_after_a_move(pilot):
        monkeypatch.setattr(autosave, "save", full)
        await human_move(pilot)
        app.call_later(boom)
        await pilot.pause()
        await pilot.pause()

    with pytest.raises(RuntimeError):
        async with app.run_test() as pilot:
            await crash_after_a_move(pilot)
    err = capsys.readouterr().err
    assert "Your game is saved" not in err
    assert "Your game is not saved: " in err and "move" in err and "No space left on device" in err
