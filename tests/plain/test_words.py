"""Every kind of move and every state command in words, through random games; typed nonsense at the door."""

from __future__ import annotations

import random

import pytest

from kobito_tui.core.record import new_header, parse_players
from kobito_tui.games import get_game
from kobito_tui.i18n import translator
from kobito_tui.i18n.seats import Seats
from kobito_tui.plain.choices import matching
from kobito_tui.plain.table_words import WORDS
from plain.helpers import door, lines
from plain.test_door import plain_text


@pytest.mark.parametrize(("game_id", "options"), [("kobito", {}), ("treasure", {}), ("treasure", {"shared_pawn": True})])
def test_each_legal_move_has_words_and_its_own_features_find_it(game_id, options):
    game, words, kinds = get_game(game_id), WORDS[game_id], set()
    for seed in range(4):
        header = new_header(game_id, parse_players("Ann,Bob,Cy"), options, seed)
        state, rng = game.new_state(header), random.Random(seed)
        while not game.is_over(state):
            event = game.chance(state, rng)
            if event is None:
                legal, seat = game.legal_moves(state), game.to_act(state)
                view = game.view(state, seat)
                for lang in ("en", "uk"):
                    t = translator(lang)
                    choices = words.choices(t, view, legal)
                    assert {choice.words for choice in choices} and all(choice.words for choice in choices)
                    for choice in choices:  # a move's own features pick it, or moves that read the same
                        assert {found.words for found in matching(choices, choice.features)} >= {choice.words}
                        kinds.add(choice.move["type"])
                    assert words.prompt(t, view)
                    for command in words.commands:
                        assert words.state(command, t, view, Seats(t, header.seats, seat))
                event = rng.choice(legal)
            game.apply(state, event)
    expected = {"kobito": {"play", "open", "extend", "move", "take-kobito", "end-turn"}, "treasure": {"step", "end"}}[game_id]
    assert expected | ({"place"} if options else set()) <= kinds


def test_typed_nonsense_never_stops_the_door(tmp_path):
    rng = random.Random(7)
    vocabulary = "play open add move take end kobito paint left right a b c w1 w2 7 3 12 0 99 on to pot".split()
    vocabulary += "hand pots who moves help rules hint undo board 1 2 5 ліво грати вгору".split()
    said = [" ".join(rng.choice(vocabulary) for _ in range(rng.randint(1, 6))) for _ in range(400)]
    out = door(tmp_path, lines(*said, "quit"), players="Ann,bot:easy")
    plain_text(out)
    assert "Saved in" in "".join(out.splitlines()[-2:])
    assert "moves is a command: say it on a line of its own." in out
