import pytest

from kobito_tui.core import games
from toygame import TOY


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch):
    """Make the toy game known to the registry for core tests."""
    monkeypatch.setitem(games._MODULES, "toy", "toygame")
    monkeypatch.setattr(games, "GAME_IDS", (*games.GAME_IDS, "toy"))
    import kobito_tui.core.savefile as savefile

    monkeypatch.setattr(savefile, "GAME_IDS", games.GAME_IDS)
    import toygame

    toygame.GAME = TOY
