"""Seat codes: six words from a fixed list of 2048 (66 bits), easy to read aloud and type.

The words are BIP-39's English list (MIT licence, github.com/bitcoin/bips):
common, at most 8 letters, each told apart by its first four.  A code is
written ``apple-river-stone-…``; what a player types back is read loosely
(any case, spaces or dashes between the words).
"""

from __future__ import annotations

import re
import secrets
from functools import cache
from importlib.resources import files

WORDS_IN_CODE = 6
MAX_CODE_CHARS = 80  # six words of at most 8 letters, and room for loose spacing


@cache
def words() -> tuple[str, ...]:
    listed = tuple(files("kobito_tui.serve").joinpath("seatwords.txt").read_text(encoding="ascii").split())
    assert len(listed) == 2048 and len(set(listed)) == 2048
    return listed


def new_code() -> str:
    return "-".join(secrets.choice(words()) for _ in range(WORDS_IN_CODE))


def canonical(typed: str) -> str:
    """``typed`` as a code is stored: lower case, its words joined by dashes (a code from
    before the words, eight hex digits, comes back as it was)."""
    return "-".join(re.findall(r"[a-z0-9]+", typed[:MAX_CODE_CHARS].lower()))
