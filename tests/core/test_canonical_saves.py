"""A save has one canonical form (issue 38): CRLF line ends, and a penalty listed in another order
than the rules list it, are refused with their line and reason, never loaded to be saved otherwise."""

from __future__ import annotations

import json
import random

import pytest

from kobito_tui.cli import main
from kobito_tui.core.game import IllegalEvent
from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import fold, new_header, parse_players
from kobito_tui.core.savefile import SaveError, dumps, load, loads
from kobito_tui.games import get_game
from kobito_tui.i18n import translator
from kobito_tui.i18n.messages import english_error, say

SEED = 0  # a two-player game whose 189th event ends a turn with two penalty cards


def kobito_lines() -> list[str]:
    header = new_header("kobito", parse_players("Ann,Bob"), None, seed=SEED)
    record, _ = random_game(get_game("kobito"), header, random.Random(SEED))
    return dumps(record).splitlines()


def refused(text: str | bytes) -> SaveError:
    with pytest.raises(SaveError) as caught:
        loads(text, "game.jsonl")
    return caught.value


def test_crlf_line_ends_are_refused_at_their_first_line(tmp_path, capsys):
    lines = kobito_lines()
    error = refused("\r\n".join(lines) + "\r\n")
    assert (error.line, error.message.id) == (1, "save.carriage-return")
    assert english_error(error) == "game.jsonl:1: a carriage return (a Windows line end): a save file ends its lines with LF only"
    one = [*lines[:2], lines[2] + "\r", *lines[3:]]  # one line edited on Windows
    assert refused("\n".join(one).encode() + b"\n").line == 3
    assert refused("\n".join(lines[:4]) + "\r\n").line == 4  # the last one
    path = tmp_path / "windows.jsonl"
    path.write_bytes(("\r\n".join(lines) + "\r\n").encode())
    with pytest.raises(SaveError):
        load(path)
    assert main(["check", str(path)]) == 1
    assert capsys.readouterr().out.strip() == f"{path}:1: a carriage return (a Windows line end): a save file ends its lines with LF only"


def test_the_carriage_return_reason_is_translated():
    message = refused("\r\n".join(kobito_lines()) + "\r\n").message
    english = say(translator("en"), message)
    for lang in ("uk", "ru"):
        assert say(translator(lang), message) not in ("", english)


def penalty_line(lines: list[str]) -> int:
    """The index of the first line ending a turn with two penalty cards or more."""
    return next(i for i, line in enumerate(lines) if len(json.loads(line).get("penalty", ())) >= 2)


def test_a_penalty_in_another_order_than_the_legal_moves_is_refused():
    lines = kobito_lines()
    index = penalty_line(lines)
    assert loads("\n".join(lines) + "\n").events[index - 1] == json.loads(lines[index])  # listed as the rules list it: loads
    event = json.loads(lines[index])
    event["penalty"] = event["penalty"][::-1]
    swapped = [*lines[:index], json.dumps(event, separators=(",", ":")), *lines[index + 1 :]]
    error = refused("\n".join(swapped) + "\n")
    assert (error.line, error.message.id) == (index + 1, "kobito.penalty-order")
    assert english_error(error).endswith(f":{index + 1}: list the penalty cards in the order they are in your hand")
    english = say(translator("en"), error.message)
    for lang in ("uk", "ru"):
        assert say(translator(lang), error.message) not in ("", english)


def test_the_rules_refuse_a_penalty_in_another_order_than_their_own():
    """One place: ``apply`` refuses the order ``legal_moves`` does not give, whoever sends it."""
    game = get_game("kobito")
    lines = kobito_lines()
    index = penalty_line(lines)
    record = loads("\n".join(lines) + "\n")
    state = fold(game, record.header, record.events[: index - 1])
    event = record.events[index - 1]
    swapped = {**event, "penalty": event["penalty"][::-1]}
    legal = game.legal_moves(state)
    assert event in legal and swapped not in legal
    with pytest.raises(IllegalEvent) as caught:
        game.apply(state, swapped)
    assert caught.value.message.id == "kobito.penalty-order"
    game.apply(state, event)
