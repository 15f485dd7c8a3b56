"""Nothing cut at 80×24, in every language: each screen's footer shows every key it
offers whole (its key and all its words), and no line of our words on a screen or a
dialog ends cut ("…", or a line that stops inside a word).

A key a screen drops on purpose (its ``SPARE_KEYS``, when the words do not fit) is not
in the footer at all: F1 lists it, and a button on the screen shows it."""

from __future__ import annotations

import re
import time

import pytest
from rich.text import Text
from serve.helpers import KEY_BOB, served
from textual.binding import Binding
from textual.content import Content
from textual.errors import NoWidget
from textual.screen import Screen
from textual.widgets import Footer, Static

from kobito_tui.app.browser import BrowserScreen
from kobito_tui.app.log_panel import LogPanel
from kobito_tui.app.main import KobitoApp, files_app
from kobito_tui.app.remote import NameDialog, TableDialog, WaitingScreen, lobby_app
from kobito_tui.app.replay import ReplayScreen
from kobito_tui.app.screens.final import FinalScreen
from kobito_tui.app.screens.game import GameScreen
from kobito_tui.app.screens.help import HelpScreen
from kobito_tui.app.screens.how_to_play import HowToPlayScreen
from kobito_tui.app.screens.lobby import LobbyScreen, TableForm
from kobito_tui.app.screens.menu import MenuScreen
from kobito_tui.app.screens.new_game import NewGameScreen
from kobito_tui.app.screens.rules import RulesScreen
from kobito_tui.app.screens.statistics import StatisticsScreen
from kobito_tui.app.screens.title import TitleScreen
from kobito_tui.app.screens.tutorial import TutorialChoice, TutorialScreen
from kobito_tui.core.record import fold, new_header, parse_players
from tests.app.test_statistics import fill, opened
from tests.replay.conftest import example, hand_report, kept

from .screentext import screen_lines

pytestmark = pytest.mark.slow  # every screen in three languages: seconds each

LANGS = ("en", "uk", "ru")
SIZE = (80, 24)
PALETTE_EDGE = "▏"  # the footer's palette key starts here, docked right


def footer_problems(app: KobitoApp, spare: bool = True) -> list[str]:
    """The keys the footer offers that it does not show whole: each key with all its words
    (a group's keys, then the group's words), and the palette's key at the right. A key the
    screen drops as spare is not missed where ``spare`` allows it, but F1 never is. A dialog
    without a footer of its own shows the footer of the screen below: that screen's is read there."""
    screen = app.screen
    if not screen.query(Footer):
        return []
    line = screen_lines(app)[-1]
    with_palette = screen.query_one(Footer).show_command_palette
    keys, _, palette = line.rpartition(PALETTE_EDGE) if with_palette else (line, "", "")
    declared = Screen.active_bindings.fget(screen)  # as bound, before the footer drops spare keys
    shown: list[str] = []
    actions: set[str] = set()
    groups: dict[Binding.Group, list[tuple[str, str]]] = {}  # its keys, each with its own words (shown alone)
    for key, (_, binding, _, _) in screen.active_bindings.items():
        if not declared[key].binding.show or binding.action in actions:
            continue
        actions.add(binding.action)
        words = f"{app.get_key_display(binding)} {binding.description}".rstrip()
        if not binding.show:  # spare: dropped to make room
            if not spare or binding.action == "app.help":
                shown.append(words)
        elif binding.group is None:
            shown.append(words)
        else:
            groups.setdefault(binding.group, []).append((app.get_key_display(binding), words))
    for group, members in groups.items():
        shown.append(f"{''.join(key for key, _ in members)} {group.description}" if len(members) > 1 else members[0][1])
    name = type(screen).__name__
    problems = [f"{name}: the footer does not show «{words}» whole: {line}" for words in shown if words not in keys]
    wanted = f"{app.get_key_display(Binding(app.COMMAND_PALETTE_BINDING, ''))} {app.t('palette')}"
    if with_palette and palette.strip() != wanted:
        problems.append(f"{name}: the palette key is not «{wanted}»: {line}")
    return problems


SPACES = re.compile(r"\s+")


