"""A test that needs a program this machine lacks skips, saying what to install; in CI (``CI`` set,
where .ci/run installs everything) it fails instead, so nothing is left untested there unnoticed."""

from __future__ import annotations

import os

import pytest


def missing(why: str) -> None:
    """Skip the test for ``why`` (what is missing and how to get it), or fail it in CI."""
    if os.environ.get("CI"):
        pytest.fail(f"{why} (CI is set: .ci/run installs it)")
    pytest.skip(why)
