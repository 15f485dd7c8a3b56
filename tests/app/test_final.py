"""The end of a game: the final screen appears, and shows what the game reveals at the end."""

from __future__ import annotations

import random

import pytest
from textual.widgets import Static

from kobito_tui.app.main import files_app
from kobito_tui.app.result_details import detail_columns
from kobito_tui.app.screens.final import FinalScreen
from kobito_tui.core.game import Seat
from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import new_header, parse_players
from kobito_tui.core.session import Session
from kobito_tui.games import get_game
from kobito_tui.i18n import translator
from kobito_tui.i18n.messages import english
from tests.i18n.screentext import screen_lines

from .conftest import make_app, treasure
from .test_pilot import settle


@pytest.mark.parametrize("bot_delay", [0, 0.01])
async def test_a_game_reaches_the_final_screen_whatever_the_bot_delay(saves, bot_delay):
    from kobito_tui.app.main import files_app

    app = files_app(saves, new=treasure("bot:random,bot:random", turn_limit=2), bot_delay=bot_delay)
    async with app.run_test() as pilot:
        await settle(pilot, lambda: isinstance(app.screen, FinalScreen))
        game = app.game_screen()
        assert game.host.session.over
        assert not game.query_one("#menu").display  # the result gets the whole status line
        assert str(game.query_one("#status").render()) == english(app.screen.result.summary, app.screen.header.seats)


def finished(game_id: str, players: str, seed: int = 2) -> Session:
    header = new_header(game_id, parse_players(players), seed=seed)
    record, _ = random_game(get_game(game_id), header, random.Random(seed))
    return Session(record)


def table_of(screen) -> tuple[list[str], dict[str, list[str]]]:
    """The headings, and each player's row."""
    table = screen.query_one("#final-scores Static", Static).content
    return table.headings, {row[0]: row[1:] for row in table.rows}


async def test_treasure_final_scores_reveal_every_colour(saves):
    session = finished("treasure", "Ann,Bob,Cy")
    colours = session.result.details["colours"]
    app = make_app(saves)
    async with app.run_test() as pilot:
        app.push_screen(FinalScreen(session.result, session.header, session.record))
        await pilot.pause()
        headings, rows = table_of(app.screen)
    assert headings == ["Player", "Colour", ""]
    assert {name: row[0] for name, row in rows.items()} == dict(zip(["Ann", "Bob", "Cy"], colours))
    assert [name for name, row in rows.items() if row[1]] == [["Ann", "Bob", "Cy"][s] for s in session.result.winners]


async def test_kobito_final_scores_show_gold_and_penalties_best_first(saves):
    session = finished("kobito", "Ann,Bob,Cy,Di")
    result = session.result
    app = make_app(saves)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(FinalScreen(session.result, session.header, session.record))
        await pilot.pause()
        headings, rows = table_of(app.screen)
    assert headings == ["Player", "Score", "Gold won", "Penalty cards", ""]
    names = ["Ann", "Bob", "Cy", "Di"]
    for seat, name in enumerate(names):
        gold = " ".join(map(str, result.details["gold"][seat])) or "–"
        assert rows[name][:3] == [str(result.scores[seat]), gold, str(result.details["penalties"][seat])]
    assert [int(row[0]) for row in rows.values()] == sorted(result.scores, reverse=True)


def test_only_per_seat_details_become_columns_under_readable_headings():
    from kobito_tui.core.game import Result

    result = Result(winners=[0], details={"cards_left": [3, 0], "gold": [[5, 2], []], "round": 7, "colours": ["red"]})
    assert detail_columns(translator("en"), result, 2) == [("Cards left", ["3", "0"]), ("Gold won", ["5 2", "–"])]


