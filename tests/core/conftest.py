import pytest

from kobito_tui.core import games
from toygame import TOY


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch):
    """Make the toy game known to the engines' registry for core tests."""
    monkeypatch.setitem(games.REGISTRY, "toy", TOY)