def static_problems(app: KobitoApp, skip: tuple[type, ...] = ()) -> list[str]:
    """The lines of text on the screen that are cut: a Static (a Label, a dialog's line)
    whose words the screen does not show whole in its place. A Static scrolled in a
    container larger than the screen, and the widgets of ``skip`` (boards, tables: they
    cut on purpose and say so), are not read."""
    lines = screen_lines(app)
    problems = []
    for widget in app.screen.query(Static).results(Static):
        if isinstance(widget, skip) or not widget.display or not widget.visible or any(isinstance(a, skip) for a in widget.ancestors):
            continue
        region = widget.content_region
        try:
            placed = app.screen.find_widget(widget)
        except NoWidget:  # not laid out on the screen
            continue
        if not region.area or placed.region.intersection(placed.clip) != placed.region:  # scrolled out of sight in part
            continue
        shown = widget.render()
        if not isinstance(shown, (Content, Text, str)):  # a table or a chart: its own test reads it
            continue
        words = SPACES.sub(" ", shown.plain if isinstance(shown, (Content, Text)) else shown).strip()
        if not words:
            continue
        rows = [line[region.x : region.right] for line in lines[region.y : region.bottom]]
        seen = SPACES.sub(" ", " ".join(rows)).strip()
        if words not in seen and SPACES.sub("", words) not in SPACES.sub("", seen):
            problems.append(f"{type(app.screen).__name__} #{widget.id or type(widget).__name__}: «{words}» shows as «{seen}»")
    return problems


def problems_here(app: KobitoApp, skip: tuple[type, ...] = ()) -> list[str]:
    app.clear_notifications()  # a toast over a line is not the line cut
    return footer_problems(app) + static_problems(app, skip)


def local_app(tmp_path, lang: str, **start) -> KobitoApp:
    saves = tmp_path / "saves"
    saves.mkdir(exist_ok=True)
    return files_app(saves, lang=lang, env={"KOBITO_CONFIG_DIR": str(tmp_path / "config")}, bot_delay=0, **start)


