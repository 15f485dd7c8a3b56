"""Bots are fair: a position that differs only in what the seat cannot see
gets the same decision from a bot with the same seed."""

from __future__ import annotations

import itertools
import random

import pytest

from kobito_tui.bots import make_bot
from kobito_tui.bots.kobito_ismcts import IsmctsBot
from kobito_tui.bots.treasure_search import RoundSearch

from .positions import positions, rehide_kobito, rehide_treasure


def kobito_bot(level: str, seed: int):
    return IsmctsBot(seed, iterations=40) if level == "strong" else make_bot("kobito", level, seed)


def decide(bot, game, header, state, events, seat):
    history = [game.redact(event, seat) for event in events]
    return bot.choose(game, header, game.view(state, seat), game.legal_moves(state), history)


@pytest.mark.parametrize("level", ["random", "greedy", "strong"])
def test_kobito_decisions_ignore_hidden_cards(level):
    checked = differed = 0
    for game, header, state, events in positions("kobito", seed=4, every=15):
        seat = game.to_act(state)
        other = rehide_kobito(state, seat, random.Random(checked))
        assert game.view(other, seat) == game.view(state, seat)
        differed += other.hands != state.hands
        first = decide(kobito_bot(level, 5), game, header, state, events, seat)
        second = decide(kobito_bot(level, 5), game, header, other, events, seat)
        assert first == second
        checked += 1
    assert checked >= 5 and differed >= 3


TABLES = [(2, {}), (4, {}), (2, {"variant": "seek"}), (4, {"variant": "seek"}), (3, {"shared_pawn": True})]


@pytest.fixture
def fewer_layouts(monkeypatch):
    """The strong bot imagines 4 layouts of the unseen tiles in seek, not 32: the same search over fewer
    samples, both decisions alike (one seed), so a peek at the hidden colours still changes the choice;
    32 made seek with 4 players take minutes."""
    monkeypatch.setattr(RoundSearch, "LAYOUTS", 4)


@pytest.mark.parametrize("players, options", TABLES, ids=["2p", "4p", "seek-2p", "seek-4p", "shared-3p"])
@pytest.mark.parametrize("level", ["random", "greedy", "strong"])
def test_treasure_decisions_ignore_other_colours(level, players, options, fewer_layouts):
    checked = 0
    for seed in range(2):
        for game, header, state, events in itertools.islice(positions("treasure", seed, 4 * players, options, players), 4):
            seat = game.to_act(state)
            other = rehide_treasure(state, seat)
            assert game.view(other, seat) == game.view(state, seat)
            assert all(a != b for s, (a, b) in enumerate(zip(state.colour_of, other.colour_of)) if s != seat)
            # Fixed work: the search always completes, so timing cannot change the choice.
            first = decide(make_bot("treasure", level, 5, iterations=1), game, header, state, events, seat)
            second = decide(make_bot("treasure", level, 5, iterations=1), game, header, other, events, seat)
            assert first == second
            checked += 1
    assert checked >= 5
