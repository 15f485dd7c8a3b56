import pytest
from pg import pg_cluster, pg_url  # noqa: F401 - the PostgreSQL fixtures, for the store's and the servers' tests

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
