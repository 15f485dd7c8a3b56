"""moves_said: every move a verdict names (played or best) in the reader's words, never data."""

from __future__ import annotations

import pytest
from analysis.cheap import example

from kobito_tui.analysis.decisions import decisions
from kobito_tui.analysis.words import moves_said
from kobito_tui.core.message import Message
from kobito_tui.core.record import fold
from kobito_tui.i18n import translator
from kobito_tui.i18n.messages import say

LANGUAGES = ["en", "uk", "ru"]


def steps(seat: int, *directions: str, end: bool = True) -> tuple[dict, ...]:
    return (*({"type": "step", "seat": seat, "dir": d} for d in directions), *([{"type": "end", "seat": seat}] * end))


def no_data(text: str) -> bool:
    return bool(text) and "{" not in text and "type" not in text and ".;" not in text


# Best lines the analysis named (cheap search) that the rules refuse from some move on.
NAMED = [
    ("treasure-standard", 345, steps(0, "down", "right", "up")),  # wins at its third step: the end is refused
    ("treasure-seek", 11, steps(1, "left")),  # the tile turned up wants its reveal first
    ("treasure-seek", 16, steps(2, "down", "left")),
]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name, start, best", NAMED)
def test_a_treasure_best_line_the_rules_refuse_is_still_worded(lang, name, start, best):
    record = example(name)
    text = moves_said(translator(lang), record, start, best)
    assert no_data(text), text
    english = moves_said(translator("en"), record, start, best)
    assert english.startswith(f"{record.header.name(best[0]['seat'])} moved {best[0]['dir']}")


def test_a_best_line_that_wins_sooner_says_the_win():
    text = moves_said(translator("en"), example("treasure-standard"), 345, NAMED[0][2])
    assert text.startswith("Ann moved down, right, up") and "the winner is Ann" in text


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", ["kobito-2-players", "treasure-standard", "treasure-seek", "treasure-shared-pawn"])
def test_every_decision_played_and_past_its_end_is_worded(lang, name):
    """Each decision as played, and with moves after its end (refused: another's turn) worded alone."""
    record, t = example(name), translator(lang)
    for decision in decisions(record):
        played = tuple(decision.events(record))
        assert no_data(moves_said(t, record, decision.start, played))
        if record.header.game == "treasure":
            assert no_data(moves_said(t, record, decision.start, played + steps(decision.seat, "up", "left")))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hostile_moves_are_never_shown_as_data(lang):
    record, t = example("treasure-shared-pawn"), translator(lang)
    for line in (
        [{"type": "bogus", "seat": 0}],
        [{"type": "step", "seat": 0, "dir": {"type": 1}}],
        [{"type": "place", "seat": 0, "corner": "x"}],
        [{"type": "step", "dir": "up"}],
        [{}],
        [{"type": "place", "seat": 9, "corner": [0, 0]}, {"type": "pass", "seat": 0}],
    ):
        assert no_data(moves_said(t, record, 1, tuple(line))), line


@pytest.mark.parametrize("lang", LANGUAGES)
def test_sentences_are_joined_by_a_space(lang):
    """A turn of several moves: the log's sentences one after another, each with its own full stop."""
    record, t = example("kobito-2-players"), translator(lang)
    decision = next(d for d in decisions(record) if len(d.events(record)) > 1)
    played = tuple(decision.events(record))
    state = fold(record.game, record.header, record.events[: decision.start])
    sentences = []
    for event in played:
        message = record.game.describe(state, event, event["seat"])
        record.game.apply(state, event)
        if message is not None:
            sentences.append(say(t, message, record.header.seats))
    assert len(sentences) > 1
    assert moves_said(t, record, decision.start, played) == " ".join(sentences)
    assert ".;" not in moves_said(t, record, decision.start, played)


def test_a_place_and_a_pass_told_alone():
    record, t = example("treasure-shared-pawn"), translator("en")
    told = moves_said(
        t, record, 1, ({"type": "bogus", "seat": 0}, {"type": "place", "seat": 0, "corner": [0, 0]}, {"type": "pass", "seat": 1})
    )
    place = say(t, Message("treasure.place", {"seat": 0, "corner": [0, 0]}), record.header.seats)
    passed = say(t, Message("treasure.pass", {"seat": 1}), record.header.seats)
    assert told == f"{say(t, Message('analysis.untold-move', {}), ())} {place} {passed}"
