"""The line door played by a script: whole games, hot seat secrecy, hostile lines, three languages."""

from __future__ import annotations

import re

import pytest

from kobito_tui.core.game import SPECTATOR
from kobito_tui.core.savefile import load
from kobito_tui.i18n import translator
from kobito_tui.i18n.messages import say
from kobito_tui.plain.lines import LINE_MAX, WIDTH
from plain.helpers import door, lines, saved

KOBITO_TURNS = lines(*(["moves", "1", "end"] * 800))
TREASURE_TURNS = lines(*(["moves", "1"] * 3 + ["end"]) * 400)


def plain_text(out: str) -> None:
    """Lines only: no escape or other control character, none wider than the door writes."""
    for line in out.splitlines():
        assert not re.search(r"[\x00-\x1f\x7f-\x9f]", line), repr(line)
        assert len(line) <= WIDTH, line


@pytest.mark.parametrize(
    ("game", "script", "options", "ending"),
    [
        ("kobito", KOBITO_TURNS, {}, r"(winner is|You win|share the win)"),
        ("treasure", TREASURE_TURNS, {"turn_limit": 30}, r"(you win|wins|Draw)"),
        ("treasure", TREASURE_TURNS, {"variant": "seek", "turn_limit": 30}, r"(you win|wins|Draw)"),
        (
            "treasure",
            lines("place top left", *(["moves", "1"] * 3 + ["end"]) * 400),
            {"shared_pawn": True, "turn_limit": 30},
            r"(you win|wins|Draw)",
        ),
    ],
    ids=["kobito", "treasure", "seek", "shared"],
)
def test_a_piped_script_plays_a_whole_game_against_a_computer(tmp_path, game, script, options, ending):
    out = door(tmp_path, script, game, **options)
    plain_text(out)
    assert re.search(ending, out), out[-2000:]
    assert "Saved in" in out.splitlines()[-1]
    assert load(saved(tmp_path)).header.game == game


def test_moves_in_words_are_completed_listed_and_refused_with_why(tmp_path):
    # seed 3: the hand is a paint card, 3, 7, 10 and a kobito; pots A 8, B 3, C 2
    out = door(tmp_path, lines("play 7 on pot b left", "play 9", "play 3", "play 7", "pots", "quit"))
    assert "7 does not fit pot B" in out
    assert "You have no 9 in your hand." in out
    assert "You played 3 on the right end of pot C." in out  # 3 goes in one place only: played
    assert "You played 7 on the left end of pot A." in out
    assert "Pot A: 7 gold, 2 of 8 cards laid: 7, 8;" in out
    out = door(tmp_path, lines("play kobito on a", "2", "end", "quit"))
    assert "1: play a kobito (as 7) on the left end of pot A\n2: play a kobito (as 9) on the right end of pot A\n" in out
    assert "You played a kobito (as 9) on the right end of pot A." in out
    assert "You ended the turn." in out


def test_treasure_steps_in_one_line_and_the_board_row_by_row(tmp_path):
    out = door(tmp_path, lines("board", "where", "up", "right right right end", "undo", "quit"), "treasure")
    assert "Row 1: blue ring (your pawn), green gem, purple key, blue crown, yellow ring." in out
    assert "Row 5: green ring, red key, purple goblet, yellow goblet, yellow key (Computer 2's pawn)." in out
    assert "Your pawn: row 1, column 1, on blue ring." in out
    assert "The board ends there: step another way" in out
    assert "You moved right, right, right — flipped 3 tiles." in out
    assert "Taken back: You moved right, right, right — flipped 3 tiles." in out


def test_a_hint_is_said_and_an_empty_line_plays_it(tmp_path):
    out = door(tmp_path, lines("hint", "", "quit"), "treasure")
    hint = re.search(r"Hint: step (\w+)\. An empty line plays it\.", out)
    assert hint is not None, out
    assert re.search(r"Your turn: step 2 of 3", out)


