"""A game played over `kobito serve` is analysed as a local one is: the final screen fetches
the whole record from the hub (its players', once the game is over), and the analysis runs in
the session program's own child process, never on the hub's loop; the report is kept in the
hub's store, so the same player's next look (another session, a replay from the lobby) is instant."""

from __future__ import annotations

import json
import random
from functools import partial
from types import SimpleNamespace

from textual.widgets import Button, Static

from kobito_tui.analysis.report import Report
from kobito_tui.analysis.sidecar import estimate_key
from kobito_tui.app.remote import lobby_app
from kobito_tui.app.replay import ReplayScreen, analysing
from kobito_tui.app.replay.chart import ChanceChart
from kobito_tui.app.screens import game as game_screen
from kobito_tui.app.screens.final import FinalScreen
from kobito_tui.app.screens.lobby import ReplaysDialog

from .helpers import KEY_ANN, KEY_BOB, play_until, running_hub
from .test_analysis_kept import connect
from .test_remote_app import at_a_new_table, in_lobby, shown, until

ANALYSED_S = 90.0  # a Hide the Treasure game analysed on one core of a busy machine


async def play_to_the_end(pilot, app) -> None:
    """Her moves, made by the test through her table, until the game is over and its scores show."""
    remote, rng = app.home.remote, random.Random(3)
    while not remote.wait_for(lambda u: True).over:
        update = remote.wait_for(lambda u: u.over or bool(u.legal))
        if update.legal:
            remote.submit(remote.seat, rng.choice(update.legal), update.revision)
        await pilot.pause(0.01)
    await until(pilot, lambda: isinstance(app.screen, FinalScreen))


async def test_a_remote_games_final_screen_fetches_the_record_and_analyses_it_as_a_local_one(data_dir, monkeypatch):
    monkeypatch.setattr(game_screen, "FinalScreen", partial(FinalScreen, analyse_at_once=True))  # as at a terminal
    with running_hub(data_dir / "data") as hub:
        app = lobby_app(hub.socket_path, KEY_ANN, "Ann", data_dir / "saves")
        async with app.run_test(size=(80, 24)) as pilot:
            table = await at_a_new_table(pilot, app)
            await play_to_the_end(pilot, app)
            final = app.screen
            await until(pilot, lambda: final.is_mounted and final.game is not None)
            played = next(screen for screen in app.screen_stack if isinstance(screen, game_screen.GameScreen))
            assert final.record is None and len(final.game.events) == len(played.client.history.events)  # the one history
            assert final.check_action("analyse", ()) and not final.query_one("#analyse", Button).disabled
            assert not final.check_action("save_replay", ()) and not final.query("#save_replay")  # nothing saved here
            line = final.query_one("#final-analysis", Static)
            await until(pilot, lambda: shown(line).startswith("Accuracy: "), timeout=ANALYSED_S)
            assert "Ann " in shown(line) and "Computer 2 " in shown(line)
            await pilot.press("a")
            await until(pilot, lambda: isinstance(app.screen, ReplayScreen) and bool(app.screen.query(ChanceChart)))
            assert app.screen.report is final.analysis.report

            report = final.analysis.report
        kept = hub.store.analysis(table, f"all:{estimate_key()}@{KEY_ANN}")  # handed to the hub by the session program, hers
        assert kept is not None and Report.from_json(json.loads(kept)) == report

        def no_child(*args, **kwargs):
            raise AssertionError("a kept analysis is not made again")

        monkeypatch.setattr(analysing, "subprocess", SimpleNamespace(Popen=no_child))
        again = lobby_app(hub.socket_path, KEY_ANN, "Ann", data_dir / "saves")  # another session, the same player
        async with again.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: in_lobby(again))
            await pilot.press("p")
            await until(pilot, lambda: isinstance(again.screen, ReplaysDialog))
            assert again.screen.tables[0].table == table
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(again.screen, ReplayScreen))
            await pilot.press("a")
            await until(pilot, lambda: bool(again.screen.query(ChanceChart)))
            assert again.screen.report == report
    assert not (data_dir / "saves").exists() or not any((data_dir / "saves").rglob("*.json*"))  # nothing on the host's disk


async def test_a_spectator_of_a_remote_game_is_offered_no_analysis(data_dir):
    """The hub gives a finished table's record to its players only: a spectator's final screen offers none."""
    with running_hub(data_dir / "data") as hub:
        app = lobby_app(hub.socket_path, KEY_ANN, "Ann", data_dir / "saves")
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: in_lobby(app))
            bob = connect(hub, KEY_BOB, "Bob")
            table = bob.create("treasure", ["open", "random"])  # it waits for Bob: still in the lobby's list
            await until(pilot, lambda: app.screen.chosen() == table)
            await pilot.press("w")
            await until(pilot, lambda: app.home.remote is not None and app.home.remote.seat is None)
            play_until([bob.join(table, 0)], random.Random(4), lambda u: u.over)
            await until(pilot, lambda: isinstance(app.screen, FinalScreen), timeout=30)
            final = app.screen
            await until(pilot, lambda: final.is_mounted and not final.query_one("#final-analysis-row").display)
            assert final.game is None and not final.check_action("analyse", ())
            bob.close()