async def settle(pilot, screen_type: type, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not (isinstance(pilot.app.screen, screen_type) and pilot.app.screen.is_mounted):
        if time.monotonic() > deadline:
            raise AssertionError(f"{screen_type.__name__} never came; the screen is {pilot.app.screen!r}")
        await pilot.pause(0.02)
    await pilot.pause()
    await pilot.pause()


async def your_move(pilot, app: KobitoApp) -> None:
    deadline = time.monotonic() + 20
    while not (isinstance(app.screen, GameScreen) and app.screen.client.to_move and str(app.screen.query_one("#status").render())):
        if time.monotonic() > deadline:
            raise AssertionError("the player's turn never came")
        await pilot.pause(0.02)
    await pilot.pause()


def board_widgets(app: KobitoApp) -> tuple[type, ...]:
    """The game's own widgets (the board, the log): they wrap and cut their rows as their tests say."""
    screen = app.screen
    board = getattr(screen, "board", None)
    return (LogPanel, *((type(board),) if board is not None else ()))


@pytest.mark.parametrize("lang", LANGS)
async def test_the_title_and_its_pages_and_dialogs(tmp_path, lang):
    app = local_app(tmp_path, lang)
    found: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, TitleScreen)
        found += problems_here(app)
        for key, screen_type in (
            ("f1", HelpScreen),
            ("r", RulesScreen),
            ("h", HowToPlayScreen),
            ("t", TutorialChoice),
            ("n", NewGameScreen),
            ("s", StatisticsScreen),  # an empty folder, said so
        ):
            await pilot.press(key)
            await settle(pilot, screen_type)
            found += problems_here(app)
            await pilot.press("escape")
            await settle(pilot, TitleScreen)
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("lang", LANGS)
async def test_the_statistics_of_each_player(tmp_path, lang):
    fill(tmp_path / "saves")
    app = local_app(tmp_path, lang)
    found: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, TitleScreen)
        await pilot.press("s")
        screen = await opened(pilot)
        for _ in screen.stats.players():
            found += problems_here(app)
            table = screen.query_one("#stats-table")  # every column in sight: none scrolled off to the right
            found += (
                [f"the table is {table.virtual_size.width} wide"]
                if table.virtual_size.width > table.scrollable_content_region.width
                else []
            )
            await pilot.press("p")
            await pilot.pause()
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", ["kobito", "treasure"])
async def test_a_game_its_menu_and_keys(tmp_path, lang, game_id):
    app = local_app(tmp_path, lang, new=new_header(game_id, parse_players("Ann,bot:random"), seed=3))
    found: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await your_move(pilot, app)
        found += problems_here(app, board_widgets(app))
        found += [f"button {b.id} wraps: {b.label}" for b in app.screen.query("#controls Button") if b.region.height > 1]
        await pilot.press("escape")
        await settle(pilot, MenuScreen)
        found += problems_here(app)
        await pilot.press("escape")
        await your_move(pilot, app)
        await pilot.press("f1")
        await settle(pilot, HelpScreen)
        found += problems_here(app)
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", ["kobito", "treasure"])
async def test_a_tutorial(tmp_path, lang, game_id):
    app = local_app(tmp_path, lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, TitleScreen)
        app.start_tutorial(game_id)
        await settle(pilot, TutorialScreen)
        await pilot.pause(0.1)
        found = problems_here(app, board_widgets(app))
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("lang", LANGS)
async def test_the_final_screen_the_replay_its_analysis_and_the_saved_games(tmp_path, lang):
    record = example("kobito-2-players.jsonl")
    result = record.game.result(fold(record.game, record.header, record.events))
    app = local_app(tmp_path, lang)
    found: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, TitleScreen)
        kept(app, record, hand_report(record, {3: "mistake", 7: "blunder"}))
        await app.push_screen(FinalScreen(result, record.header, record, analyse_at_once=True))
        await settle(pilot, FinalScreen)
        found += footer_problems(app, spare=False) + static_problems(app)  # room for every key: none is spare at 80 columns
        app.pop_screen()
        await app.push_screen(ReplayScreen(record))
        await settle(pilot, ReplayScreen)
        found += problems_here(app, board_widgets(app))
        app.pop_screen()
        await app.push_screen(ReplayScreen(record, analyse=True))
        await settle(pilot, ReplayScreen)
        await pilot.press("n")  # to the first mistake: its verdict (test_the_verdict_of_a_mistake_is_whole)
        await pilot.pause()
        found += problems_here(app, board_widgets(app))
        app.pop_screen()
        await app.push_screen(BrowserScreen(app.home.saves_dir))
        await settle(pilot, BrowserScreen)
        found += footer_problems(app)  # its table cuts long cells with "…" on purpose
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("lang", LANGS)
async def test_the_verdict_of_a_mistake_is_whole(tmp_path, lang):
    record = example("kobito-2-players.jsonl")
    app = local_app(tmp_path, lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, TitleScreen)
        kept(app, record, hand_report(record, {3: "mistake", 7: "blunder"}))  # the blunder's best turn: three moves told
        await app.push_screen(ReplayScreen(record, analyse=True))
        await settle(pilot, ReplayScreen)
        found: list[str] = []
        for mark in range(2):
            await pilot.press("n")
            await pilot.pause()
            found += [problem for problem in static_problems(app, board_widgets(app)) if "#replay-verdict" in problem]
            box = app.screen.query_one("#replay-verdict-box")
            if box.max_scroll_y:  # whole, but scrolled: a Static partly out of sight is not read above
                found.append(f"#replay-verdict-box: {box.max_scroll_y} more rows to scroll to at mark {mark + 1}")
    assert found == [], "\n".join(found)


@pytest.fixture
def hub():
    with served() as server:
        yield server


@pytest.mark.parametrize("lang", LANGS)
async def test_over_a_hub_the_name_box_the_lobby_the_waiting_screen_and_the_table(hub, lang):
    taken = "Bartholomew the Third"
    bob = hub.connect(KEY_BOB, taken)  # the name is Bob's key's
    app = lobby_app(hub.socket, "guest", taken, hub.data_dir.parent / "saves", lang=lang)
    found: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, NameDialog)
        await pilot.press("enter")
        deadline = time.monotonic() + 10
        while not str(app.screen.query_one("#name-error", Static).render()):  # refused: the name box again, saying why
            assert time.monotonic() < deadline, "the name was never refused"
            await pilot.pause(0.05)
        await pilot.pause()
        found += problems_here(app)
        await pilot.press(*"Ann", "enter")
        await settle(pilot, LobbyScreen)
        found += problems_here(app)
        await pilot.press("n")
        await settle(pilot, TableForm)
        found += footer_problems(app)
        app.screen.query_one("#kind-1").value = "human"  # an open seat: the table waits for it
        await pilot.pause()
        await pilot.press("ctrl+s")
        await settle(pilot, WaitingScreen)
        found += problems_here(app)
        await pilot.press("f4")
        await settle(pilot, TableDialog)
        found += problems_here(app)
    bob.close()
    assert found == [], "\n".join(found)
