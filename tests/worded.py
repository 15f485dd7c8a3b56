"""``pytest.raises`` for errors that carry a :class:`~kobito_tui.core.message.Message`: the core
words nothing, so a test that reads the reason reads it as a tool would, in English."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from kobito_tui.i18n.messages import english_error


@contextmanager
def raises_worded(kind: type[BaseException] | tuple[type[BaseException], ...], match: str) -> Iterator[Any]:
    """Like ``pytest.raises(kind, match=match)``, ``match`` searched in the error's English words."""
    with pytest.raises(kind) as caught:
        yield caught
    words = english_error(caught.value)
    assert re.search(match, words), f"{match!r} not in {words!r}"
