import pytest

from .helpers import Server, remove, short_dir


@pytest.fixture
def data_dir():
    folder = short_dir()
    yield folder
    remove(folder)


@pytest.fixture
def server(data_dir):
    running = Server(data_dir / "data")
    yield running
    running.stop()
