"""Computer levels players understand: Easy, Medium, Hard; older names still read."""

import random

import pytest
from worded import raises_worded

from kobito_tui.bots import EasyBot, RandomBot, make_bot
from kobito_tui.bots.kobito_greedy import GreedyBot
from kobito_tui.bots.kobito_ismcts import IsmctsBot
from kobito_tui.bots.registry import COMPUTERS
from kobito_tui.core.levels import LEVELS, canonical
from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import new_header, parse_players
from kobito_tui.games import get_game
from kobito_tui.i18n import translator
from kobito_tui.i18n.words import level_name, seat_kinds

ENGLISH = translator("en")


def test_players_choose_easy_medium_hard():
    assert LEVELS == ("easy", "medium", "hard")
    assert [label for label, _ in seat_kinds(ENGLISH)] == ["Human", "Computer · Easy", "Computer · Medium", "Computer · Hard"]
    assert [seat.level for seat in parse_players("Ann,bot,bot:hard,bot:easy")[1:]] == ["medium", "hard", "easy"]


def test_old_names_still_read_and_name_their_recipe():
    assert canonical("greedy") == "medium" and canonical("strong") == "hard" and canonical("random") == "random"
    assert isinstance(make_bot("kobito", "greedy", 1), GreedyBot)
    assert isinstance(make_bot("kobito", "strong", 1), IsmctsBot)
    assert isinstance(make_bot("kobito", "random", 1), RandomBot)
    assert level_name(ENGLISH, "greedy") == "Medium" and level_name(ENGLISH, "evil") == "?"
    with raises_worded(ValueError, "easy, medium, hard"):
        parse_players("Ann,bot:evil")


@pytest.mark.parametrize("game_id", list(COMPUTERS))
def test_an_easy_computer_plays_legal_moves_and_sometimes_strays_from_medium(game_id):
    game = get_game(game_id)
    header = new_header(game_id, parse_players("bot:easy,bot:medium"), seed=2)
    record, _ = random_game(game, header, random.Random(2))  # a position or two to ask about
    easy = make_bot(game_id, "easy", 5)
    assert isinstance(easy, EasyBot)
    from kobito_tui.core.record import fold

    state = fold(game, header, record.events[:40])
    seat = game.to_act(state)
    legal = game.legal_moves(state)
    history = [game.redact(event, seat) for event in record.events[:40]]
    chosen = [easy.choose(game, header.public(), game.view(state, seat), legal, history) for _ in range(40)]
    assert all(move in legal for move in chosen)
    if len(legal) > 1:
        assert len({str(move) for move in chosen}) > 1
