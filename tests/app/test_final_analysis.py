"""The final screen's analysis: accuracy and the biggest swing, Analyse opening the replay
with the chart, and jumping there to the first mistake by key and by click."""

from __future__ import annotations

from dataclasses import replace

from kobito_tui.app.replay import ReplayScreen
from kobito_tui.app.replay.chart import GUTTER, ChanceChart
from kobito_tui.app.screens.final import FinalScreen
from kobito_tui.core.game import Seat
from kobito_tui.core.record import Record, fold
from tests.replay.conftest import example, hand_report, kept

from .conftest import make_app

MARKS = {3: "mistake", 7: "blunder", 12: "inaccuracy"}


def game():
    record = example("kobito-2-players.jsonl")
    result = record.game.result(fold(record.game, record.header, record.events))
    return record, result


async def test_the_final_screen_shows_accuracy_and_opens_the_analysis_at_the_first_mistake(saves):
    record, result = game()
    report = hand_report(record, MARKS)
    first = report.turns[min(MARKS)]
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        kept(app, record, report)
        await app.push_screen(FinalScreen(result, record.header, record, analyse_at_once=True))
        await pilot.pause()
        words = str(app.screen.query_one("#final-analysis").render())
        assert words.startswith("Accuracy: Ann ") and "\nBiggest swing: " in words
        await pilot.press("a")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.query_one(ChanceChart).display
        await pilot.press("n")  # by key: just after the first marked turn
        await pilot.pause()
        assert screen.cursor.position == first.end
        assert "Mistake." in str(screen.query_one("#replay-verdict").render())
        await pilot.press("home")
        await pilot.pause()
        chart = screen.query_one(ChanceChart)
        column = chart.column(min(MARKS) + 1)  # the point after that turn
        assert await pilot.click(ChanceChart, offset=(GUTTER + column, 2))
        await pilot.pause()
        assert screen.cursor.position == first.end
        await pilot.press("p")  # no marked turn before the first: stays, and says so
        await pilot.pause()
        assert screen.cursor.position == first.end


async def test_analyse_on_an_unfinished_game_is_refused(saves):
    """Against a computer the player's own view of an unfinished game replays, but is not analysed
    (a running game's analysis would tell what the others hold): the analyser's reason is shown."""
    record = example("kobito-2-players.jsonl")
    header = replace(record.header, seats=(record.header.seats[0], Seat("Bob", "bot", "medium")))
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(ReplayScreen(Record(header, record.events[:60])))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.cursor.perspectives == (0,)
        await pilot.press("a")
        await pilot.pause()
        assert not screen.query(ChanceChart) and screen.analysis is None
        assert [n.message for n in app._notifications] == ["the game is not finished: only a finished game is analysed"]


async def test_a_record_the_hub_does_not_give_leaves_analyse_off_and_says_why(saves):
    """A game kept elsewhere (a hub) whose record does not come: Analyse stays off, with the reason."""
    from textual.widgets import Button

    from kobito_tui.table import Refusal

    record, result = game()
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(FinalScreen(result, record.header, fetch=lambda: Refusal("store-away"), analyse_at_once=True))
        await pilot.pause(0.2)
        screen = app.screen
        assert screen.game is None and not screen.check_action("analyse", ()) and screen.query_one("#analyse", Button).disabled
        assert str(screen.query_one("#final-analysis").render()).startswith("Refused: The server cannot read its tables")
        assert not screen.query("#save_replay")
        await pilot.press("a")
        assert app.screen is screen


async def test_an_analysis_that_stops_says_why_on_the_final_screen_not_analysing_without_end(saves):
    from tests.analysis.test_hostile_sidecars import Failing

    record, result = game()
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(FinalScreen(result, record.header, record, keeper=Failing(), analyse_at_once=True))
        line = app.screen.query_one("#final-analysis")
        for _ in range(100):
            await pilot.pause(0.05)
            if "Refused" in str(line.render()):
                break
        assert str(line.render()) == "Refused: the analysis stopped on an internal error"
