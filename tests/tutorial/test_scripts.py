"""Each tutorial plays to its end on the engine: every step's move is legal when its turn comes."""

from __future__ import annotations

import pytest

from kobito_tui.core.session import Session
from kobito_tui.tutorial import GAMES, Lesson, ScriptedBot, tutorial


def play_through(game: str) -> tuple[Session, Lesson]:
    script = tutorial(game)
    session, lesson, bot = Session(script.record("You", "Computer")), Lesson(script), ScriptedBot(script.opponent)
    for _ in range(100):
        if lesson.done:
            return session, lesson
        legal = session.legal_moves()
        if session.to_act == 0:
            assert lesson.step.example in legal, lesson.step.id
            move = lesson.step.example
        else:
            move = bot.choose(session.game, session.header.public(), session.view(1), legal, session.events)
            assert move in script.opponent, "the computer left its script"
        session.play(move)
        lesson.follow(session.events)
    raise AssertionError("the tutorial never ended")


@pytest.mark.parametrize("game", GAMES)
def test_every_step_is_reached_and_done(game):
    session, lesson = play_through(game)
    assert lesson.words == tutorial(game).closing
    kinds = {step.example["type"] for step in tutorial(game).steps}
    if game == "kobito":
        assert kinds == {"play", "open", "extend", "move", "take-kobito", "end-turn"}
        state = session.state
        assert state.won[0] and len(state.penalties[0]) == 1  # a pot won, a penalty taken
    else:
        assert session.over and session.result.winners == [0]  # a winning finish
        assert {step.example.get("dir") for step in tutorial(game).steps} >= {"up", "down", "left", "right"}


def test_an_undo_takes_the_lesson_back_a_step():
    script = tutorial("kobito")
    session, lesson = Session(script.record("You", "Computer")), Lesson(script)
    session.play(script.steps[0].example)
    assert lesson.follow(session.events) and lesson.index == 1
    session.undo()
    assert lesson.follow(session.events) and lesson.index == 0


def test_a_move_that_is_not_the_steps_does_not_fit():
    script = tutorial("kobito")
    lesson = Lesson(script)
    assert not lesson.fits({"type": "play", "seat": 0, "card": "4a", "pot": 0, "end": "right"})
    assert lesson.fits(script.steps[0].example)


def test_the_scripted_computer_follows_its_script_back_after_an_undo():
    script = tutorial("kobito")
    session, bot = Session(script.record("You", "Computer")), ScriptedBot(script.opponent)
    for step in script.steps[:3]:  # your first turn
        session.play(step.example)
    reply = bot.choose(session.game, session.header, session.view(1), session.legal_moves(), session.events)
    assert reply == script.opponent[0]
    session.play(reply)
    assert bot.choose(session.game, session.header, None, session.legal_moves(), session.events) == script.opponent[1]
    session.undo()
    assert bot.choose(session.game, session.header, None, session.legal_moves(), session.events) == script.opponent[0]


def test_kobito_tutorial_on_the_command_line():
    from kobito_tui.cli import build_parser

    assert build_parser().parse_args(["tutorial"]).game == "kobito"
    assert build_parser().parse_args(["tutorial", "treasure"]).game == "treasure"
