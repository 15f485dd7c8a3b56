"""Leaving a game, the rule both games share (core.leaving): with two players the other wins; with more the game
plays on and the leaver finishes last; a leave is public, checked, and replays like any event."""

import pytest

from kobito_tui.core.game import IllegalEvent, Seat, places
from kobito_tui.core.leaving import leave_event
from kobito_tui.core.message import Message
from kobito_tui.core.record import fold, new_header, run_chance
from kobito_tui.games import get_game
from kobito_tui.i18n import translator
from kobito_tui.i18n.messages import say

GAMES = ["kobito", "treasure"]


def started(game_id: str, players: int):
    header = new_header(game_id, tuple(Seat(name) for name in ["Ann", "Bob", "Cy", "Di"][:players]), seed=7)
    game, events = get_game(game_id), []
    state = game.new_state(header)
    run_chance(game, header, state, events)
    return game, header, state, events


@pytest.mark.parametrize("game_id", GAMES)
def test_with_two_players_the_one_who_stays_wins(game_id):
    game, header, state, events = started(game_id, 2)
    leaving = leave_event(1 - game.to_act(state))  # out of turn
    game.apply(state, leaving)
    assert game.is_over(state) and game.to_act(state) is None
    result = game.result(state)
    stayer = game.to_act(fold(game, header, events))
    assert result.winners == [stayer] and result.left == [1 - stayer] and result.summary.id == "game.others-left"
    assert places(result, 2)[stayer] == 1
    assert fold(game, header, [*events, leaving]).left == [1 - stayer]  # a record with it replays


@pytest.mark.parametrize("game_id", GAMES)
def test_with_more_the_game_plays_on_and_the_leaver_is_last(game_id):
    game, header, state, events = started(game_id, 3)
    seat = game.to_act(state)
    game.apply(state, leave_event(seat))  # on their own turn: the seat plays on (a stand-in's to play)
    assert not game.is_over(state) and game.to_act(state) == seat and game.legal_moves(state)
    assert game.describe(state, leave_event((seat + 1) % 3), None) == Message("game.left", {"seat": (seat + 1) % 3, "ends": True})


@pytest.mark.parametrize("game_id", GAMES)
def test_a_leave_that_is_not_one_is_refused_and_changes_nothing(game_id):
    game, header, state, events = started(game_id, 3)
    for bad in (leave_event(3), leave_event(-1), {"type": "leave", "player": "0"}, {"type": "leave", "player": 0, "cards": [1]}):
        with pytest.raises(IllegalEvent):
            game.apply(state, bad)
    game.apply(state, leave_event(0))
    with pytest.raises(IllegalEvent, match="not-a-players-seat"):
        game.apply(state, leave_event(0))
    game.apply(state, leave_event(1))
    assert game.is_over(state)
    with pytest.raises(IllegalEvent, match="game.over"):
        game.apply(state, leave_event(2))
    assert game.result(state).winners == [2] and places(game.result(state), 3) == [3, 2, 1]


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_leaving_is_worded_for_each_reader(lang):
    t = translator(lang)
    names = ("Ann", "Bob", "Cy")
    on = say(t, Message("game.left", {"seat": 0, "ends": False}), names, None)
    mine = say(t, Message("game.left", {"seat": 0, "ends": False}), names, 0)
    assert "Ann" in on and "Ann" not in mine and on != mine
    assert say(t, Message("game.others-left", {"seat": 1, "left": [0]}), names, 0).startswith(
        say(t, Message("game.left", {"seat": 0, "ends": True}), names, 0)
    )
    assert "Bob" in say(t, Message("game.others-left", {"seat": 1, "left": [0, 2]}), names, 0)
    assert "Ann" in say(t, Message("game.left-note", {"seats": [0]}), names, 2)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_called_off_ends_as_it_stands_and_who_held_it_up_is_last(game_id):
    game, header, state, events = started(game_id, 3)
    held_up = game.to_act(state)
    game.apply(state, {"type": "called-off", "player": held_up})
    assert game.is_over(state) and game.to_act(state) is None
    result = game.result(state)
    assert result.left == [held_up] and held_up not in result.winners and result.summary.id == "game.called-off"
    assert places(result, 3)[held_up] == 3
    if game_id == "treasure":
        assert result.winners == []  # no points: nobody wins a game ended as it stood
    for lang in ("en", "uk", "ru"):
        words = say(translator(lang), result.summary, ("Ann", "Bob", "Cy"), None)
        assert words and "{" not in words


def test_whoever_left_never_wins_the_best_of_the_others_does():
    from kobito_tui.core.game import Result
    from kobito_tui.core.leaving import amend

    class State:
        names, left, called_off, over = ("A", "B", "C"), [0], False, True

    result = amend(State(), Result([0], [9, 5, 7], Message("kobito.won", {"winners": [0], "score": 9})))
    assert result.winners == [2] and result.summary.id == "game.won-after-leaving" and places(result, 3) == [3, 2, 1]


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("kind", ["leave", "stand-in", "back"])
def test_every_computer_plays_on_with_seat_events_in_its_history(game_id, kind):
    """A stand-in reads the history as its seat saw it, seat events and all: no computer trips on them."""
    from kobito_tui.bots import make_bot
    from kobito_tui.core.leaving import seat_event

    game, header, state, events = started(game_id, 3)
    seat = game.to_act(state)
    event = seat_event(kind, (seat + 1) % 3)
    game.apply(state, event)
    events.append(event)
    history = [game.redact(e, seat) for e in events]
    for level in ("easy", "medium", "hard"):
        bot = make_bot(game_id, level, seed=1, budget_s=0.05, iterations=20)
        assert bot.choose(game, header, game.view(state, seat), game.legal_moves(state), history) in game.legal_moves(state)


def test_a_game_every_player_left_replays_from_the_viewers_seat_only():
    from kobito_tui.core.record import Record
    from kobito_tui.core.replay import ReplayCursor

    game, header, state, events = started("kobito", 4)
    events += [{"type": "leave", "player": 0}, {"type": "leave", "player": 1}]  # both people gone, two computers on
    cursor = ReplayCursor(Record(header, events), viewer=1)
    assert not cursor.over and cursor.perspectives == (1,)  # Bob's own view: never everything, nor Ann's
    assert ReplayCursor(Record(header, events)).perspectives == ()  # nobody's to show without a viewer
