"""Every prompt has a length limit, typed or pasted, and a paste takes bounded time."""

from __future__ import annotations

import ast
import time
from pathlib import Path

from textual import events
from textual.widgets import Input

from kobito_tui.app.remote import NameDialog
from kobito_tui.app.screens.new_game import NewGameScreen
from kobito_tui.app.widgets.bounded_input import BoundedInput
from kobito_tui.app.widgets.workarounds import BurstParser
from kobito_tui.core.safetext import NAME_MAX_CHARS

from .conftest import make_app

APP = Path(__file__).resolve().parents[2] / "kobito_tui" / "app"
HUGE = "0123456789" * 10_000  # 100 kB


def test_every_prompt_of_the_app_is_a_bounded_input():
    plain = []
    for path in APP.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Input":
                plain.append(f"{path.name}:{node.lineno}")
    assert plain == []


async def test_a_huge_paste_into_the_name_prompt_is_cut_to_the_limit_at_once(saves):
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(NameDialog("Ann"))
        await pilot.pause()
        field = app.screen.query_one("#name", Input)
        field.focus()
        await pilot.press("end")
        start = time.perf_counter()
        app.screen.query_one("#name", Input).post_message(events.Paste(HUGE))
        await pilot.pause()
        assert time.perf_counter() - start < 1.0
        assert field.value == ("Ann" + HUGE)[:NAME_MAX_CHARS]
        await pilot.press("x", "y")  # typing stops at the limit too
        assert len(field.value) == NAME_MAX_CHARS


async def test_a_paste_takes_its_first_line_and_replaces_a_selection(saves):
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        field = app.screen.query_one("#name-0", BoundedInput)
        field.focus()
        field.select_all()
        field.post_message(events.Paste("Bob\nrm -rf /"))
        await pilot.pause()
        assert field.value == "Bob"
        seed = app.screen.query_one("#seed", BoundedInput)
        seed.focus()
        seed.post_message(events.Paste(HUGE))
        await pilot.pause()
        assert seed.value == HUGE[: seed.max_length] and seed.max_length == 20


def _parse(chunks: list[str]) -> list[events.Event]:
    parser = BurstParser()
    return [event for chunk in chunks for event in parser.feed(chunk)]


def test_text_typed_as_keys_in_a_burst_arrives_as_pastes_in_bounded_time():
    start = time.perf_counter()
    parsed = _parse([HUGE[i : i + 4096] for i in range(0, len(HUGE), 4096)])
    assert time.perf_counter() - start < 0.2  # Textual's own parser: 2.5-5.5 s, one key event per character
    assert all(isinstance(event, events.Paste) for event in parsed)
    assert "".join(event.text for event in parsed) == HUGE


def test_keys_typed_by_a_person_stay_keys():
    parsed = _parse(["ab", "\x1b[A", "c" * 31, "\r"])
    assert [getattr(event, "key", None) for event in parsed] == ["a", "b", "up", *["c"] * 31, "enter"]


def test_a_bracketed_paste_stays_one_paste_even_split_across_reads():
    text = "x" * 100
    parsed = _parse(["\x1b[20", "0~" + text[:50], text[50:] + "\x1b[2", "01~", "q"])
    assert [type(event).__name__ for event in parsed] == ["Paste", "Key"]
    assert parsed[0].text == text


def test_a_run_after_an_escape_is_left_to_the_parser():
    parsed = _parse(["\x1b" + "z" * 40])  # mid-sequence: the parser decides what it is
    assert not any(isinstance(event, events.Paste) for event in parsed)
    assert parsed and all(isinstance(event, events.Key) for event in parsed)
