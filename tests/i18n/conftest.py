from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
"""The checkout: its catalogs, even when the tests import an installed copy."""


@pytest.fixture
def repo() -> Path:
    return REPO
