"""Each tutorial played through in the app by keys (one step by a click), and a wrong move
answered by the step's hint rather than played."""

from __future__ import annotations

from app_kobito.conftest import until
from app_kobito.drive import by_clicks, by_keys, press
from app_treasure.pilot import KEYS
from textual.widgets import Static

from kobito_tui.app.log_panel import LogPanel
from kobito_tui.app.main import KobitoApp, files_app
from kobito_tui.app.screens.tutorial import TutorialScreen
from kobito_tui.app.treasure.grid import TileGrid
from kobito_tui.i18n import translator
from kobito_tui.i18n.tutorial import lesson, wrong_move


def tutorial_app(saves, game: str, lang: str = "en") -> KobitoApp:
    return files_app(saves, tutorial=game, bot_delay=0.01, lang=lang)


async def my_turn(pilot) -> TutorialScreen:
    await until(pilot, lambda: isinstance(pilot.app.screen, TutorialScreen) and pilot.app.screen.client.to_move)
    return pilot.app.screen


def lesson_text(screen: TutorialScreen) -> str:
    return str(screen.query_one("#lesson", Static).content)


async def test_the_kobito_tutorial_by_keys_to_its_end(tmp_path):
    app = tutorial_app(tmp_path, "kobito")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await my_turn(pilot)
        steps = screen.lesson.tutorial.steps
        for number, step in enumerate(steps):
            screen = await my_turn(pilot)
            assert screen.lesson.step == step and lesson_text(screen) == lesson(app.t, step.id)
            drive = by_clicks if number == 1 else by_keys  # opening a rainbow by clicks
            await drive(pilot, screen.board, step.example)
            await until(pilot, lambda number=number, screen=screen: screen.lesson.index == number + 1)
        assert screen.lesson.done and lesson_text(screen) == lesson(app.t, "tutorial.kobito.done")
        state = screen.host.session.state
        assert state.won[0] and len(state.penalties[0]) == 1
        screen = await my_turn(pilot)  # the game goes on, every move free now
        events = len(screen.host.session.events)
        await by_keys(pilot, screen.board, screen.client.latest.legal[0])
        await until(pilot, lambda: len(screen.host.session.events) > events)


async def test_a_wrong_move_gets_the_hint_and_enter_plays_the_step(tmp_path):
    app = tutorial_app(tmp_path, "kobito", lang="uk")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await my_turn(pilot)
        events = len(screen.host.session.events)
        await by_keys(pilot, screen.board, {"type": "open", "seat": 0, "cards": ["7b", "8a", "9a"]})  # legal, not asked
        assert len(screen.host.session.events) == events and screen.lesson.index == 0
        hint = wrong_move(translator("uk"))
        assert hint != wrong_move(translator("en"))
        status = str(screen.query_one("#status", Static).content)
        assert status == screen.board.status() and "Enter" in status  # how to play the lit move
        assert any(hint in str(line) for line in screen.query_one("#log", LogPanel).texts)
        assert screen.board.picker.hinted is not None
        await press(pilot, "enter")  # the lit move is the step's
        await until(pilot, lambda: screen.lesson.index == 1)


async def test_the_treasure_tutorial_by_keys_to_a_win(tmp_path):
    app = tutorial_app(tmp_path, "treasure")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await my_turn(pilot)
        await press(pilot, "down")  # a legal step, not the one asked for: the hint's ★ instead
        assert screen.lesson.index == 0 and screen.host.session.state.steps == 0
        assert screen.board._hint == screen.lesson.step.example
        await press(pilot, "enter")  # Enter plays the hinted step
        await until(pilot, lambda: screen.lesson.index == 1)
        steps = screen.lesson.tutorial.steps
        for number, step in enumerate(steps[1:], start=1):
            screen = await my_turn(pilot)
            if number == 1:  # one step by a click on the tile
                grid = screen.board.query_one(TileGrid)
                (pitch_x, pitch_y) = grid.pitch
                await pilot.click(TileGrid, offset=(2 * pitch_x + 1, 1))
            elif step.example["type"] == "step":
                await press(pilot, KEYS[step.example["dir"]][0])
            else:
                await press(pilot, "enter")
            await until(pilot, lambda number=number, screen=screen: screen.lesson.index == number + 1)
        assert screen.host.session.result.winners == [0]


async def test_the_title_screen_offers_each_tutorial(tmp_path):
    app = files_app(tmp_path, bot_delay=0.01)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await pilot.click("#tutorial-treasure")
        screen = await my_turn(pilot)
        assert screen.header.game == "treasure" and screen.host.session.path is None  # a tutorial is not saved
        assert lesson_text(screen) == lesson(app.t, "tutorial.treasure.step")


async def test_the_menu_of_a_tutorial_does_not_say_it_is_saved(tmp_path):
    from textual.widgets import Button

    from kobito_tui.app.screens.menu import MenuScreen

    app = tutorial_app(tmp_path, "treasure", lang="uk")
    async with app.run_test(size=(80, 24)) as pilot:
        await my_turn(pilot)
        await press(pilot, "escape")
        await until(pilot, lambda: isinstance(pilot.app.screen, MenuScreen))
        labels = [str(button.label) for button in pilot.app.screen.query(Button)]
        t = translator("uk")
        assert t("Title screen") in labels and t("Quit") in labels
        assert not any(t("Quit (the game stays saved)") == label for label in labels)