@pytest.mark.parametrize(
    ("lang", "mine", "theirs", "both"),
    [("en", "You win!", "Computer 2 wins!", "You and Computer 2 win!"),
     ("uk", "Ви перемагаєте!", "Комп’ютер 2 перемагає!", "Ви та Комп’ютер 2 перемагаєте!"),
     ("ru", "Вы побеждаете!", "Компьютер 2 побеждает!", "Вы и Компьютер 2 побеждаете!")],
)  # fmt: skip  # arguments grouped a few a line by meaning
def test_the_headline_says_you_to_the_reader(lang, mine, theirs, both):
    """The reader's own seat wins in the second person, whatever its name; others by name or role."""
    from kobito_tui.i18n.seats import Seats
    from kobito_tui.i18n.words import winners

    t = translator(lang)
    for seats in ([Seat(""), Seat("", "bot", "easy")], [Seat("Ann"), Seat("", "bot", "easy")]):
        who = Seats(t, seats, reader=0)
        assert (winners(t, who, [0]), winners(t, who, [1]), winners(t, who, [0, 1])) == (mine, theirs, both)
    assert winners(t, Seats(t, ["Ann", "Bob"]), [0]).startswith("Ann ")  # nobody's "you": a spectator


LONG_NAMES = [f"Олександра-Костянтинівн{seat}" for seat in range(6)]  # 24 characters, no space to wrap at


def table_words(t, result, names: list[str]) -> set[str]:
    """Every word the table of scores holds: its headings, names, scores and details."""
    texts = [t("Player"), t("Score"), t("★ winner"), *names, *map(str, result.scores or [])]
    for heading, cells in detail_columns(t, result, len(names)):
        texts += [heading, *cells]
    return {word for text in texts for word in text.split()}


@pytest.mark.parametrize("lang", ["en", "uk", "ru", "xx"])
@pytest.mark.parametrize("players", [4, 6])
async def test_the_kobito_final_table_fits_80_columns_whole(saves, lang, players):
    names = LONG_NAMES[:players]
    session = finished("kobito", ",".join(names))
    app = files_app(saves, lang=lang, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(FinalScreen(session.result, session.header, session.record))
        await pilot.pause()
        box = app.screen.query_one("#final-box")
        for widget in box.query("*"):
            assert widget.virtual_size.width <= widget.scrollable_content_region.width, widget  # no sideways scroll
        lines = [line[box.region.x : box.region.right] for line in screen_lines(app)[box.region.y : box.region.bottom]]
        seen = {word for line in lines for word in line.split()}
        missing = table_words(app.t, session.result, names) - seen
        assert not missing, "\n".join([f"cut: {sorted(missing)}", *lines])
        assert box.region.bottom <= 23  # above the footer


def tied_kobito(tie: str, penalties: list[list[int]]) -> Session:
    """A finished Kobito game made to end tied on points (Ann: 3 gold, 1 penalty; Bob: 0 and 0)."""
    session = finished("kobito", "Ann,Bob")
    state = session.state
    state.options = {**state.options, "tie": tie}
    state.won = [[1], []] if penalties[0] else [[], []]  # gold card 1 is worth 3
    state.penalties = penalties
    return session


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
async def test_a_tie_settled_by_the_tie_break_says_so_on_the_final_screen(saves, lang):
    session = tied_kobito("penalties-then-shared", [[5], []])
    result = session.result
    assert result.scores == [0, 0] and result.winners == [1]
    app = files_app(saves, bot_delay=0, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(FinalScreen(result, session.header, session.record))
        await settle(pilot, lambda: isinstance(app.screen, FinalScreen))
        notes = [str(note.content) for note in app.screen.query(".final-note")]
        assert notes == [english(result.notes[0], ["Ann", "Bob"])] if lang == "en" else len(notes) == 1
        assert "Bob" in notes[0] and "Ann" in notes[0]
        if lang != "en":
            assert notes[0] != english(result.notes[0], ["Ann", "Bob"])


def test_no_note_without_a_tie_or_when_ties_are_shared():
    assert tied_kobito("shared", [[5], []]).result.notes == []
    shared = tied_kobito("penalties-then-shared", [[], []]).result  # tied on points and penalties
    assert shared.winners == [0, 1] and english(shared.notes[0], ["Ann", "Bob"]).endswith("the win is shared.")
