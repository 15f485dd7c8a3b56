import pytest
from toygame import TOY

from kobito_tui.core import games


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch):
    """Make the toy game known to the engines' registry for core tests."""
    monkeypatch.setitem(games.REGISTRY, "toy", TOY)
