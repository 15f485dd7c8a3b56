"""A computer in the app is told nothing hidden: no seed, and no RNG that derives from one."""

from __future__ import annotations

import pytest

import kobito_tui.table.computer as computer
from kobito_tui.bots import make_bot

from .conftest import make_app, treasure
from .test_pilot import settle


@pytest.fixture
def asked(monkeypatch):
    """Every (bot seed, header) a computer of the game screen was made with and asked with."""
    calls: list[tuple[int | None, object]] = []

    class Spy:
        def __init__(self, bot, seed):
            self.bot, self.seed = bot, seed

        def choose(self, game, header, view, legal, history):
            calls.append((self.seed, header))
            return self.bot.choose(game, header, view, legal, history)

    monkeypatch.setattr(computer, "make_bot", lambda game_id, level, seed: Spy(make_bot(game_id, level, seed), seed))
    return calls


@pytest.mark.parametrize("seed", [None, 31])
async def test_the_header_a_computer_receives_has_no_seed(saves, asked, seed):
    app = make_app(saves, new=treasure("bot:random,bot:random", seed=seed))
    async with app.run_test() as pilot:
        await settle(pilot, lambda: len(asked) >= 4)
        assert app.game_screen().host.session.header.seed == seed  # the game keeps its own header
        assert app.game_screen().header.seed is None  # its client is not told it
    assert all(header.seed is None for _, header in asked)
    bot_seeds = {bot_seed for bot_seed, _ in asked}
    assert bot_seeds == {None} if seed is None else len(bot_seeds) == 2 and None not in bot_seeds  # unseeded: from the OS
