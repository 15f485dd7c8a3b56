"""The new-game dialog, the saved-games browser and the replay viewer in the
pseudo-language at 80×24: no message cut, no English left.

Footers and boards are worded elsewhere (app/actions.py, the boards): these
tests read the rows of the screens' own widgets, not those."""

from __future__ import annotations

import os

from textual.widgets import Select

from kobito_tui.app.browser import BrowserScreen
from kobito_tui.app.browser.entries import example_paths
from kobito_tui.app.main import KobitoApp, files_app
from kobito_tui.app.replay import ReplayScreen
from kobito_tui.core.record import Record
from kobito_tui.core.savefile import load, save
from kobito_tui.i18n.messages import english

from .screentext import WORD, new_game_forms, pseudo_problems, screen_lines

EXAMPLES = {path.name: path for path in example_paths()}


def pseudo_app(tmp_path) -> KobitoApp:
    saves = tmp_path / "saves"
    saves.mkdir(exist_ok=True)
    return files_app(saves, bot_delay=0, lang="xx", env={"KOBITO_CONFIG_DIR": str(tmp_path / "config")})


def rows_of(app, *selectors: str) -> list[str]:
    """The screen's rows inside the widgets ``selectors`` (each cut to its region)."""
    lines = screen_lines(app)
    rows = []
    for selector in selectors:
        region = app.screen.query_one(selector).region
        rows += [line[region.x : region.right] for line in lines[region.y : region.bottom]]
    return rows


def cut_on_purpose(rows: list[str]) -> list[str]:
    """A table cell cut with "…" ends its messages there (the preview shows it whole)."""
    closed = []
    for row in rows:
        depth, chars = 0, []
        for char in row:
            depth += {"‹": 1, "›": -1}.get(char, 0)
            chars.append("›" * depth if char == "…" and depth > 0 else char)
            depth = 0 if char == "…" else max(0, depth)
        closed.append("".join(chars))
    return closed


def newest_lines(rows: list[str]) -> list[str]:
    """The log's rows from its first whole line (the oldest line shown may have lost its start)."""
    starts = [number for number, row in enumerate(rows) if row.lstrip().startswith("‹")]
    return rows[starts[0] :] if starts else rows


def english_left(rows: list[str]) -> list[str]:
    """English words on rows of buttons, which the pseudo-language's 40% pushes past
    80 columns (that uk and ru fit: test_the_buttons_fit_in_ukrainian_and_russian)."""
    return [problem for problem in pseudo_problems(rows) if "English" in problem]


def words_of(*texts: str) -> set[str]:
    return {word for text in texts for word in WORD.findall(text)}


async def test_the_new_game_dialog_for_both_games(tmp_path):
    app = pseudo_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        async for _game_id in new_game_forms(pilot):
            rows = screen_lines(app)[:-1]  # the footer is app/actions.py's
            assert any("‹" in row for row in rows)
            assert pseudo_problems(rows) == [], "\n".join(rows)  # no option value left as the engine's key
            offered = [str(prompt) for select in app.screen.query("#options Select").results(Select) for prompt, _value in select._options]
            assert len(offered) > 4 and pseudo_problems(offered) == [], offered  # nor one of the other choices


async def test_a_refused_name_is_in_the_players_language(tmp_path):
    app = pseudo_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#name-0").value = ""
        await pilot.pause()
        app.screen.action_start()
        await pilot.pause()
        rows = rows_of(app, "#form-error")
        assert "‹" in rows[0] and pseudo_problems(rows) == [], rows


def fill(saves) -> set[str]:
    """A finished game, an unfinished one and a broken file; the names and reasons
    from outside they show (file names, players, the broken file's English reason)."""
    record = load(EXAMPLES["kobito-2-players.jsonl"])
    save(saves / "unfinished.jsonl", Record(record.header, record.events[:40]))
    save(saves / "finished.jsonl", load(EXAMPLES["treasure-seek.jsonl"]))
    lines = EXAMPLES["kobito-2-players.jsonl"].read_text().splitlines(keepends=True)
    (saves / "broken.jsonl").write_text("".join(lines[:11]) + '{"type":"end-turn","seat":7}\n')
    for age, name in enumerate(["unfinished", "finished", "broken"]):
        os.utime(saves / f"{name}.jsonl", (1_800_000_000 - age * 60,) * 2)
    outside = [path.stem for path in [*saves.iterdir(), *EXAMPLES.values()]]
    for path in EXAMPLES.values():
        outside += [seat.name for seat in load(path).header.seats]
    return words_of(*outside, "jsonl")


async def test_the_browser_with_a_broken_save(tmp_path):
    app = pseudo_app(tmp_path)
    outside = fill(app.home.saves_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(BrowserScreen(app.home.saves_dir))
        await pilot.pause()
        for _ in range(3):  # unfinished, finished, broken: each one's preview
            body = cut_on_purpose(rows_of(app, "#browser-title", "#browser-table", "#preview-details"))
            reason = english(app.screen.chosen.failure.message) if app.screen.chosen.failure else ""
            assert pseudo_problems(body, outside | words_of(reason)) == [], "\n".join(body)
            assert english_left(rows_of(app, "#browser-controls")) == []
            await pilot.press("down")
            await pilot.pause()


async def test_the_replay_viewer_mid_game(tmp_path):
    app = pseudo_app(tmp_path)
    path = EXAMPLES["kobito-4-players.jsonl"]
    record = load(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(ReplayScreen(record, path))
        await pilot.pause()
        for keys in (["pagedown"] * 9 + ["right"], ["3"], ["space"]):
            await pilot.press(*keys)
            await pilot.pause()
            rows = rows_of(app, "#replay-title", "#replay-position") + newest_lines(rows_of(app, "#replay-log"))
            outside = words_of(path.name, *(seat.name for seat in record.header.seats))
            assert pseudo_problems(rows, outside) == [], "\n".join(rows)
            assert english_left(rows_of(app, "#replay-controls")) == []