def _private_lines(path, lang="en") -> dict[int, set[str]]:
    """Each seat's log lines that say what only that seat may know, as the door words them for it."""
    record = load(path)
    game, t = record.game, translator(lang)
    state = game.new_state(record.header)
    private: dict[int, set[str]] = {seat: set() for seat in range(record.header.players)}
    for event in record.events:
        public = game.describe(state, event, SPECTATOR)
        for seat in private:
            mine = game.describe(state, event, seat)
            if mine is not None and (public is None or mine.params != public.params):
                private[seat].add(say(t, mine, record.header.seats, seat))
        game.apply(state, event)
    return private


@pytest.mark.parametrize(("game", "script"), [("kobito", KOBITO_TURNS), ("treasure", TREASURE_TURNS)], ids=["kobito", "treasure"])
def test_hot_seat_shows_a_seat_its_secrets_only_while_it_has_the_keys(tmp_path, game, script):
    handing = b"\n" + script.replace(b"\nend\n", b"\nend\n\n")  # Enter at each hand-over
    out = door(tmp_path, handing, game, "Ann,Bob,bot:easy", seed=5, **({"turn_limit": 20} if game == "treasure" else {}))
    plain_text(out)
    assert re.search(r"(winner is|wins|you win|Draw)", out)
    private = _private_lines(saved(tmp_path))
    secrets = private[0] | private[1]
    parts = re.split(r"^Pass the keys to (Ann|Bob)\..*$", out, flags=re.M)
    turns = list(zip(parts[1::2], parts[2::2], strict=True))
    for name, text in turns:
        own = private[{"Ann": 0, "Bob": 1}[name]]
        leaked = [line for line in text.splitlines() if line in secrets and line not in own]
        assert not leaked, (name, leaked)
    assert len(turns) >= 6
    for seat in (0, 1):  # each hears its own secrets, in its own turns
        assert any(line in out for line in private[seat])
    # the last move of a turn is said at once; only what is secret (a Kobito draw) waits for the next turn
    ending = r"You ended the turn\.\nYour turn is over" if game == "kobito" else r"flipped 3 tiles\.\nPass the keys to"
    assert re.search(ending, out)


def test_hostile_lines_are_refused_with_a_reason(tmp_path):
    script = (
        b"x" * 100_000
        + b"\n"
        + b"\x1b[31mhand\n"
        + b"\xff\xfe hand\n"
        + b"play \x00 7\n"
        + "é".encode() * (LINE_MAX + 1)
        + b"\n"
        + b"hand\nquit\n"
    )
    out = door(tmp_path, script)
    plain_text(out)
    assert out.count("That line is too long (at most 300 characters); nothing was done.") == 2
    assert out.count("That line holds a control character; nothing was done.") == 2
    assert "That line is not UTF-8 text; nothing was done." in out
    assert "Your hand: a paint card, 3, 7, 10, a kobito." in out  # read on after each refusal
    assert "Traceback" not in out
    out = door(tmp_path, lines("frobnicate", "play 7 on zz", "99", "moves", "999", "board"))
    assert "I do not know the word frobnicate" in out
    assert "I do not know the word zz" in out
    assert "Pick a number from 1 to 46." in out
    assert "That command is not for this game" in out


@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_the_door_speaks_the_readers_language_and_takes_english_commands_too(tmp_path, lang):
    t = translator(lang)
    own = t.p("plain command", "hand").split()[0]
    out = door(tmp_path, lines(own, "pots", "play 3", "quit"), lang=lang)
    plain_text(out)
    hand = t("Your hand: {cards}.", cards="").removesuffix(".").strip()
    assert out.count(hand) == 1, out
    assert (
        t(
            "Pot {label}: {gold} gold, {laid} of {length} cards laid: {cards}; the left end takes {left}, the right end {right}.",
            label="A",
            gold=7,
            laid=1,
            length=8,
            cards="8",
            left=7,
            right=9,
        )
        in out
    )
    assert t("You have no {card} in your hand.", card="3") not in out
    assert "Your" not in out and "Pot A" not in out  # nothing left in English
    tr = door(
        tmp_path, lines(t.p("plain command", "board").split()[0], "вгору" if lang == "uk" else "вверх", "quit"), "treasure", lang=lang
    )
    assert t("Row {number}: {tiles}.", number=1, tiles="").removesuffix(".").strip() in tr
    assert t("The board ends there: step another way") in tr
