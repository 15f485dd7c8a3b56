import pytest

from kobito_tui.core import games
from toygame import TOY_ENTRY


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch):
    """Make the toy game known to the registry for core tests."""
    monkeypatch.setitem(games.REGISTRY, "toy", TOY_ENTRY)
