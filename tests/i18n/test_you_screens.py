"""The screens say "you" to the player at the keys, in their language: a Ukrainian game
with default seats reads «Ви …» with second-person verbs in the log and on the final
screen; a game saved in Russian reads "You …" and "Computer 2" when opened in English."""

from __future__ import annotations

import json
import random

import pytest
from app.conftest import make_app, screen_text, treasure
from app.test_pilot import human_turn, settle

from kobito_tui.app.board import GameBoard
from kobito_tui.app.log_panel import LogPanel
from kobito_tui.app.screens.final import FinalScreen
from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import Record
from kobito_tui.core.savefile import save
from kobito_tui.games import get_game

from .test_you import third_person_after_you


@pytest.fixture
def saves(tmp_path):
    return tmp_path / "saves"


def nearly_won(folder, players: str):
    """A saved treasure game where seat 0's next move wins: ``(path, that move)``."""
    game = get_game("treasure")
    for seed in range(100):
        record, _ = random_game(game, treasure(players, seed=seed), random.Random(seed))
        if record.events[-1].get("seat") == 0 and record.events[-2].get("seat") == 0:
            path = folder / "nearly.jsonl"
            save(path, Record(record.header, record.events[:-1]))
            return path, record.events[-1]
    raise AssertionError("no such game")


def log_lines(app) -> list[str]:
    return [text.plain for text in app.screen.query_one(LogPanel).texts]


async def test_a_uk_game_with_default_seats_says_vy_in_the_log_and_at_the_end(saves, tmp_path):
    path, winning = nearly_won(tmp_path, "You,bot:random")
    app = make_app(saves, load=path, lang="uk")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: human_turn(app))
        log = log_lines(app)
        mine = [line for line in log if line.startswith("Ви ")]
        assert mine and all(not third_person_after_you(line) for line in log), log
        assert any(line.startswith("Комп’ютер 2 ") for line in log) and not any("You" in line for line in log)
        app.screen.board.post_message(GameBoard.MoveChosen(winning))
        await settle(pilot, lambda: isinstance(app.screen, FinalScreen))
        assert str(app.screen.query_one("#final-winner").render()) == "Ви перемагаєте!"
        summary = str(app.screen.query_one("#final-summary").render())
        assert summary.endswith("Ви перемагаєте.") and not third_person_after_you(summary), summary
        text = screen_text(app)
        assert "Ви" in text and "You" not in text and "Computer" not in text


async def test_a_ru_save_opened_in_english_reads_you_and_computer(saves, tmp_path):
    path, _ = nearly_won(tmp_path, "You,bot:random")
    header, *events = path.read_text(encoding="utf-8").splitlines()
    fields = json.loads(header)  # as an older version wrote it in Russian: the default names as text
    fields["seats"] = [{**fields["seats"][0], "name": "Вы"}, {**fields["seats"][1], "name": "Компьютер 2"}]
    path.write_text("\n".join([json.dumps(fields, ensure_ascii=False), *events]) + "\n", encoding="utf-8")
    app = make_app(saves, load=path, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: human_turn(app))
        log = log_lines(app)
        assert any(line.startswith("You ") for line in log) and any(line.startswith("Computer 2 ") for line in log)
        text = screen_text(app)
        assert "Вы" not in text and "Компьютер" not in text and "You" in text


async def test_uk_and_ru_boards_name_keys_colours_and_workshops_in_their_own_letters(saves, tmp_path):
    """Tile letters, workshop labels and key names come from the catalog: no R/Y/P/B/G, W1 or "space"."""
    from app_kobito.conftest import midgame

    for lang, letters, label, space in (("uk", "ЧСЗЖФ", "М1", "пробіл"), ("ru", "КСЗЖФ", "М1", "пробел")):
        app = make_app(saves, new=treasure("Ann,bot:random"), lang=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, lambda app=app: human_turn(app))
            board = [line.split("▏")[0] for line in screen_text(app).splitlines()[1:12]]  # left of the side panel
            tiles = {word for line in board for word in line.split() if len(word) == 1 and word.isupper()}
            assert tiles and tiles <= set(letters), board
        app = make_app(saves, load=midgame(tmp_path), lang=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, lambda app=app: human_turn(app))
            text = screen_text(app)
            assert f"\n{label} " in text and "\nW1 " not in text, text
            assert space in text.splitlines()[-1] and "space" not in text, text


async def test_a_uk_new_game_left_at_its_default_seats_stores_roles_and_reads_you(saves):
    """«Ви» and «Комп’ютер 2» in the name boxes are only defaults: the file stores no names,
    and the game reads "You" / "Computer 2" when opened in English."""
    from kobito_tui.core.savefile import load
    from kobito_tui.core.saves import list_saves

    app = make_app(saves, lang="uk")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await settle(pilot, lambda: app.game_screen() is not None)
        header = app.game_screen().header
    assert [(seat.name, seat.kind) for seat in header.seats] == [("", "human"), ("", "bot")]
    app = make_app(saves, load=list_saves(saves)[0], lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: human_turn(app))
        text = screen_text(app)
    assert "Computer 2" in text and "Комп" not in text and "Ви" not in text
    assert load(list_saves(saves)[0]).header.seats == header.seats
